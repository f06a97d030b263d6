import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { IdempotencyKey } from '../persistence/entities/index.ts';
import { sql } from '../persistence/sql.ts';
import { ApiError } from './errors.ts';
import type { Caller } from './merchants.ts';

/** How long a key's first answer is remembered. */
export const IDEMPOTENCY_RETENTION_HOURS = 24;

export interface IdempotentRequest {
  key: string;
  /** The operation the key was first used on; the same key on another operation is refused. */
  operation: string;
  /** The request's parameters (its JSON body); the same key with any other parameters is refused. */
  params: Record<string, unknown>;
}

export interface StoredResponse {
  status: number;
  /** The exact JSON text of the first answer. */
  body: string;
}

export interface WorkResult extends StoredResponse {
  /**
   * Parameters the request left out and the work filled in (a refund's amount: what was left to
   * refund). A retry that writes one in with the same value is the same request.
   */
  filled?: Record<string, unknown>;
}

// What is stored of a request to compare its retries with. Keys stored before this format (v 2)
// hold only the money fields, and are compared on those alone until they expire.
interface Fingerprint {
  v: 2;
  params: Record<string, unknown>;
  filled: Record<string, unknown>;
}

/**
 * Runs `work` at most once per (merchant, mode, key). The work, the record of its answer and the
 * objects it creates commit in one transaction, so a crash leaves either everything or nothing.
 * A transaction-scoped advisory lock admits one request per key at a time: a second request that
 * arrives while the first is running gets 409 idempotency_key_in_use; one that arrives after it
 * committed gets the remembered answer. Only 2xx answers are remembered (a failed request throws,
 * rolls back, and can be retried with the same key).
 */
export async function runIdempotently(
  em: EntityManager,
  caller: Caller,
  request: IdempotentRequest,
  work: (tx: EntityManager) => Promise<WorkResult>,
): Promise<StoredResponse & { replayed: boolean }> {
  const scope = { merchant_id: caller.merchant.id, livemode: caller.livemode, key: request.key };
  return em.transactional(async (tx) => {
    const [row] = await tx.execute<{ locked: boolean }[]>('select pg_try_advisory_xact_lock(?) as locked', [
      idempotencyLockId(caller, request.key),
    ]);
    if (row?.locked !== true) {
      throw new ApiError(
        'idempotency_key_in_use',
        'A request with this Idempotency-Key is still being processed; retry after it completes.',
        'Idempotency-Key',
      );
    }
    await tx.nativeDelete(IdempotencyKey, {
      ...scope,
      created_at: { $lt: new Date(Date.now() - IDEMPOTENCY_RETENTION_HOURS * 3600_000) },
    });
    const previous = await tx.findOne(IdempotencyKey, scope);
    if (previous !== null) {
      if (previous.operation !== request.operation) {
        throw new ApiError('invalid_request', 'This Idempotency-Key was already used on another endpoint; use a new key.', 'Idempotency-Key');
      }
      const differs = differenceFrom(previous.fingerprint, request.params);
      if (differs !== null) {
        throw new ApiError(
          'invalid_request',
          `This Idempotency-Key was already used for a request with a different ${differs}. ` +
            'Reuse a key only to retry the very same request; use a new key for a new one.',
          'Idempotency-Key',
        );
      }
      return { status: previous.response_status, body: previous.response_body, replayed: true };
    }
    const { filled = {}, ...response } = await work(tx);
    if (response.status >= 200 && response.status < 300) {
      tx.create(IdempotencyKey, {
        ...scope,
        operation: request.operation,
        fingerprint: JSON.stringify({ v: 2, params: request.params, filled } satisfies Fingerprint),
        response_status: response.status,
        response_body: response.body,
        created_at: new Date(),
      });
    }
    return { ...response, replayed: false };
  });
}

/** The first parameter (a dotted path) in which `params` differ from the stored request's, or null. */
export function differenceFrom(stored: string, params: Record<string, unknown>): string | null {
  const parsed = JSON.parse(stored) as Fingerprint | Record<string, unknown>;
  if (parsed['v'] !== 2) {
    for (const [key, value] of Object.entries(parsed)) if (firstDifference(value, params[key] ?? null, key) !== null) return key;
    return null;
  }
  const { params: first, filled } = parsed as Fingerprint;
  for (const key of new Set([...Object.keys(params), ...Object.keys(first)])) {
    if (!Object.hasOwn(params, key)) return key; // left out now, sent the first time
    if (!Object.hasOwn(first, key)) {
      if (Object.hasOwn(filled, key) && firstDifference(filled[key], params[key], key) === null) continue;
      return key;
    }
    const differs = firstDifference(first[key], params[key], key);
    if (differs !== null) return differs;
  }
  return null;
}

// Where two JSON values first differ, as a dotted path under `path`; null when they are equal.
function firstDifference(a: unknown, b: unknown, path: string): string | null {
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      if (i >= a.length || i >= b.length) return `${path}.${i}`;
      const differs = firstDifference(a[i], b[i], `${path}.${i}`);
      if (differs !== null) return differs;
    }
    return null;
  }
  if (isObject(a) && isObject(b)) {
    for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
      // Own keys only: `__proto__` sent as a key is a key like any other.
      if (!Object.hasOwn(a, key) || !Object.hasOwn(b, key)) return `${path}.${key}`;
      const differs = firstDifference(a[key], b[key], `${path}.${key}`);
      if (differs !== null) return differs;
    }
    return null;
  }
  return a === b ? null : path;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Forgets answers older than the retention period (run periodically). */
/** Forgets up to `limit` keys past their 24 hours, oldest first (one short statement). */
export async function purgeExpiredIdempotencyKeys(em: EntityManager, limit: number): Promise<number> {
  const rows = await sql(
    em,
    `delete from idempotency_keys k
      using (select merchant_id, livemode, key from idempotency_keys
              where created_at < now() - make_interval(hours => $1) order by created_at limit $2 for update skip locked) old
      where (k.merchant_id, k.livemode, k.key) = (old.merchant_id, old.livemode, old.key)
      returning 1`,
    [IDEMPOTENCY_RETENTION_HOURS, limit],
  );
  return rows.length;
}

// A 64-bit advisory lock id for one key of one merchant in one mode. A collision between two
// different keys only makes one of them wait its turn (a 409), never shares an answer.
export function idempotencyLockId(caller: Caller, key: string): string {
  const digest = createHash('sha256').update(`idempotency\0${caller.merchant.id}\0${caller.livemode}\0${key}`).digest();
  return digest.readBigInt64BE(0).toString();
}
