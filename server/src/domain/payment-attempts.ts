// What a customer does at checkout: each attempt at paying an intent (a card, then maybe a
// one-time code), from the client secret that proves who is paying to the processor's first
// answer. A final answer is settled at once (settlement.ts); a processing one later, by the
// reconciler. The attempts themselves are listed for the merchant here too.
import { timingSafeEqual } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { components } from '../generated/openapi.ts';
import { Merchant, PaymentAttempt, PaymentIntent } from '../persistence/entities/index.ts';
import { newId, sha256Hex } from '../ids.ts';
import { cardBrand, cardDigits, hasExpired, passesLuhn } from './card.ts';
import { ApiError } from './errors.ts';
import { countFailedAttempts, recordLateFailure, releaseAttempt, reserveAttempt } from './failed-attempts.ts';
import type { Caller } from './merchants.ts';
import { abandonPendingAttempts, cancelOpenIntent, retrievePaymentIntent } from './payment-intents.ts';
import { BalanceLimitError, hasRoomFor } from './ledger.ts';
import { serviceFee } from './money.ts';
import { paymentEntries, settle, type PaymentsContext } from './settlement.ts';

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

/** The customer's card (and e-mail, when the intent has none), as the contract has them, and who is paying. */
export type ConfirmInput = Pick<components['schemas']['ConfirmPaymentIntentRequest'], 'card' | 'email'> & {
  /** Who is paying, as per-client limits count it (an IPv4 address or an IPv6 /64). */
  client: string;
};

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
    if ((await countFailedAttempts(tx, intent.id)) >= ctx.limits.perIntent) {
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
        // The reconciler (jobs/payment-completion.ts) asks the processor once this delay is over.
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

/** Every attempt at paying one of the caller's intents, oldest first. */
export async function listPaymentAttempts(em: EntityManager, caller: Caller, paymentIntentId: string): Promise<PaymentAttempt[]> {
  await retrievePaymentIntent(em, caller, paymentIntentId); // another merchant's or mode's intent is not found
  return em.find(PaymentAttempt, { payment_intent_id: paymentIntentId }, { orderBy: { created_at: 'asc', id: 'asc' } });
}
