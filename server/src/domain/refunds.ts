// Refunds move money from the merchant's available balance to the customer's balance, at once.
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { components } from '../generated/openapi.ts';
import { PaymentIntent, Refund } from '../persistence/entities/index.ts';
import { newId } from '../ids.ts';
import { ApiError, notFound } from './errors.ts';
import { recordEvent } from './events.ts';
import { balanceOf, customerAccount, merchantAccount, post } from './ledger.ts';
import { addKobo, koboFromRequest, koboToWire, negate, refundable, type Kobo } from './money.ts';
import type { Caller } from './merchants.ts';
import { pageOf, type Page, type PageOptions } from './pagination.ts';

/** A refund as the merchant asks for it (`amount` in kobo; the whole remainder when omitted). */
export type CreateRefundInput = components['schemas']['CreateRefundRequest'];

/**
 * Refunds a succeeded payment in full or in part. The intent's row lock serialises refunds of one
 * payment (so they never exceed its amount); the merchant account's row lock serialises everything
 * that spends the merchant's balance (so it never goes below zero).
 */
export async function createRefund(em: EntityManager, caller: Caller, input: CreateRefundInput): Promise<Refund> {
  return em.transactional(async (tx) => {
    const intent = await tx.findOne(
      PaymentIntent,
      { id: input.payment_intent, merchant_id: caller.merchant.id, livemode: caller.livemode },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (intent === null) {
      throw new ApiError('resource_missing', `No such payment_intent: '${input.payment_intent}'.`, 'payment_intent');
    }
    if (intent.status !== 'succeeded') {
      throw new ApiError('invalid_request', `This payment has not succeeded (it is ${intent.status}); only a succeeded payment can be refunded.`, 'payment_intent');
    }
    const remaining: Kobo = refundable(intent.amount, intent.amount_refunded);
    if (remaining === 0n) {
      throw new ApiError('invalid_request', 'This payment has already been refunded in full.', 'payment_intent');
    }
    const amount = input.amount === undefined ? remaining : koboFromRequest(input.amount);
    if (amount > remaining) {
      throw new ApiError('invalid_request', `The refund amount (${amount}) is more than what is left to refund (${remaining} kobo).`, 'amount');
    }
    const merchant = merchantAccount(caller.livemode, caller.merchant.id);
    const available = await balanceOf(tx, merchant, { lock: true });
    if (available < amount) {
      throw new ApiError(
        'insufficient_balance',
        `Your available balance (${available} kobo) cannot cover this refund of ${amount} kobo; nothing was moved.`,
      );
    }
    const refund = tx.create(Refund, {
      id: newId('re'),
      merchant_id: caller.merchant.id,
      livemode: caller.livemode,
      payment_intent_id: intent.id,
      amount,
      status: 'succeeded',
      created_at: new Date(),
    });
    intent.amount_refunded = addKobo(intent.amount_refunded, amount);
    await tx.flush();
    await post(tx, {
      livemode: caller.livemode,
      kind: 'refund',
      merchantId: caller.merchant.id,
      param: 'amount',
      paymentIntentId: intent.id,
      refundId: refund.id,
      entries: [
        { account: merchant, amount: negate(amount) },
        { account: customerAccount(caller.livemode, caller.merchant.id, intent.customer_email!), amount },
      ],
    });
    await recordEvent(tx, { merchantId: caller.merchant.id, livemode: caller.livemode },
      'refund.succeeded',
      { id: refund.id, payment_intent: intent.id, amount: koboToWire(amount) },
      intent.id,
    );
    return refund;
  });
}

export async function retrieveRefund(em: EntityManager, caller: Caller, id: string): Promise<Refund> {
  const refund = await em.findOne(Refund, { id, merchant_id: caller.merchant.id, livemode: caller.livemode });
  if (refund === null) throw notFound('refund', id);
  return refund;
}

export async function listRefunds(em: EntityManager, caller: Caller, options: PageOptions & { paymentIntent?: string }): Promise<Page<Refund>> {
  return pageOf(
    em,
    {
      table: 'refunds',
      columns: ['id', 'merchant_id', 'livemode', 'payment_intent_id', 'amount', 'status', 'created_at'],
      fromRow: (row: Record<keyof Refund, string | boolean>) => ({
        ...(row as unknown as Refund),
        amount: BigInt(row.amount as string),
        created_at: new Date(row.created_at as string),
      }),
      merchantId: caller.merchant.id,
      livemode: caller.livemode,
      filters: { payment_intent_id: options.paymentIntent },
      noun: 'refund',
    },
    options,
  );
}
