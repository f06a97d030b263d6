// Card testing and guessing are stopped by counting failed payment attempts (declined cards,
// wrong OTPs) twice: per intent, which is canceled once its customer has failed too often, and
// per client address across every intent, which is then refused before any card is tried. Both
// counts live in PostgreSQL, so every API process sees the same ones.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../persistence/sql.ts';
import { ApiError } from './errors.ts';

export interface FailedAttemptLimits {
  /** Failed attempts after which an intent is canceled (`too_many_failed_attempts`). */
  perIntent: number;
  /** Failed attempts from one client, over all intents, within FAILURE_WINDOW_SECONDS. */
  perClient: number;
}

/** An hour: long enough to make card testing slow, short enough to forgive a customer's bad day. */
export const FAILURE_WINDOW_SECONDS = 3600;

/**
 * Reserves a place among the client's failures before a card is tried, so that attempts sent in
 * parallel are counted like attempts sent one after another; the caller gives it back with
 * `release` unless the attempt failed. Past the limit: 429 rate_limited, with the wait.
 */
export async function reserveAttempt(em: EntityManager, client: string, limit: number): Promise<string> {
  const [row] = await sql<{ reservation: string | null; retry_after: number | null }>(
    em,
    'select reservation, retry_after from payment_attempt_reserve($1, $2, $3)',
    [client, limit, FAILURE_WINDOW_SECONDS],
  );
  if (row?.reservation == null) {
    const seconds = row?.retry_after ?? FAILURE_WINDOW_SECONDS;
    const minutes = Math.ceil(seconds / 60);
    throw new ApiError(
      'rate_limited',
      `Too many failed payment attempts from your network. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      undefined,
      { retryAfterSeconds: seconds },
    );
  }
  return String(row.reservation);
}

/** Gives back a reservation whose attempt did not fail (it succeeded, awaits an OTP, or was refused). */
export async function releaseAttempt(em: EntityManager, reservation: string): Promise<void> {
  await sql(em, 'delete from payment_attempt_failures where id = $1', [reservation]);
}

/** Counts a failure that came after its request was answered (a processing payment declined, an OTP abandoned). */
export async function recordLateFailure(em: EntityManager, client: string | null): Promise<void> {
  if (client === null) return;
  await sql(em, 'insert into payment_attempt_failures (client, failed_at) values ($1, clock_timestamp())', [client]);
}

/** Forgets up to `limit` failures that no longer count (run periodically; every reservation also sweeps its own client). */
export async function purgeOldFailures(em: EntityManager, limit: number): Promise<number> {
  const rows = await sql(
    em,
    `delete from payment_attempt_failures
      where id in (select id from payment_attempt_failures where failed_at < now() - make_interval(secs => $1) order by failed_at limit $2 for update skip locked)
      returning 1`,
    [FAILURE_WINDOW_SECONDS, limit],
  );
  return rows.length;
}

/** Attempts at the intent that failed or were abandoned (an OTP never given): the per-intent count. */
export async function countFailedAttempts(em: EntityManager, intentId: string): Promise<number> {
  await em.flush();
  const [counted] = await sql<{ failed: number }>(
    em,
    "select count(*)::int as failed from payment_attempts where payment_intent_id = $1 and status in ('failed', 'abandoned')",
    [intentId],
  );
  return counted?.failed ?? 0;
}
