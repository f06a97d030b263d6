// Settlement: what the processor's final word on an attempt changes. A success takes the fee and
// credits the merchant in the ledger, a failure records why; either way the intent's event is
// written in the same transaction. Attempts the processor left processing are settled later by
// the reconciler (jobs/payment-completion.ts), which asks the processor outside any transaction.
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { PaymentAttempt, PaymentIntent } from '../persistence/entities/index.ts';
import { sql } from '../persistence/sql.ts';
import { recordEvent } from './events.ts';
import { countFailedAttempts, recordLateFailure, type FailedAttemptLimits } from './failed-attempts.ts';
import { cancelOpenIntent } from './payment-intents.ts';
import { BalanceLimitError, cardNetwork, merchantAccount, platformFees, post, type Posting } from './ledger.ts';
import { koboToWire, negate, netOfFee, serviceFee, type Kobo } from './money.ts';
import type { Processor, Settlement } from './processor/processor.ts';

/** What taking payments needs: the processor of each mode, the simulator's processing delay, the failure limits. */
export interface PaymentsContext {
  processors: { test: Processor; live: Processor };
  /** How long the simulator's "processing" cards stay processing. */
  processingDelayMs: number;
  limits: FailedAttemptLimits;
}

/**
 * Asks the processor about a processing attempt and settles it by the answer; safe to run more
 * than once. A success the ledger cannot take (a balance at its limit) fails the attempt instead
 * (`balance_limit_reached`): asking again would never end otherwise.
 */
export async function completeProcessingAttempt(em: EntityManager, ctx: PaymentsContext, attemptId: string): Promise<void> {
  try {
    await settleProcessingAttempt(em, ctx, attemptId);
  } catch (error) {
    if (!(error instanceof BalanceLimitError)) throw error;
    await settleProcessingAttempt(em, ctx, attemptId, { outcome: 'failed', code: 'balance_limit_reached' });
  }
}

/** The longest a processor may take to say how a processing payment ended, before it is asked again later. */
export const PROCESSOR_ANSWER_TIMEOUT_MS = 30_000;

async function settleProcessingAttempt(em: EntityManager, ctx: PaymentsContext, attemptId: string, decided?: Settlement): Promise<void> {
  // The processor is asked outside any transaction, so no row stays locked while it answers.
  let answer = decided;
  if (answer === undefined) {
    const attempt = await em.fork().findOne(PaymentAttempt, { id: attemptId });
    if (attempt === null || attempt.status !== 'processing') return;
    const processor = attempt.livemode ? ctx.processors.live : ctx.processors.test;
    answer = await withTimeout(processor.complete(attempt.processor_reference!), PROCESSOR_ANSWER_TIMEOUT_MS, 'the processor did not answer in time');
  }
  await em.transactional(async (tx) => {
    const attempt = await tx.findOne(PaymentAttempt, { id: attemptId });
    if (attempt === null || attempt.status !== 'processing') return;
    const intent = await tx.findOneOrFail(PaymentIntent, { id: attempt.payment_intent_id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (intent.status !== 'processing') {
      // Nothing waits on it any more: it must not be asked about for ever.
      attempt.status = 'abandoned';
      attempt.completed_at = new Date();
      return;
    }
    await settle(tx, ctx, intent, attempt, answer, true);
  });
}

function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    work.finally(() => clearTimeout(timer)),
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(message)), ms);
    }),
  ]);
}

/** A processing attempt that is due to be asked about, taken by one worker for `leaseMs`. */
export interface DueCompletion {
  attemptId: string;
  paymentIntentId: string;
  /** How often it has been asked before, without an answer. */
  checks: number;
}

/**
 * Takes up to `limit` processing attempts whose check is due. Each is leased to this worker (its
 * next check moves `leaseMs` ahead), so a worker that dies mid-check only delays it by that much.
 */
