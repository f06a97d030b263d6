// Settlement: what the processor's answer about an attempt changes. A success takes the fees and
// credits the merchant in the ledger, a failure records why (either way the intent's event is
// written in the same transaction); a step the card issuer asks for becomes the intent's
// next_action; a charge not known yet is asked about later by the reconciler
// (jobs/payment-completion.ts), which asks the processor outside any transaction.
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { PaymentAttempt, PaymentIntent } from '../persistence/entities/index.ts';
import { sql } from '../persistence/sql.ts';
import { recordEvent } from './events.ts';
import { countFailedAttempts, recordLateFailure, type FailedAttemptLimits } from './failed-attempts.ts';
import { abandonPendingAttempts, cancelOpenIntent } from './payment-intents.ts';
import type { Logger } from 'pino';
import type { JobQueue } from './jobs.ts';
import { BalanceLimitError, cardNetwork, merchantAccount, merchantPending, platformFees, post, processorFees, type Posting } from './ledger.ts';
import { koboToWire, negate, netOfFee, platformShare, serviceFee, type Kobo } from './money.ts';
import { ProcessorUnavailableError, type ChargeState, type Processor } from './processor/processor.ts';

/** What taking payments needs: the processor of each mode, how long to wait before asking about a charge, the failure limits. */
export interface PaymentsContext {
  processors: { test: Processor; live: Processor };
  /** How long the simulator's "processing" cards stay processing; the first wait before asking about a test charge. */
  processingDelayMs: number;
  /** The first wait before asking a live processor about a charge it left pending or did not answer about. */
  liveCheckDelayMs: number;
  /**
   * How long an attempt whose charge is being sent is left alone by the reconciler: longer than
   * the processor may take to answer, so only a process that stopped mid-call leaves it to be asked about.
   */
  sendLeaseMs: number;
  /** LIVE_SETTLEMENT_DAYS: how long a live payment's net stays pending unless the processor reports it settled sooner. */
  liveSettlementDays: number;
  limits: FailedAttemptLimits;
  /** Where money's way out of the service is queued (refunds to cards, payouts). */
  jobs: JobQueue;
  log?: Logger;
}

export const processorOf = (ctx: PaymentsContext, livemode: boolean): Processor => (livemode ? ctx.processors.live : ctx.processors.test);
export const checkDelayMs = (ctx: PaymentsContext, livemode: boolean): number => (livemode ? ctx.liveCheckDelayMs : ctx.processingDelayMs);

/**
 * How often a processor must say it has no charge under an attempt's reference before the attempt
 * fails: a charge sent just before a timeout may take a moment to appear there.
 */
const NOT_FOUND_CHECKS = 2;

/**
 * Asks the processor about a processing attempt and settles it by the answer; safe to run more
 * than once, and at the same time as a webhook or the customer's own request: whichever applies
 * an answer first wins, once. Answers whether the attempt is still waiting on the processor.
 */
export async function completeProcessingAttempt(em: EntityManager, ctx: PaymentsContext, attemptId: string): Promise<'settled' | 'waiting'> {
  // The processor is asked outside any transaction, so no row stays locked while it answers.
  const attempt = await em.fork().findOne(PaymentAttempt, { id: attemptId });
  if (attempt === null || attempt.status !== 'processing') return 'settled';
  const answer = await withTimeout(
    processorOf(ctx, attempt.livemode).check(attempt.processor_reference ?? chargeReference(attempt.id)),
    PROCESSOR_ANSWER_TIMEOUT_MS,
    'the processor did not answer in time',
  );
  if (answer.outcome === 'processing') return 'waiting';
  if (answer.outcome === 'not_found' && attempt.checks < NOT_FOUND_CHECKS) return 'waiting';
  const state: ChargeState = answer.outcome === 'not_found' ? { outcome: 'failed', code: 'processor_declined' } : answer;
  await applyProcessorAnswer(em, ctx, attemptId, state, true);
  return 'settled';
}

/**
 * Applies a processor's answer about an attempt that is processing (its charge being sent, or
 * pending at the processor), in one transaction; an attempt something else has settled meanwhile
 * is left as it is. A success the ledger cannot take (a balance at its limit) fails the attempt
 * instead (`balance_limit_reached`). Answers the intent as it now stands.
 */
