import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { components } from '../generated/openapi.ts';
import { sql, type Runner } from '../persistence/sql.ts';
import { PaymentAttempt, PaymentIntent, type PaymentIntentStatus } from '../persistence/entities/index.ts';
import { newClientSecret, newId, sha256Hex } from '../ids.ts';
import { ApiError, notFound } from './errors.ts';
import { koboFromDb, koboFromRequest, netOfFeesAndRefunds, type Kobo } from './money.ts';
import { insertPaymentIntent, intentFromRow, PAYMENT_INTENT_COLUMNS, selectOwnPaymentIntent } from '../persistence/payment-intent-rows.ts';
import { recordEvent } from './events.ts';
import { assertAcceptableReturnUrl } from './return-url.ts';
import { pageOf, type Page, type PageOptions } from './pagination.ts';
import type { Caller } from './merchants.ts';

/** What a merchant asks for when it creates an intent, exactly as the contract has it. */
export type CreatePaymentIntentInput = components['schemas']['CreatePaymentIntentRequest'];

/** Metadata is stored and sent in every event; this keeps an event comfortably small. */
export const MAX_METADATA_BYTES = 16 * 1024;

/** Deep enough for any real order data; deeper structures are refused before they cost anything. */
export const MAX_METADATA_DEPTH = 20;

// The metadata's size as JSON, or Infinity when it is nested deeper than MAX_METADATA_DEPTH.
function metadataBytes(metadata: unknown): number {
  const depth = (value: unknown, level: number): number => {
    if (level > MAX_METADATA_DEPTH || value === null || typeof value !== 'object') return level;
    let deepest = level;
    for (const child of Object.values(value)) {
      deepest = Math.max(deepest, depth(child, level + 1));
      if (deepest > MAX_METADATA_DEPTH) break;
    }
    return deepest;
  };
  if (depth(metadata, 0) > MAX_METADATA_DEPTH) return Infinity;
  return Buffer.byteLength(JSON.stringify(metadata), 'utf8');
}

export interface CreatedPaymentIntent {
  intent: PaymentIntent;
  /**
   * Returned to the merchant in the create response. The intent keeps only its hash; a create sent
   * with an Idempotency-Key also keeps the whole first answer, secret included, for its 24-hour replay.
   */
  clientSecret: string;
}

export async function createPaymentIntent(
  runner: Runner,
  caller: Caller,
  input: CreatePaymentIntentInput,
  options: { ttlSeconds: number },
): Promise<CreatedPaymentIntent> {
  const metadata = input.metadata ?? {};
  if (metadataBytes(metadata) > MAX_METADATA_BYTES) {
    throw new ApiError('invalid_request', `metadata must be at most ${MAX_METADATA_BYTES} bytes as JSON, nested at most ${MAX_METADATA_DEPTH} deep.`, 'metadata');
  }
  if (input.return_url !== undefined) assertAcceptableReturnUrl(input.return_url, caller.livemode);
  const now = new Date();
  const id = newId('pi');
  const clientSecret = newClientSecret(id);
  const intent: PaymentIntent = {
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
    next_action_message: null,
    cancellation_reason: null,
    created_at: now,
    expires_at: new Date(now.getTime() + options.ttlSeconds * 1000),
    succeeded_at: null,
    canceled_at: null,
    funds_available_at: null,
    funds_settled_at: null,
    return_url: input.return_url ?? null,
  };
  // One INSERT: atomic on its own, so no transaction is opened unless the caller has one.
  await insertPaymentIntent(runner, intent);
  return { intent, clientSecret };
}

/** The caller's intent; another merchant's or the other mode's is simply not found. */
export async function retrievePaymentIntent(runner: Runner, caller: Caller, id: string): Promise<PaymentIntent> {
  const intent = await selectOwnPaymentIntent(runner, id, caller.merchant.id, caller.livemode);
  if (intent === null) throw notFound('payment_intent', id);
  return intent;
}

/** The caller's intent, locked for the rest of `em`'s transaction. */
async function lockOwnPaymentIntent(em: EntityManager, caller: Caller, id: string): Promise<PaymentIntent> {
  const intent = await em.findOne(
    PaymentIntent,
    { id, merchant_id: caller.merchant.id, livemode: caller.livemode },
    { lockMode: LockMode.PESSIMISTIC_WRITE },
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
    const intent = await lockOwnPaymentIntent(tx, caller, id);
    switch (intent.status) {
      case 'canceled':
        return intent;
      case 'processing':
      case 'succeeded':
        throw new ApiError(
          'payment_intent_unexpected_state',
          `This payment intent ${intent.status === 'succeeded' ? 'has succeeded' : 'is processing'} and cannot be canceled; refund it instead.`,
        );
      case 'requires_authentication':
        await cancelOpenIntent(tx, intent, 'requested_by_merchant');
        return intent;
    }
  });
}

