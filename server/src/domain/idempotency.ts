import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { IdempotencyKey } from '../persistence/entities/index.ts';
import { ApiError } from './errors.ts';
import type { Caller } from './merchants.ts';

/** How long a key's first answer is remembered. */
export const IDEMPOTENCY_RETENTION_HOURS = 24;

export interface IdempotentRequest {
  key: string;
  /** The operation the key was first used on; the same key on another operation is refused. */
  operation: string;
  /** The money fields of the request; the same key with other money fields is refused. */
  fingerprint: string;
}

export interface StoredResponse {
  status: number;
  /** The exact JSON text of the first answer. */
  body: string;
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
  work: (tx: EntityManager) => Promise<StoredResponse>,
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
      if (previous.fingerprint !== request.fingerprint) {
        throw new ApiError(
          'invalid_request',
          'This Idempotency-Key was already used with different amount or currency fields; use a new key for a different payment.',
          'Idempotency-Key',
        );
      }
      return { status: previous.response_status, body: previous.response_body, replayed: true };
    }
    const response = await work(tx);
    if (response.status >= 200 && response.status < 300) {
      tx.create(IdempotencyKey, {
        ...scope,
        operation: request.operation,
        fingerprint: request.fingerprint,
        response_status: response.status,
        response_body: response.body,
        created_at: new Date(),
      });
    }
    return { ...response, replayed: false };
  });
}

/** Forgets answers older than the retention period (run periodically). */
export async function purgeExpiredIdempotencyKeys(em: EntityManager): Promise<number> {
  return em.nativeDelete(IdempotencyKey, {
    created_at: { $lt: new Date(Date.now() - IDEMPOTENCY_RETENTION_HOURS * 3600_000) },
  });
}

// A 64-bit advisory lock id for one key of one merchant in one mode. A collision between two
// different keys only makes one of them wait its turn (a 409), never shares an answer.
export function idempotencyLockId(caller: Caller, key: string): string {
  const digest = createHash('sha256').update(`idempotency\0${caller.merchant.id}\0${caller.livemode}\0${key}`).digest();
  return digest.readBigInt64BE(0).toString();
}
