// How a customer pays an intent: attempts, the processor's answers, and what a success or a
// failure changes. Every outcome is settled in one transaction with its ledger posting and event.
import { timingSafeEqual } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Merchant, PaymentAttempt, PaymentIntent } from '../persistence/entities/index.ts';
import { newId, sha256Hex } from '../ids.ts';
import { cardBrand, cardDigits, hasExpired, passesLuhn, type CardInput } from './card.ts';
import { ApiError } from './errors.ts';
import { recordEvent } from './events.ts';
import { recordLateFailure, releaseAttempt, reserveAttempt, type FailedAttemptLimits } from './failed-attempts.ts';
import { abandonPendingAttempts, cancelOpenIntent } from './payment-intents.ts';
import { sql } from '../persistence/sql.ts';
import { BalanceLimitError, cardNetwork, hasRoomFor, merchantAccount, platformFees, post, type Posting } from './ledger.ts';
import { koboToWire, negate, netOfFee, serviceFee, type Kobo } from './money.ts';
import type { Processor, Settlement } from './processor/processor.ts';

export interface PaymentsContext {
  processors: { test: Processor; live: Processor };
  /** How long the simulator's "processing" cards stay processing. */
  processingDelayMs: number;
  limits: FailedAttemptLimits;
}

const CLIENT_SECRET_SHAPE = /^(pi_[0-9A-Za-z]{24})_secret_[0-9A-Za-z]{24}$/;

/**
 * The intent a client secret belongs to. The secret is the customer's only credential, so a wrong
 * one is answered exactly like an unknown intent.
 */
export async function intentForClientSecret(
  em: EntityManager,
  id: string,
  clientSecret: string,
  options: { lock?: boolean } = {},
): Promise<PaymentIntent> {
  const match = CLIENT_SECRET_SHAPE.exec(clientSecret);
  const intent =
    match?.[1] === id
      ? await em.findOne(PaymentIntent, { id }, options.lock === true ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {})
      : null;
  if (intent === null || !sameHash(intent.client_secret_hash, sha256Hex(clientSecret))) {
    throw new ApiError('resource_missing', 'No such payment intent, or the client secret does not match it.', 'client_secret');
  }
  return intent;
}

const sameHash = (a: string, b: string): boolean => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export async function merchantOf(em: EntityManager, intent: PaymentIntent): Promise<Merchant> {
  return em.findOneOrFail(Merchant, { id: intent.merchant_id });
}

/** Whether the customer may try to pay this intent now; else 400 payment_intent_unexpected_state. */
function assertPayable(intent: PaymentIntent, now: Date): void {
  const refuse = (why: string) => new ApiError('payment_intent_unexpected_state', why);
  switch (intent.status) {
    case 'succeeded':
      throw refuse('This payment intent has already been paid.');
    case 'processing':
      throw refuse('A payment for this intent is already processing.');
    case 'canceled':
      if (intent.cancellation_reason === 'too_many_failed_attempts') {
        throw refuse('This payment was blocked after too many failed attempts and can no longer be paid; start again from the shop.');
      }
      throw refuse('This payment intent was canceled and can no longer be paid.');
    case 'requires_authentication':
      if (intent.expires_at.getTime() <= now.getTime()) throw refuse('This payment intent has expired and can no longer be paid.');
  }
}

export interface ConfirmInput {
  card: CardInput;
  email?: string;
  /** Who is paying, as per-client limits count it (an IPv4 address or an IPv6 /64). */
  client: string;
}

/**
 * Runs one payment attempt under a reservation among the client's failed attempts (see
 * failed-attempts.ts): kept when the attempt failed, given back otherwise.
 */
async function countingFailures(
  em: EntityManager,
  ctx: PaymentsContext,
  client: string,
  attempt: () => Promise<{ intent: PaymentIntent; failed: boolean }>,
): Promise<PaymentIntent> {
  const reservation = await reserveAttempt(em, client, ctx.limits.perClient);
  let failed = false;
  try {
    const outcome = await attempt();
    failed = outcome.failed;
    return outcome.intent;
  } finally {
    if (!failed) await releaseAttempt(em, reservation);
  }
}

/** A new payment attempt with a card. A declined card is not an error: the intent carries last_error. */
export async function confirmPayment(
  em: EntityManager,
  ctx: PaymentsContext,
  id: string,
  clientSecret: string,
  input: ConfirmInput,
): Promise<PaymentIntent> {
  return countingFailures(em, ctx, input.client, () => attemptPayment(em, ctx, id, clientSecret, input));
}

