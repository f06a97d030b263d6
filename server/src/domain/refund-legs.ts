// A live refund's second leg: the money the refund paid to the customer's balance travels on to
// their card through the processor. The refund is sent once, after the refund's posting committed
// (a job queued in that transaction runs this); then it is asked about until the processor says how
// it ended, sooner when its webhook says something happened. A refund the processor fails for good
// returns the money to the merchant's balance (pending, as far as it came from there, while the
// payment is not settled), once, with an event.
//
// Paystack has no idempotency for refunds: what makes "sent once" true is here. Before the request
// goes out, the refund is marked sent (a compare-and-set, committed), so no second worker sends it,
// and a refund marked sent is never sent again: after a lost answer it is looked for at the
// processor (by our id in its merchant note, else by charge and amount); one not there is logged
// for the operator instead of risking a second refund to the card.
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { PaymentAttempt, PaymentIntent, Refund } from '../persistence/entities/index.ts';
import { sql } from '../persistence/sql.ts';
import { recordEvent } from './events.ts';
import { REFUND_LEG_QUEUE } from './jobs.ts';
import { cardNetwork, customerAccount, merchantAccount, merchantPending, post } from './ledger.ts';
import { koboFromDb, koboToWire, negate, subtractKobo } from './money.ts';
import type { RefundState } from './processor/processor.ts';
import { processorOf, type PaymentsContext } from './settlement.ts';

/**
 * Takes a refund's second leg one step on: sends it, or asks how it stands, and applies a final
 * answer. Answers 'pending' while the processor has not finished it (the job asks again later).
 */
export async function advanceRefundLeg(em: EntityManager, ctx: PaymentsContext, refundId: string): Promise<'done' | 'pending'> {
  const refund = await em.fork().findOne(Refund, { id: refundId });
  if (refund === null || refund.destination_status !== 'pending') return 'done';
  const refunds = processorOf(ctx, refund.livemode).refunds;
  if (refunds === undefined) {
    await finishLeg(em, refundId, { outcome: 'succeeded', processorRefundId: '' });
    return 'done';
  }
  let state: RefundState | null = null;
  const sentAt = refund.destination_sent_at ?? null;
  if (refund.processor_refund_id != null) {
    state = await refunds.check(refund.processor_refund_id);
  } else {
    const chargeReference = await chargeReferenceOf(em, refund.payment_intent_id);
    if (sentAt !== null) {
      // Sent before, and the answer never recorded: it is looked for, and never sent again by
      // itself (Paystack would make a second refund). One not found is the operator's to settle.
      const exclude = await otherRefundIds(em, refund);
      state = await refunds.find({ refundId: refund.id, chargeReference, amount: refund.amount, since: sentAt, until: new Date(), exclude });
      if (state === null) {
        if (Date.now() - sentAt.getTime() > ctx.sendLeaseMs) {
          ctx.log?.error(
            { refund: refund.id, reference: chargeReference, sent_at: sentAt.toISOString() },
            "a refund was sent to the processor, its answer was lost, and the processor does not show it: check the processor's dashboard; it is not sent again by itself",
          );
        }
        return 'pending';
      }
    } else {
      if (!(await markSent(em, refund.id))) return 'pending'; // another worker is sending it
      state = await refunds.send({ refundId: refund.id, chargeReference, amount: refund.amount });
    }
    if (state.processorRefundId !== '') {
      await sql(em.fork(), 'update refunds set processor_refund_id = $2 where id = $1 and processor_refund_id is null', [refund.id, state.processorRefundId]);
    }
  }
  if (state.outcome === 'pending') return 'pending';
  await finishLeg(em, refundId, state);
  return 'done';
}

/** The reference the payment's charge has at the processor. */
async function chargeReferenceOf(em: EntityManager, paymentIntentId: string): Promise<string> {
  const attempt = await em.fork().findOneOrFail(PaymentAttempt, { payment_intent_id: paymentIntentId, status: 'succeeded' });
  return attempt.processor_reference!;
}

/** The processor's ids of the payment's other refunds: a refund found by charge and amount is none of them. */
async function otherRefundIds(em: EntityManager, refund: Refund): Promise<string[]> {
  const rows = await sql<{ processor_refund_id: string }>(
    em.fork(),
    'select processor_refund_id from refunds where payment_intent_id = $1 and id <> $2 and processor_refund_id is not null',
    [refund.payment_intent_id, refund.id],
  );
  return rows.map((row) => row.processor_refund_id);
}

/** Marks the refund sent, unless another worker has; answers whether this one may send it. */
async function markSent(em: EntityManager, refundId: string): Promise<boolean> {
  const rows = await sql(
    em.fork(),
    `update refunds set destination_sent_at = clock_timestamp()
      where id = $1 and destination_status = 'pending' and processor_refund_id is null and destination_sent_at is null
      returning 1`,
    [refundId],
  );
  return rows.length === 1;
}

