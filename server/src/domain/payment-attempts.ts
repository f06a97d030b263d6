// What a customer does at checkout: each attempt at paying an intent (a card, then maybe the steps
// the card issuer asks for: a PIN, a one-time code, ...), from the client secret that proves who is
// paying to the processor's answer. A final answer is settled at once (settlement.ts); a
// processing one later, by the reconciler. The attempts themselves are listed for the merchant here too.
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
import { serviceFee, type Kobo } from './money.ts';
import { ProcessorUnavailableError, type CardDetails, type ChargeState, type Step, type StepAnswer } from './processor/processor.ts';
import { applyProcessorAnswer, chargeReference, paymentEntries, processorOf, type PaymentsContext } from './settlement.ts';

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

/**
 * A new payment attempt with a card. A declined card is not an error: the intent carries last_error.
 * Three steps, so that no row is locked while the processor is asked: the attempt is recorded
 * (and the intent marked processing) and committed; the processor is asked; its answer is applied.
 * A process that stops between the first two leaves the attempt processing, and the reconciler
 * asks the processor about it (it finds no charge, or the charge the call made).
 */
export async function confirmPayment(
  em: EntityManager,
  ctx: PaymentsContext,
  id: string,
  clientSecret: string,
  input: ConfirmInput,
): Promise<PaymentIntent> {
  return countingFailures(em, ctx, input.client, async () => {
    const begun = await beginAttempt(em, ctx, id, clientSecret, input);
    if ('intent' in begun) return { intent: begun.intent, failed: false };
    const processor = processorOf(ctx, begun.livemode);
    const answer = await ask(ctx, begun.attemptId, () =>
      processor.charge({ reference: begun.reference, card: begun.card, amount: begun.amount, email: begun.email }),
    );
    return applyProcessorAnswer(em, ctx, begun.attemptId, answer, false);
  });
}

/** An attempt recorded and committed, its charge not sent yet. */
interface Begun {
  attemptId: string;
  reference: string;
  livemode: boolean;
  amount: Kobo;
  email: string;
  card: CardDetails;
}

async function beginAttempt(
  em: EntityManager,
  ctx: PaymentsContext,
  id: string,
  clientSecret: string,
  input: ConfirmInput,
): Promise<Begun | { intent: PaymentIntent }> {
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
    const processor = processorOf(ctx, intent.livemode);
    processor.assertAvailable?.();
    // A step asked for and then left for another card counts as a failed attempt: otherwise asking
    // for OTPs would tell a card tester, for free, which cards are live.
    for (const abandoned of await abandonPendingAttempts(tx, intent.id, now)) await recordLateFailure(tx, abandoned.client ?? null);
    if ((await countFailedAttempts(tx, intent.id)) >= ctx.limits.perIntent) {
      // No card is tried: this request is not a failure of its own (the abandoned step was).
      await cancelOpenIntent(tx, intent, 'too_many_failed_attempts');
      return { intent };
    }

    // A payment the ledger could not take (a balance at its limit) is refused before any card is charged.
    if (!(await hasRoomFor(tx, paymentEntries(intent, serviceFee(intent.amount), 0n)))) throw new BalanceLimitError();
    const attemptId = newId('att');
    const reference = chargeReference(attemptId);
    tx.create(PaymentAttempt, {
      id: attemptId,
      payment_intent_id: intent.id,
      livemode: intent.livemode,
      method: 'card',
      card_brand: cardBrand(digits),
      card_last4: digits.slice(-4),
      status: 'processing',
      failure_code: null,
      processor: processor.name,
      processor_reference: reference,
      processor_fee: null,
      created_at: now,
      completed_at: null,
      checks: 0,
      // Left alone while its charge is sent; asked about after this only if this process stops.
      next_check_at: new Date(now.getTime() + ctx.sendLeaseMs),
      client: input.client,
    });
    markSending(intent);
    return {
      attemptId,
      reference,
      livemode: intent.livemode,
      amount: intent.amount,
      email: intent.customer_email,
      card: { digits, expMonth: input.card.exp_month, expYear: input.card.exp_year, cvc: input.card.cvc },
    };
  });
}

/** The intent while a request to the processor is under way: no second attempt may begin. */
function markSending(intent: PaymentIntent): void {
  intent.status = 'processing';
  intent.next_action = null;
  intent.next_action_message = null;
  intent.last_error = null;
}

/**
 * Asks the processor, outside any transaction. An answer that does not come (a timeout, a reset,
 * a 5xx) leaves the charge unknown: the attempt stays processing and is asked about later.
 */