async function attemptPayment(
  em: EntityManager,
  ctx: PaymentsContext,
  id: string,
  clientSecret: string,
  input: ConfirmInput,
): Promise<{ intent: PaymentIntent; failed: boolean }> {
  return em.transactional(async (tx) => {
    const now = new Date();
    const intent = await intentForClientSecret(tx, id, clientSecret, { lock: true });
    assertPayable(intent, now);
    const digits = cardDigits(input.card.number);
    if (!passesLuhn(digits)) {
      throw new ApiError('invalid_request', 'The card number is incorrect; check it and try again.', 'card.number');
    }
    if (hasExpired(input.card.exp_month, input.card.exp_year, now)) {
      throw new ApiError('invalid_request', "The card's expiry date is in the past.", 'card.exp_month');
    }
    if (intent.customer_email == null) {
      if (input.email === undefined) {
        throw new ApiError('invalid_request', 'An e-mail address is required for this payment (a refund is paid back to it).', 'email');
      }
      intent.customer_email = input.email;
    }
    // An OTP asked for and then left for another card counts as a failed attempt: otherwise asking
    // for OTPs would tell a card tester, for free, which cards are live.
    for (const abandoned of await abandonPendingAttempts(tx, intent.id, now)) await recordLateFailure(tx, abandoned.client ?? null);
    if ((await failedAttempts(tx, intent.id)) >= ctx.limits.perIntent) {
      // No card is tried: this request is not a failure of its own (the abandoned OTP was).
      await cancelOpenIntent(tx, intent, 'too_many_failed_attempts');
      return { intent, failed: false };
    }

    // A payment the ledger could not take (a balance at its limit) is refused before any card is charged.
    if (!(await hasRoomFor(tx, paymentEntries(intent, serviceFee(intent.amount))))) throw new BalanceLimitError();
    const processor = intent.livemode ? ctx.processors.live : ctx.processors.test;
    // The simulator and the sandbox answer at once; a real acquirer's call belongs outside the
    // row lock, with the attempt recorded first. That change comes with a real acquirer.
    const authorization = await processor.authorize({
      card: { digits, expMonth: input.card.exp_month, expYear: input.card.exp_year, cvc: input.card.cvc },
      amount: intent.amount,
    });
    const attempt = tx.create(PaymentAttempt, {
      id: newId('att'),
      payment_intent_id: intent.id,
      livemode: intent.livemode,
      method: 'card',
      card_brand: cardBrand(digits),
      card_last4: digits.slice(-4),
      status: 'processing',
      failure_code: null,
      processor_reference: null,
      created_at: now,
      completed_at: null,
      checks: 0,
      next_check_at: null,
      client: input.client,
    });

    switch (authorization.outcome) {
      case 'succeeded':
      case 'failed':
        await settle(tx, ctx, intent, attempt, authorization);
        break;
      case 'requires_otp':
        attempt.status = 'requires_otp';
        attempt.processor_reference = authorization.reference;
        intent.next_action = 'otp';
        intent.last_error = null;
        break;
      case 'processing':
        // The reconciler asks the processor once this delay is over (see completeDuePayments).
        attempt.processor_reference = authorization.reference;
        attempt.next_check_at = new Date(now.getTime() + ctx.processingDelayMs);
        intent.status = 'processing';
        intent.next_action = null;
        intent.last_error = null;
        break;
    }
    return { intent, failed: authorization.outcome === 'failed' };
  });
}

/** The customer's one-time code for an attempt that asked for one; a wrong one fails the attempt. */
export async function submitOtp(
  em: EntityManager,
  ctx: PaymentsContext,
  id: string,
  clientSecret: string,
  input: { otp: string; client: string },
): Promise<PaymentIntent> {
  return countingFailures(em, ctx, input.client, () => checkOtp(em, ctx, id, clientSecret, input.otp));
}

async function checkOtp(
  em: EntityManager,
  ctx: PaymentsContext,
  id: string,
  clientSecret: string,
  otp: string,
): Promise<{ intent: PaymentIntent; failed: boolean }> {
  return em.transactional(async (tx) => {
    const intent = await intentForClientSecret(tx, id, clientSecret, { lock: true });
    assertPayable(intent, new Date());
    const attempt = intent.next_action === 'otp' ? await tx.findOne(PaymentAttempt, { payment_intent_id: intent.id, status: 'requires_otp' }) : null;
    if (attempt === null) {
      throw new ApiError('payment_intent_unexpected_state', 'No one-time code is awaited for this payment; enter the card first.');
    }
    const processor = intent.livemode ? ctx.processors.live : ctx.processors.test;
    const result = await processor.submitOtp(attempt.processor_reference!, otp);
    await settle(tx, ctx, intent, attempt, result);
    return { intent, failed: result.outcome === 'failed' };
  });
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
function paymentEntries(intent: PaymentIntent, fee: Kobo): Posting['entries'] {
  return [
    { account: cardNetwork(intent.livemode, intent.merchant_id), amount: negate(intent.amount) },
    { account: merchantAccount(intent.livemode, intent.merchant_id), amount: netOfFee(intent.amount, fee) },
    { account: platformFees(intent.livemode, intent.merchant_id), amount: fee },
  ];
}

/** Applies the processor's final word to the intent, the ledger and the events, in `em`'s transaction. */
/** Attempts at the intent that failed or were abandoned (an OTP never given). */
async function failedAttempts(em: EntityManager, intentId: string): Promise<number> {
  await em.flush();
  const [counted] = await sql<{ failed: number }>(
    em,
    "select count(*)::int as failed from payment_attempts where payment_intent_id = $1 and status in ('failed', 'abandoned')",
    [intentId],
  );
  return counted?.failed ?? 0;
}

async function settle(
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
    if ((await failedAttempts(em, intent.id)) >= ctx.limits.perIntent) await cancelOpenIntent(em, intent, 'too_many_failed_attempts');
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

