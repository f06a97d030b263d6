import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { PaymentIntent, type PaymentIntentStatus } from '../persistence/entities/index.ts';
import { newClientSecret, newId, sha256Hex } from '../ids.ts';
import { ApiError, notFound } from './errors.ts';
import { koboFromRequest } from './money.ts';
import type { Caller } from './merchants.ts';

export interface CreatePaymentIntentInput {
  amount: number;
  currency: 'NGN';
  description?: string;
  metadata?: Record<string, unknown>;
  customer?: { email?: string; phone?: string };
}

/** Metadata is stored and sent in every event; this keeps an event comfortably small. */
export const MAX_METADATA_BYTES = 16 * 1024;

export interface CreatedPaymentIntent {
  intent: PaymentIntent;
  /** Returned to the merchant once, in the create response; only its hash is stored. */
  clientSecret: string;
}

export async function createPaymentIntent(
  em: EntityManager,
  caller: Caller,
  input: CreatePaymentIntentInput,
  options: { ttlSeconds: number },
): Promise<CreatedPaymentIntent> {
  const metadata = input.metadata ?? {};
  if (Buffer.byteLength(JSON.stringify(metadata), 'utf8') > MAX_METADATA_BYTES) {
    throw new ApiError('invalid_request', `metadata must be at most ${MAX_METADATA_BYTES} bytes as JSON.`, 'metadata');
  }
  const now = new Date();
  const id = newId('pi');
  const clientSecret = newClientSecret(id);
  const intent = em.create(PaymentIntent, {
    id,
    merchant_id: caller.merchant.id,
    livemode: caller.livemode,
    amount: koboFromRequest(input.amount),
    currency: input.currency,
    description: input.description ?? '',
    metadata,
    status: 'requires_authentication',
    method: null,
    customer_email: input.customer?.email ?? null,
    customer_phone: input.customer?.phone ?? null,
    client_secret_hash: sha256Hex(clientSecret),
    amount_refunded: 0n,
    service_fee: null,
    last_error: null,
    next_action: null,
    cancellation_reason: null,
    created_at: now,
    expires_at: new Date(now.getTime() + options.ttlSeconds * 1000),
    succeeded_at: null,
    canceled_at: null,
  });
  await em.flush();
  return { intent, clientSecret };
}

/** The caller's intent; another merchant's or the other mode's is simply not found. */
export async function retrievePaymentIntent(em: EntityManager, caller: Caller, id: string, lock = false): Promise<PaymentIntent> {
  const intent = await em.findOne(
    PaymentIntent,
    { id, merchant_id: caller.merchant.id, livemode: caller.livemode },
    lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {},
  );
  if (intent === null) throw notFound('payment_intent', id);
  return intent;
}

/**
 * Cancels an unpaid intent. Canceling a canceled intent returns it unchanged; a processing or
 * succeeded one has taken the customer's money and must be refunded instead.
 */
export async function cancelPaymentIntent(em: EntityManager, caller: Caller, id: string): Promise<PaymentIntent> {
  return em.transactional(async (tx) => {
    const intent = await retrievePaymentIntent(tx, caller, id, true);
    switch (intent.status) {
      case 'canceled':
        return intent;
      case 'processing':
      case 'succeeded':
        throw new ApiError(
          'payment_intent_unexpected_state',
          `This payment intent is ${intent.status} and cannot be canceled; refund it instead.`,
        );
      case 'requires_authentication':
        intent.status = 'canceled';
        intent.canceled_at = new Date();
        intent.cancellation_reason = 'requested_by_merchant';
        intent.next_action = null;
        return intent;
    }
  });
}

export interface ListOptions {
  limit: number;
  startingAfter?: string;
  endingBefore?: string;
  status?: PaymentIntentStatus;
}

/** Newest first; `starting_after` pages towards older intents, `ending_before` towards newer ones. */
export async function listPaymentIntents(
  em: EntityManager,
  caller: Caller,
  options: ListOptions,
): Promise<{ data: PaymentIntent[]; hasMore: boolean }> {
  if (options.startingAfter !== undefined && options.endingBefore !== undefined) {
    throw new ApiError('invalid_request', 'Give starting_after or ending_before, not both.', 'ending_before');
  }
  const scope = {
    merchant_id: caller.merchant.id,
    livemode: caller.livemode,
    ...(options.status === undefined ? {} : { status: options.status }),
  };
  const cursorId = options.startingAfter ?? options.endingBefore;
  const olderFirst = options.endingBefore === undefined;
  let where: object = scope;
  if (cursorId !== undefined) {
    const param = olderFirst ? 'starting_after' : 'ending_before';
    const cursor = await em.findOne(PaymentIntent, { id: cursorId, merchant_id: caller.merchant.id, livemode: caller.livemode });
    if (cursor === null) throw new ApiError('invalid_request', `${param} names no payment intent of yours in this mode: '${cursorId}'.`, param);
    const op = olderFirst ? '$lt' : '$gt';
    where = {
      ...scope,
      $or: [{ created_at: { [op]: cursor.created_at } }, { created_at: cursor.created_at, id: { [op]: cursor.id } }],
    };
  }
  const direction = olderFirst ? 'desc' : 'asc';
  const rows = await em.find(PaymentIntent, where, {
    orderBy: { created_at: direction, id: direction },
    limit: options.limit + 1,
  });
  const hasMore = rows.length > options.limit;
  const page = rows.slice(0, options.limit);
  return { data: olderFirst ? page : page.reverse(), hasMore };
}
