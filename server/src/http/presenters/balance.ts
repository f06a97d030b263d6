import type { components } from '../../generated/openapi.ts';
import type { BalanceEntry } from '../../domain/balance.ts';
import { koboToWire, type Kobo } from '../../domain/money.ts';

export function presentBalance(livemode: boolean, balance: { available: Kobo; pending: Kobo; inTransit: Kobo }): components['schemas']['Balance'] {
  return { livemode, currency: 'NGN', available: koboToWire(balance.available), pending: koboToWire(balance.pending), in_transit: koboToWire(balance.inTransit) };
}

type EntryType = components['schemas']['BalanceEntry']['type'];

export function presentBalanceEntry(entry: BalanceEntry): components['schemas']['BalanceEntry'] {
  // A payout paid (in transit to the bank) and a refund paid (the customer's balance to the card)
  // never touch the available balance.
  if (entry.type === 'payout_paid' || entry.type === 'refund_paid') throw new Error(`ledger entry ${entry.id} is not one of the available balance`);
  return {
    id: entry.id,
    type: entry.type satisfies EntryType,
    amount: koboToWire(entry.amount),
    fee: koboToWire(entry.fee),
    balance_after: koboToWire(entry.balanceAfter),
    payment_intent: entry.paymentIntentId,
    refund: entry.refundId,
    payout: entry.payoutId,
    created_at: entry.createdAt.toISOString(),
  };
}