export async function applyProcessorAnswer(
  em: EntityManager,
  ctx: PaymentsContext,
  attemptId: string,
  state: ChargeState,
  late: boolean,
): Promise<{ intent: PaymentIntent; failed: boolean }> {
  try {
    return await applyOnce(em, ctx, attemptId, state, late);
  } catch (error) {
    if (!(error instanceof BalanceLimitError) || state.outcome !== 'succeeded') throw error;
    ctx.log?.error({ attempt_id: attemptId }, 'a charge succeeded that the ledger cannot take (a balance at its limit): the attempt fails with balance_limit_reached; refund the charge at the processor');
    return applyOnce(em, ctx, attemptId, { outcome: 'failed', code: 'balance_limit_reached' }, late);
  }
}

async function applyOnce(em: EntityManager, ctx: PaymentsContext, attemptId: string, state: ChargeState, late: boolean): Promise<{ intent: PaymentIntent; failed: boolean }> {
  return em.transactional(async (tx) => {
    const found = await tx.findOneOrFail(PaymentAttempt, { id: attemptId });
    // The intent's row lock first, then the attempt read again under it: one answer wins.
    const intent = await tx.findOneOrFail(PaymentIntent, { id: found.payment_intent_id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    const attempt = await tx.findOneOrFail(PaymentAttempt, { id: attemptId }, { refresh: true });
    if (attempt.status !== 'processing') return { intent, failed: false };
    if (intent.status !== 'processing') {
      if (state.outcome === 'succeeded') {
        ctx.log?.error({ attempt_id: attemptId, payment_intent: intent.id }, 'a charge succeeded for a payment that no longer waits on it (paid or canceled meanwhile): the customer was charged twice; refund this charge at the processor');
      }
      // Nothing waits on it any more: it must not be asked about for ever.
      attempt.status = 'abandoned';
      attempt.completed_at = new Date();
      return { intent, failed: false };
    }
    await applyState(tx, ctx, intent, attempt, state, late);
    return { intent, failed: state.outcome === 'failed' };
  });
}

/** An answer, whatever it is, applied to a locked intent and its attempt in `em`'s transaction. */
export async function applyState(em: EntityManager, ctx: PaymentsContext, intent: PaymentIntent, attempt: PaymentAttempt, state: ChargeState, late: boolean): Promise<void> {
  const now = new Date();
  switch (state.outcome) {
    case 'succeeded':
    case 'failed':
      await settle(em, ctx, intent, attempt, state, late);
      return;
    case 'requires_action':
      attempt.status = state.step === 'otp' ? 'requires_otp' : 'requires_action';
      if (state.reference !== undefined) attempt.processor_reference = state.reference;
      attempt.next_check_at = null;
      intent.status = 'requires_authentication';
      intent.next_action = state.step;
      intent.next_action_message = state.message;
      intent.last_error = null;
      return;
    case 'processing':
      // The reconciler (jobs/payment-completion.ts) asks the processor once this delay is over.
      if (state.reference !== undefined) attempt.processor_reference = state.reference;
      attempt.next_check_at = new Date(now.getTime() + checkDelayMs(ctx, intent.livemode));
      intent.status = 'processing';
      intent.next_action = null;
      intent.next_action_message = null;
      intent.last_error = null;
      return;
  }
}

/** Our reference for an attempt's charge: its id with `-` for `_` (Paystack allows letters, digits, `-`, `.` and `=`). */
export const chargeReference = (attemptId: string): string => attemptId.replace('_', '-');

/** The longest a processor may take to say how a processing payment ended, before it is asked again later. */
export const PROCESSOR_ANSWER_TIMEOUT_MS = 30_000;

function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    work.finally(() => clearTimeout(timer)),
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new ProcessorUnavailableError(message)), ms);
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
 * After a check that got no final answer: the next one comes later, the wait doubling from the
 * mode's first wait (at least half a second) up to an hour. Answers how often it has now been asked.
 */
export async function deferCompletion(em: EntityManager, ctx: PaymentsContext, attemptId: string): Promise<number> {
  const [row] = await sql<{ checks: number }>(
    em,
    `update payment_attempts
        set checks = checks + 1,
            next_check_at = now() + make_interval(secs => least(case when livemode then $3 else $2 end::double precision * power(2, least(checks, 30)), 3600000) / 1000)
      where id = $1 and status = 'processing'
      returning checks`,
    [attemptId, Math.max(500, ctx.processingDelayMs), Math.max(500, ctx.liveCheckDelayMs)],
  );
  return row?.checks ?? 0;
}

/**
 * The ledger posting of a successful payment: the card network pays the merchant, less the service
 * fee; of that fee the processor keeps its own, and the platform the rest. A live payment's net is
 * pending until the processor settles it; a test payment's is available at once.
 */