/** Cancels an unpaid intent (locked by the caller) and records payment_intent.canceled. */
export async function cancelOpenIntent(
  em: EntityManager,
  intent: PaymentIntent,
  reason: 'requested_by_merchant' | 'expired' | 'too_many_failed_attempts',
): Promise<void> {
  const now = new Date();
  intent.status = 'canceled';
  intent.canceled_at = now;
  intent.cancellation_reason = reason;
  intent.next_action = null;
  intent.next_action_message = null;
  await abandonPendingAttempts(em, intent.id, now);
  await recordEvent(em, { merchantId: intent.merchant_id, livemode: intent.livemode },
    'payment_intent.canceled',
    { id: intent.id, cancellation_reason: reason },
    intent.id,
  );
}

/**
 * A card that asked for a step (an OTP, a PIN, ...) and was never finished does not block a new
 * attempt (or a cancel). Answers the attempts abandoned.
 */
export async function abandonPendingAttempts(em: EntityManager, intentId: string, now: Date): Promise<PaymentAttempt[]> {
  const pending = await em.find(PaymentAttempt, { payment_intent_id: intentId, status: { $in: ['requires_otp', 'requires_action'] } });
  for (const attempt of pending) {
    attempt.status = 'abandoned';
    attempt.completed_at = now;
  }
  return pending;
}

/** Cancels up to `batch` unpaid intents past their expiry; returns how many. */
export async function expireIntents(em: EntityManager, batch = 100): Promise<number> {
  return em.transactional(async (tx) => {
    // SKIP LOCKED: an intent a customer is paying right now is left for the next sweep.
    const due = await tx.find(
      PaymentIntent,
      { status: 'requires_authentication', expires_at: { $lte: new Date() } },
      { lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE, limit: batch, orderBy: { expires_at: 'asc' } },
    );
    for (const intent of due) await cancelOpenIntent(tx, intent, 'expired');
    return due.length;
  });
}

export interface ListOptions extends PageOptions {
  /** Only intents a merchant would read as this (see displayStatus). */
  status?: StatusFilter;
  /** Unix seconds: only intents created in [gte, lt). */
  created?: { gte?: number; lt?: number };
  /** An intent id, an exact customer e-mail or phone, a word of the description, or a metadata value. */
  q?: string;
}

/**
 * A list's filters as SQL (beyond the caller's own merchant and mode), each value bound through
 * `bind`: the status, the created range (Unix seconds), and what `q` finds (an id, an exact e-mail
 * in any case, a phone, a description word, a metadata value). The list, its totals and the
 * export all filter with this one function.
 */
function filterSql(options: Omit<ListOptions, keyof PageOptions>, bind: (value: unknown) => string): string {
  const conditions: string[] = [];
  if (options.status !== undefined) conditions.push(statusSql(options.status, bind));
  if (options.created?.gte !== undefined) conditions.push(`created_at >= ${bind(new Date(options.created.gte * 1000))}`);
  if (options.created?.lt !== undefined) conditions.push(`created_at < ${bind(new Date(options.created.lt * 1000))}`);
  const q = options.q?.trim();
  if (q !== undefined && q !== '') {
    const term = bind(q);
    conditions.push(
      `(id = ${term} or lower(customer_email) = lower(${term}) or customer_phone = ${term}
        or to_tsvector('simple', description) @@ plainto_tsquery('simple', ${term}) or nf_metadata_values(metadata) @> array[${term}::text])`,
    );
  }
  return conditions.length === 0 ? 'true' : conditions.join(' and ');
}

/**
 * What a list's `status` finds: intents a merchant reads as one status (displayStatus, the same
 * mapping in SQL), or intents in one lifecycle `status` (as API 2026-11-24 read `succeeded` and
 * `canceled`, and as `requires_authentication` still reads: every unpaid intent still open).
 */
export type StatusFilter = { shown: DisplayStatus } | { lifecycle: PaymentIntentStatus };

