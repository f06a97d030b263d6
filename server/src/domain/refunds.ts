// Refunds move money from the merchant's balance to the customer's balance, at once; in live mode it
// then travels on to the card through the processor (refund-legs.ts).
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { components } from '../generated/openapi.ts';
import { PaymentIntent, Refund } from '../persistence/entities/index.ts';
import { newId } from '../ids.ts';
import { ApiError, notFound } from './errors.ts';
import { recordEvent } from './events.ts';
import { customerAccount, lockBalances, merchantAccount, merchantPending, post } from './ledger.ts';
import { addKobo, koboFromRequest, koboToWire, minKobo, negate, refundable, subtractKobo, type Kobo } from './money.ts';
import { pendingOfPayment } from './balance.ts';
import { REFUND_LEG_QUEUE } from './jobs.ts';
import { processorOf, type PaymentsContext } from './settlement.ts';
import type { Caller } from './merchants.ts';
import { pageOf, type Page, type PageOptions } from './pagination.ts';

/** A refund as the merchant asks for it (`amount` in kobo; the whole remainder when omitted). */
export type CreateRefundInput = components['schemas']['CreateRefundRequest'];

/**
 * Refunds a succeeded payment in full or in part. The intent's row lock serialises refunds of one
 * payment (so they never exceed its amount); the merchant accounts' row locks serialise everything
 * that spends the merchant's balance (so it never goes below zero). A live payment's refund draws
 * first on what is still pending of that payment, then on the available balance. In live mode the
 * money then travels to the card through the processor: a job, queued in this transaction, sends
 * it once the posting has committed (refund-legs.ts).
 */
export async function createRefund(em: EntityManager, ctx: PaymentsContext, caller: Caller, input: CreateRefundInput): Promise<Refund> {
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
    const pendingAccount = merchantPending(caller.livemode, caller.merchant.id);
    const [available, pending] = await lockBalances(tx, [merchant, pendingAccount]);
    const stillPending = intent.livemode && intent.funds_settled_at == null ? minKobo(await pendingOfPayment(tx, intent.id), pending!) : 0n;
    const fromPending = minKobo(amount, stillPending);
    const fromAvailable = subtractKobo(amount, fromPending);
    if (available! < fromAvailable) {
      throw new ApiError(
        'insufficient_balance',
        fromPending === 0n
          ? `Your available balance (${available} kobo) cannot cover this refund of ${amount} kobo; nothing was moved.`
          : `Your available balance (${available} kobo), with what is still pending of this payment (${fromPending} kobo), cannot cover this refund of ${amount} kobo; nothing was moved.`,
      );
    }
    const processor = processorOf(ctx, caller.livemode);
    // Test mode and the sandbox move no card money: the refund is at the card at once.
    const travels = caller.livemode && processor.refunds !== undefined;
    const refund = tx.create(Refund, {
      id: newId('re'),
      merchant_id: caller.merchant.id,
      livemode: caller.livemode,
      payment_intent_id: intent.id,
      amount,
      status: 'succeeded',
      created_at: new Date(),
      destination_status: travels ? 'pending' : 'succeeded',
      processor_refund_id: null,
      destination_sent_at: null,
      destination_failure: null,
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
        { account: merchant, amount: negate(fromAvailable) },
        { account: pendingAccount, amount: negate(fromPending) },
        { account: customerAccount(caller.livemode, caller.merchant.id, intent.customer_email!), amount },
      ],
    });
    await recordEvent(tx, { merchantId: caller.merchant.id, livemode: caller.livemode },
      'refund.succeeded',
      { id: refund.id, payment_intent: intent.id, amount: koboToWire(amount) },
      intent.id,
    );
    if (travels) await ctx.jobs.send(tx, REFUND_LEG_QUEUE, refund.id);
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
      columns: ['id', 'merchant_id', 'livemode', 'payment_intent_id', 'amount', 'status', 'created_at', 'destination_status'],
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