/** Applies the processor's final word on a refund's second leg, once. */
async function finishLeg(em: EntityManager, refundId: string, state: RefundState): Promise<void> {
  await em.transactional(async (tx) => {
    const found = await tx.findOneOrFail(Refund, { id: refundId });
    // The intent first, as a refund takes them: its events' sequence is kept on it.
    const intent = await tx.findOneOrFail(PaymentIntent, { id: found.payment_intent_id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    const refund = await tx.findOneOrFail(Refund, { id: refundId }, { refresh: true, lockMode: LockMode.PESSIMISTIC_WRITE });
    if (refund.destination_status !== 'pending') return;
    const scope = { merchantId: refund.merchant_id, livemode: refund.livemode };
    const customer = customerAccount(refund.livemode, refund.merchant_id, intent.customer_email!);
    if (state.outcome === 'succeeded') {
      refund.destination_status = 'succeeded';
      await tx.flush();
      // The money has left the customer's balance with us for their card.
      await post(tx, {
        livemode: refund.livemode,
        kind: 'refund_paid',
        merchantId: refund.merchant_id,
        paymentIntentId: intent.id,
        refundId: refund.id,
        entries: [
          { account: customer, amount: negate(refund.amount) },
          { account: cardNetwork(refund.livemode, refund.merchant_id), amount: refund.amount },
        ],
      });
      await recordEvent(tx, scope, 'refund.destination_succeeded', { id: refund.id, payment_intent: intent.id, amount: koboToWire(refund.amount), destination_status: 'succeeded' }, intent.id);
      return;
    }
    refund.destination_status = 'failed';
    refund.destination_failure = state.reason ?? 'the processor failed the refund';
    // The customer was not paid: what is left to refund of the payment grows back by it.
    intent.amount_refunded = subtractKobo(intent.amount_refunded, refund.amount);
    await tx.flush();
    // The money goes back where it came from: what the refund drew from the payment's pending share
    // goes back to pending while the payment is not settled (so that it cannot be paid out before
    // the processor has settled it), the rest to available.
    const [drew] = await sql<{ pending: string }>(
      tx,
      `select coalesce(-sum(e.amount), 0)::text as pending
         from ledger_transactions t
         join ledger_entries e on e.transaction_id = t.id
         join ledger_accounts a on a.id = e.account_id and a.kind = 'merchant_pending'
        where t.refund_id = $1 and t.kind = 'refund'`,
      [refund.id],
    );
    const backToPending = intent.funds_settled_at == null ? koboFromDb(drew?.pending ?? 0) : 0n;
    await post(tx, {
      livemode: refund.livemode,
      kind: 'refund_failed',
      merchantId: refund.merchant_id,
      paymentIntentId: intent.id,
      refundId: refund.id,
      entries: [
        { account: customer, amount: negate(refund.amount) },
        { account: merchantPending(refund.livemode, refund.merchant_id), amount: backToPending },
        { account: merchantAccount(refund.livemode, refund.merchant_id), amount: subtractKobo(refund.amount, backToPending) },
      ],
    });
    await recordEvent(tx, scope, 'refund.destination_failed', { id: refund.id, payment_intent: intent.id, amount: koboToWire(refund.amount), destination_status: 'failed' }, intent.id);
  });
}

/** The processor says something happened to refunds of this charge (its webhook): each still pending is asked about now. */
export async function askAboutRefundsNow(em: EntityManager, ctx: PaymentsContext, processor: string, chargeReference: string): Promise<number> {
  const rows = await sql<{ id: string }>(
    em,
    `select r.id from refunds r
       join payment_attempts a on a.payment_intent_id = r.payment_intent_id and a.status = 'succeeded'
      where a.processor = $1 and a.processor_reference = $2 and r.destination_status = 'pending'`,
    [processor, chargeReference],
  );
  for (const row of rows) await ctx.jobs.send(em, REFUND_LEG_QUEUE, row.id);
  return rows.length;
}

/** Refunds still on their way to the card after `minutes`: their jobs may have run out of tries. Queued again. */
export async function requeueUnfinishedRefunds(em: EntityManager, ctx: PaymentsContext, minutes: number, limit: number): Promise<number> {
  const rows = await sql<{ id: string }>(
    em,
    `select id from refunds where destination_status = 'pending' and created_at < now() - make_interval(mins => $1) order by created_at limit $2`,
    [minutes, limit],
  );
  for (const row of rows) await ctx.jobs.send(em, REFUND_LEG_QUEUE, row.id);
  return rows.length;
}