export function paymentEntries(intent: PaymentIntent, fee: Kobo, processorFee: Kobo): Posting['entries'] {
  const merchant = intent.livemode ? merchantPending : merchantAccount;
  return [
    { account: cardNetwork(intent.livemode, intent.merchant_id), amount: negate(intent.amount) },
    { account: merchant(intent.livemode, intent.merchant_id), amount: netOfFee(intent.amount, fee) },
    { account: platformFees(intent.livemode, intent.merchant_id), amount: platformShare(fee, processorFee) },
    { account: processorFees(intent.livemode, intent.merchant_id), amount: processorFee },
  ];
}

/** Applies the processor's final word to the intent, the ledger and the events, in `em`'s transaction. */
export async function settle(
  em: EntityManager,
  ctx: PaymentsContext,
  intent: PaymentIntent,
  attempt: PaymentAttempt,
  result: Extract<ChargeState, { outcome: 'succeeded' | 'failed' }>,
  late = false,
): Promise<void> {
  const now = new Date();
  attempt.completed_at = now;
  attempt.next_check_at = null;
  intent.next_action = null;
  intent.next_action_message = null;
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
  attempt.processor_fee = result.fee;
  if (result.brand !== undefined) attempt.card_brand = result.brand;
  if (result.last4 !== undefined) attempt.card_last4 = result.last4;
  intent.status = 'succeeded';
  intent.succeeded_at = now;
  intent.method = 'card';
  intent.service_fee = fee;
  intent.last_error = null;
  if (intent.livemode) intent.funds_available_at = new Date(now.getTime() + ctx.liveSettlementDays * 86_400_000);
  await em.flush();
  await post(em, {
    livemode: intent.livemode,
    kind: 'payment',
    merchantId: intent.merchant_id,
    paymentIntentId: intent.id,
    entries: paymentEntries(intent, fee, result.fee),
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


/**
 * The processor says something happened to a charge (its webhook): an attempt still processing
 * under that reference is asked about at once instead of at its next check. Answers whether one was.
 */
export async function askAboutChargeNow(em: EntityManager, processor: string, reference: string): Promise<boolean> {
  const rows = await sql(
    em,
    `update payment_attempts set next_check_at = now()
      where processor_reference = $1 and processor = $2 and status = 'processing' and livemode
      returning id`,
    [reference, processor],
  );
  return rows.length > 0;
}

/**
 * The processor says a charge succeeded whose attempt had already ended here (declined, abandoned
 * for another card, or waiting for a step): a success we missed. It is confirmed by asking (never
 * taken from the webhook's word), and pays the intent if it is still unpaid; a charge for an intent
 * paid or canceled meanwhile is a double charge, logged for the operator to refund (and reported by
 * reconciliation). Runs outside any transaction; the answer is applied in one.
 */
export async function settleLateCharge(em: EntityManager, ctx: PaymentsContext, processor: string, reference: string): Promise<'paid' | 'ignored' | 'double'> {
  const attempt = await em.fork().findOne(PaymentAttempt, { processor_reference: reference, processor });
  if (attempt === null || attempt.status === 'succeeded' || attempt.status === 'processing' || !attempt.livemode) return 'ignored';
  const answer = await withTimeout(processorOf(ctx, true).check(reference), PROCESSOR_ANSWER_TIMEOUT_MS, 'the processor did not answer in time');
  if (answer.outcome !== 'succeeded') return 'ignored';
  return em.transactional(async (tx) => {
    const intent = await tx.findOneOrFail(PaymentIntent, { id: attempt.payment_intent_id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    const current = await tx.findOneOrFail(PaymentAttempt, { id: attempt.id }, { refresh: true });
    if (current.status === 'succeeded' || current.status === 'processing') return 'ignored';
    if (intent.status !== 'requires_authentication') {
      ctx.log?.error({ attempt_id: attempt.id, payment_intent: intent.id, intent_status: intent.status }, 'a charge succeeded late for a payment that is no longer open: the customer was charged twice; refund this charge at the processor');
      return 'double';
    }
    // A step another attempt waits for is moot now: this one paid.
    await abandonPendingAttempts(tx, intent.id, new Date());
    await settle(tx, ctx, intent, current, answer, true);
    ctx.log?.warn({ attempt_id: attempt.id, payment_intent: intent.id }, 'a charge the processor finished late paid its intent');
    return 'paid';
  });
}