function statusSql(filter: StatusFilter, bind: (value: unknown) => string): string {
  if ('lifecycle' in filter) return `status = ${bind(filter.lifecycle)}`;
  const open = `status = 'requires_authentication'`;
  switch (filter.shown) {
    case 'succeeded':
      return `status = 'succeeded' and amount_refunded = 0`;
    case 'partially_refunded':
      return `status = 'succeeded' and amount_refunded > 0 and amount_refunded < amount`;
    case 'refunded':
      return `status = 'succeeded' and amount_refunded > 0 and amount_refunded >= amount`;
    case 'processing':
      return `status = 'processing'`;
    case 'canceled':
      return `status = 'canceled' and cancellation_reason is distinct from 'expired'`;
    case 'expired':
      return `((status = 'canceled' and cancellation_reason = 'expired') or (${open} and expires_at <= ${bind(new Date())}))`;
    case 'awaiting_payment':
      return `${open} and expires_at > ${bind(new Date())} and last_error is null`;
    case 'failed':
      return `${open} and expires_at > ${bind(new Date())} and last_error is not null`;
  }
}

/** The caller's intents a list's filters find, as a where clause and its values ($1 and $2: merchant and mode). */
export function ownIntentsWhere(caller: Caller, options: Omit<ListOptions, keyof PageOptions>): { where: string; params: unknown[] } {
  const params: unknown[] = [caller.merchant.id, caller.livemode];
  const where = `merchant_id = $1 and livemode = $2 and ${filterSql(options, (value) => {
    params.push(value);
    return `$${params.length}`;
  })}`;
  return { where, params };
}

/** Newest first; `starting_after` pages towards older intents, `ending_before` towards newer ones. */
export async function listPaymentIntents(em: EntityManager, caller: Caller, options: ListOptions): Promise<Page<PaymentIntent>> {
  return pageOf(
    em,
    {
      table: 'payment_intents',
      columns: PAYMENT_INTENT_COLUMNS,
      fromRow: intentFromRow,
      merchantId: caller.merchant.id,
      livemode: caller.livemode,
      filters: {},
      where: (bind) => filterSql(options, bind),
      noun: 'payment intent',
      matchesFirst: isSearch(options),
    },
    options,
  );
}

/** Whether a list's filters search (`q`): its matches are found first, then ordered. */
const isSearch = (options: Omit<ListOptions, keyof PageOptions>): boolean => (options.q?.trim() ?? '') !== '';

export interface ListTotals {
  /** How many intents the filter finds. */
  count: number;
  /** Of those, the amounts of the succeeded ones. */
  volume: Kobo;
  fees: Kobo;
  refunded: Kobo;
  net: Kobo;
}

/** The figures of every intent a list's filter finds (all its pages), added up by PostgreSQL. */
export async function listTotals(em: EntityManager, caller: Caller, options: ListOptions): Promise<ListTotals> {
  const { where, params } = ownIntentsWhere(caller, options);
  const [row] = await sql<{ count: number; volume: string; fees: string; refunded: string }>(
    em,
    `select count(*)::int as count,
            coalesce(sum(amount) filter (where status = 'succeeded'), 0)::text as volume,
            coalesce(sum(service_fee) filter (where status = 'succeeded'), 0)::text as fees,
            coalesce(sum(amount_refunded), 0)::text as refunded
       from payment_intents where ${where}`,
    params,
    // Planned for its values: a generic plan for "any" filter would read the whole merchant.
    { planEachTime: true },
  );
  const volume = koboFromDb(row!.volume);
  const fees = koboFromDb(row!.fees);
  const refunded = koboFromDb(row!.refunded);
  return { count: row!.count, volume, fees, refunded, net: netOfFeesAndRefunds(volume, fees, refunded) };
}

/**
 * How a payment stands, in the words a merchant reads it in (the dashboard's list, detail, search
 * and export all show this one mapping): a succeeded payment refunded in part or in full says so,
 * an unpaid one whose last attempt was declined has failed, and one past its expiry has expired.
 */
export const DISPLAY_STATUSES = ['succeeded', 'partially_refunded', 'refunded', 'failed', 'processing', 'awaiting_payment', 'expired', 'canceled'] as const;
export type DisplayStatus = (typeof DISPLAY_STATUSES)[number];
export function displayStatus(intent: Pick<PaymentIntent, 'status' | 'amount' | 'amount_refunded' | 'last_error' | 'cancellation_reason' | 'expires_at'>, now = new Date()): DisplayStatus {
  switch (intent.status) {
    case 'succeeded':
      if (intent.amount_refunded === 0n) return 'succeeded';
      return intent.amount_refunded >= intent.amount ? 'refunded' : 'partially_refunded';
    case 'processing':
      return 'processing';
    case 'canceled':
      return intent.cancellation_reason === 'expired' ? 'expired' : 'canceled';
    case 'requires_authentication':
      if (intent.expires_at.getTime() <= now.getTime()) return 'expired';
      return intent.last_error == null ? 'awaiting_payment' : 'failed';
  }
}