async function ask(ctx: PaymentsContext, attemptId: string, call: () => Promise<ChargeState>): Promise<ChargeState> {
  try {
    return await call();
  } catch (error) {
    // No answer, or one that is not what the processor's reference describes: the charge may have
    // been made either way, so it is asked about, never taken as a decline.
    if (!(error instanceof ProcessorUnavailableError)) throw error;
    ctx.log?.warn({ attempt_id: attemptId, reason: error.message }, 'the processor did not answer about a charge; the attempt stays processing and will be asked about');
    return { outcome: 'processing' };
  }
}

/** The customer's one-time code for an attempt that asked for one (`POST .../otp`). */
export async function submitOtp(
  em: EntityManager,
  ctx: PaymentsContext,
  id: string,
  clientSecret: string,
  input: { otp: string; client: string },
): Promise<PaymentIntent> {
  return authenticatePayment(em, ctx, id, clientSecret, { answer: { step: 'otp', otp: input.otp }, client: input.client }, true);
}

/** What each step's answer is called in a request, for the messages that name it. */
const STEP_FIELD: Readonly<Record<Step, string>> = { pin: 'pin', otp: 'otp', phone: 'phone', birthday: 'birthday', address: 'address' };
const STEP_WORDS: Readonly<Record<Step, string>> = {
  pin: "the card's PIN",
  otp: 'a one-time code',
  phone: 'a phone number',
  birthday: 'a date of birth',
  address: 'a billing address',
};

/**
 * The customer's answer to the step the card issuer asked for (a PIN, an OTP, a phone number, a
 * birthday or an address). A wrong answer fails the attempt as the processor says; the answer
 * itself is sent on and never kept.
 */
export async function authenticatePayment(
  em: EntityManager,
  ctx: PaymentsContext,
  id: string,
  clientSecret: string,
  input: { answer: StepAnswer; client: string },
  viaOtp = false,
): Promise<PaymentIntent> {
  return countingFailures(em, ctx, input.client, async () => {
    const taken = await em.transactional(async (tx) => {
      const intent = await intentForClientSecret(tx, id, clientSecret, { lock: true });
      assertPayable(intent, new Date());
      const asked = intent.next_action as Step | null;
      const attempt =
        asked === null ? null : await tx.findOne(PaymentAttempt, { payment_intent_id: intent.id, status: { $in: ['requires_otp', 'requires_action'] } });
      if (attempt === null || asked === null) {
        throw new ApiError(
          'payment_intent_unexpected_state',
          input.answer.step === 'otp' && viaOtp
            ? 'No one-time code is awaited for this payment; enter the card first.'
            : 'Nothing is awaited from the customer for this payment; enter the card first.',
        );
      }
      if (input.answer.step !== asked) {
        throw new ApiError(
          'invalid_request',
          `This payment is waiting for ${STEP_WORDS[asked]} (\`${STEP_FIELD[asked]}\`), not ${STEP_WORDS[input.answer.step]}.`,
          STEP_FIELD[asked],
        );
      }
      attempt.status = 'processing';
      attempt.next_check_at = new Date(Date.now() + ctx.sendLeaseMs);
      markSending(intent);
      return { attemptId: attempt.id, reference: attempt.processor_reference ?? chargeReference(attempt.id), livemode: intent.livemode };
    });
    const processor = processorOf(ctx, taken.livemode);
    const answer = await ask(ctx, taken.attemptId, () => processor.authenticate(taken.reference, input.answer));
    return applyProcessorAnswer(em, ctx, taken.attemptId, answer, false);
  });
}

/** Our words for each step, where the processor gives none. */
const STEP_PROMPTS: Readonly<Record<Step, string>> = {
  pin: "Enter your card's 4-digit PIN.",
  otp: 'Enter the one-time code your card issuer sent you.',
  phone: 'Enter the phone number your bank has for this card.',
  birthday: 'Enter your date of birth.',
  address: "Enter your card's billing address.",
};

/** What the customer must do next, as the checkout and the intent show it: the step, in words. */
export function nextActionOf(intent: PaymentIntent): { type: Step; message: string } | null {
  const step = intent.next_action as Step | null;
  if (step == null) return null;
  return { type: step, message: intent.next_action_message ?? STEP_PROMPTS[step] };
}

/** Every attempt at paying one of the caller's intents, oldest first. */
export async function listPaymentAttempts(em: EntityManager, caller: Caller, paymentIntentId: string): Promise<PaymentAttempt[]> {
  await retrievePaymentIntent(em, caller, paymentIntentId); // another merchant's or mode's intent is not found
  return em.find(PaymentAttempt, { payment_intent_id: paymentIntentId }, { orderBy: { created_at: 'asc', id: 'asc' } });
}
