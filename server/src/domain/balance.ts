import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiError } from './errors.ts';
import { balanceOf, cardNetwork, merchantAccount, post } from './ledger.ts';
import { koboFromRequest, negate, type Kobo } from './money.ts';
import type { Caller } from './merchants.ts';

/** The caller's available balance in its mode. */
export async function availableBalance(em: EntityManager, caller: Caller): Promise<Kobo> {
  return balanceOf(em, merchantAccount(caller.livemode, caller.merchant.id));
}

/** Test mode only: adds funds to the merchant's test balance (from the card network, like a payment). */
export async function topUp(em: EntityManager, caller: Caller, amount: number): Promise<Kobo> {
  if (caller.livemode) {
    // Live money only arrives by real payments: in live mode this endpoint does not exist.
    throw new ApiError('resource_missing', 'Test helpers exist only in test mode; use a test secret key.');
  }
  return em.transactional(async (tx) => {
    const kobo = koboFromRequest(amount);
    const account = merchantAccount(false, caller.merchant.id);
    await post(tx, {
      livemode: false,
      kind: 'top_up',
      merchantId: caller.merchant.id,
      entries: [
        { account: cardNetwork(false, caller.merchant.id), amount: negate(kobo) },
        { account, amount: kobo },
      ],
    });
    return balanceOf(tx, account);
  });
}
