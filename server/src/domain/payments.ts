// How a customer pays an intent: attempts, the processor's answers, and what a success or a
// failure changes. Every outcome is settled in one transaction with its ledger posting and event.
import { timingSafeEqual } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Boss } from '../jobs/boss.ts';
import { sendInTransaction } from '../jobs/boss.ts';
import { Merchant, PaymentAttempt, PaymentIntent } from '../persistence/entities/index.ts';
import { newId, sha256Hex } from '../ids.ts';
import { cardBrand, cardDigits, hasExpired, passesLuhn, type CardInput } from './card.ts';
import { ApiError } from './errors.ts';
import { recordEvent } from './events.ts';
import { cardNetwork, merchantAccount, platformFees, post } from './ledger.ts';
import { koboToWire, negate, netOfFee, serviceFee } from './money.ts';
import type { Processor, Settlement } from './processor/processor.ts';

/** Completes the attempts the processor left processing. */
export const PAYMENT_COMPLETION_QUEUE = 'payment-completion';

export interface PaymentsContext {
  boss: Boss;
  processors: { test: Processor; live: Processor };
  /** How long the simulator's "processing" cards stay processing. */
  processingDelayMs: number;
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
      throw refuse('This payment intent was canceled and can no longer be paid.');
    case 'requires_authentication':
      if (intent.expires_at.getTime() <= now.getTime()) throw refuse('This payment intent has expired and can no longer be paid.');
  }
}

export interface ConfirmInput {
  card: CardInput;
  email?: string;
}

/** A new payment attempt with a card. A declined card is not an error: the intent carries last_error. */
export async function confirmPayment(
  em: EntityManager,
  ctx: PaymentsContext,
  id: string,
  clientSecret: string,
  input: ConfirmInput,
): Promise<PaymentIntent> {
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
    await abandonPendingAttempts(tx, intent.id, now);

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
    });

    switch (authorization.outcome) {
      case 'succeeded':
      case 'failed':
        await settle(tx, ctx.boss, intent, attempt, authorization);
        break;
      case 'requires_otp':
        attempt.status = 'requires_otp';
        attempt.processor_reference = authorization.reference;
        intent.next_action = 'otp';
        intent.last_error = null;
        break;
      case 'processing':
        attempt.processor_reference = authorization.reference;
        intent.status = 'processing';
        intent.next_action = null;
        intent.last_error = null;
        await tx.flush();
        await sendInTransaction(ctx.boss, tx, PAYMENT_COMPLETION_QUEUE, { attempt_id: attempt.id }, {
          startAfter: new Date(now.getTime() + ctx.processingDelayMs),
          retryLimit: 10,
          retryDelay: 5,
        });
        break;
    }
    return intent;
  });
}

/** The customer's one-time code for an attempt that asked for one. */
export async function submitOtp(em: EntityManager, ctx: PaymentsContext, id: string, clientSecret: string, otp: string): Promise<PaymentIntent> {
  return em.transactional(async (tx) => {
    const intent = await intentForClientSecret(tx, id, clientSecret, { lock: true });
    assertPayable(intent, new Date());
    const attempt = intent.next_action === 'otp' ? await tx.findOne(PaymentAttempt, { payment_intent_id: intent.id, status: 'requires_otp' }) : null;
    if (attempt === null) {
      throw new ApiError('payment_intent_unexpected_state', 'No one-time code is awaited for this payment; enter the card first.');
    }
    const processor = intent.livemode ? ctx.processors.live : ctx.processors.test;
    await settle(tx, ctx.boss, intent, attempt, await processor.submitOtp(attempt.processor_reference!, otp));
    return intent;
  });
}

/** The job that finishes a processing attempt; safe to run more than once. */
export async function completeProcessingAttempt(em: EntityManager, ctx: PaymentsContext, attemptId: string): Promise<void> {
  await em.transactional(async (tx) => {
    const attempt = await tx.findOne(PaymentAttempt, { id: attemptId });
    if (attempt === null || attempt.status !== 'processing') return;
    const intent = await tx.findOneOrFail(PaymentIntent, { id: attempt.payment_intent_id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (intent.status !== 'processing') return;
    const processor = intent.livemode ? ctx.processors.live : ctx.processors.test;
    await settle(tx, ctx.boss, intent, attempt, await processor.complete(attempt.processor_reference!));
  });
}

/** A card that asked for an OTP and was never finished does not block a new attempt (or a cancel). */
export async function abandonPendingAttempts(em: EntityManager, intentId: string, now: Date): Promise<void> {
  const pending = await em.find(PaymentAttempt, { payment_intent_id: intentId, status: 'requires_otp' });
  for (const attempt of pending) {
    attempt.status = 'abandoned';
    attempt.completed_at = now;
  }
}

/** Applies the processor's final word to the intent, the ledger and the events, in `em`'s transaction. */
async function settle(em: EntityManager, boss: Boss, intent: PaymentIntent, attempt: PaymentAttempt, result: Settlement): Promise<void> {
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
    await recordEvent(em, boss, scope, 'payment_intent.failed', { id: intent.id, last_error: result.code }, intent.id);
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
    entries: [
      { account: cardNetwork(intent.livemode, intent.merchant_id), amount: negate(intent.amount) },
      { account: merchantAccount(intent.livemode, intent.merchant_id), amount: netOfFee(intent.amount, fee) },
      { account: platformFees(intent.livemode, intent.merchant_id), amount: fee },
    ],
  });
  await recordEvent(
    em,
    boss,
    scope,
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