export async function claimDueCompletions(em: EntityManager, limit: number, leaseMs: number): Promise<DueCompletion[]> {
  const rows = await sql<{ id: string; payment_intent_id: string; checks: number }>(
    em,
    `update payment_attempts a set next_check_at = now() + make_interval(secs => $2::double precision / 1000)
      where a.id in (select id from payment_attempts
                      where status = 'processing' and next_check_at <= now()
                      order by next_check_at limit $1 for update skip locked)
      returning a.id, a.payment_intent_id, a.checks`,
    [limit, leaseMs],
  );
  return rows.map((row) => ({ attemptId: row.id, paymentIntentId: row.payment_intent_id, checks: row.checks }));
}

/**
 * After a check that got no answer: the next one comes later, the wait doubling from the
 * processing delay (at least half a second) up to an hour. Answers how often it has now failed.
 */
export async function deferCompletion(em: EntityManager, ctx: PaymentsContext, attemptId: string): Promise<number> {
  const [row] = await sql<{ checks: number }>(
    em,
    `update payment_attempts
        set checks = checks + 1,
            next_check_at = now() + make_interval(secs => least($2::double precision * power(2, least(checks, 30)), 3600000) / 1000)
      where id = $1 and status = 'processing'
      returning checks`,
    [attemptId, Math.max(500, ctx.processingDelayMs)],
  );
  return row?.checks ?? 0;
}

/** The ledger posting of a successful payment: the card network pays the merchant, less the fee. */
export function paymentEntries(intent: PaymentIntent, fee: Kobo): Posting['entries'] {
  return [
    { account: cardNetwork(intent.livemode, intent.merchant_id), amount: negate(intent.amount) },
    { account: merchantAccount(intent.livemode, intent.merchant_id), amount: netOfFee(intent.amount, fee) },
    { account: platformFees(intent.livemode, intent.merchant_id), amount: fee },
  ];
}

/** Applies the processor's final word to the intent, the ledger and the events, in `em`'s transaction. */
export async function settle(
  em: EntityManager,
  ctx: PaymentsContext,
  intent: PaymentIntent,
  attempt: PaymentAttempt,
  result: Settlement,
  late = false,
): Promise<void> {
  const now = new Date();
  attempt.completed_at = now;
  attempt.processor_reference = null;
  intent.next_action = null;
  const scope = { merchantId: intent.merchant_id, livemode: intent.livemode };
  if (result.outcome === 'failed') {
    attempt.status = 'failed';
    attempt.failure_code = result.code;
    intent.status = 'requires_authentication';
    intent.last_error = result.code;
    await recordEvent(em, scope, 'payment_intent.failed', { id: intent.id, last_error: result.code }, intent.id);
    // A failure after the request was answered (a processing payment) counts against its client
    // here; one in a request is counted by that request's reservation.
    if (late) await recordLateFailure(em, attempt.client ?? null);
    // Card testing and OTP guessing end here: an intent failed this often can no longer be paid.
    await em.flush();
    if ((await countFailedAttempts(em, intent.id)) >= ctx.limits.perIntent) await cancelOpenIntent(em, intent, 'too_many_failed_attempts');
    return;
  }
  const fee = serviceFee(intent.amount);
  attempt.status = 'succeeded';
  intent.status = 'succeeded';
  intent.succeeded_at = now;
  intent.method = 'card';
  intent.service_fee = fee;
  intent.last_error = null;
  await em.flush();
  await post(em, {
    livemode: intent.livemode,
    kind: 'payment',
    merchantId: intent.merchant_id,
    paymentIntentId: intent.id,
    entries: paymentEntries(intent, fee),
  });
  await recordEvent(em, scope,
    'payment_intent.succeeded',
    {
      id: intent.id,
      amount: koboToWire(intent.amount),
      currency: intent.currency as 'NGN',
      method: 'card',
      service_fee: koboToWire(fee),
      metadata: intent.metadata,
    },
    intent.id,
  );
}

