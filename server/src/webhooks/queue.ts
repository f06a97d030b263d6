// The webhook queue's three statements (see Migration20261124030000_webhook_queue.ts): take due
// attempts, record one's result, and say when the next one is due.
import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../ids.ts';
import { sql } from '../persistence/sql.ts';
import type { AttemptResult } from './send.ts';
import type { Claim } from './deliver.ts';

export interface ScheduledClaim extends Claim {
  eventId: string;
  endpointId: string;
  /** The step of the retry schedule this attempt is (1 is the first). */
  step: number;
  /** Whether its endpoint has been failing (since its last success). */
  failing: boolean;
}

/**
 * Takes up to `limit` due attempts, fairly across endpoints and within their caps (a failing
 * endpoint: one at a time, and at most `failingLimit` of them in this claim); one round trip.
 */
export async function claimDue(
  em: EntityManager,
  limit: number,
  perEndpoint: number,
  failingLimit: number,
  leaseMs: number,
): Promise<ScheduledClaim[]> {
  const ids = Array.from({ length: limit }, () => newId('whd'));
  const rows = await sql<{
    event_id: string;
    endpoint_id: string;
    step: number;
    delivery_id: string;
    url: string;
    secrets: string[];
    payload: string;
    livemode: boolean;
    failing: boolean;
  }>(em, 'select * from webhook_claim($1, $2, $3, $4, $5)', [limit, perEndpoint, failingLimit, leaseMs, ids]);
  return rows.map((row) => ({
    eventId: row.event_id,
    endpointId: row.endpoint_id,
    step: row.step,
    deliveryId: row.delivery_id,
    livemode: row.livemode,
    url: row.url,
    secrets: row.secrets,
    payload: row.payload,
    failing: row.failing,
  }));
}

/**
 * Records an attempt's result and moves its event's schedule on; one round trip. `retryMs` is the
 * wait before the next step, null after the last one.
 */
export async function recordAttempt(
  em: EntityManager,
  deliveryId: string,
  result: AttemptResult,
  retryMs: number | null,
  disableAfterSeconds: number,
): Promise<string | null> {
  const [row] = await sql<{ status: string | null }>(
    em,
    'select webhook_record($1, $2, $3, $4, $5, $6, $7, $8) as status',
    [deliveryId, result.ok, result.status, result.body, result.error, result.durationMs, retryMs, disableAfterSeconds],
  );
  return row?.status ?? null;
}

/**
 * Milliseconds until the next waiting attempt is due: 0 when one is due already (it waits for
 * room at its endpoint), null when none waits at all.
 */
export async function nextDueInMs(em: EntityManager): Promise<number | null> {
  const [row] = await sql<{ ms: string | null }>(
    em,
    `select case when min(due_at) is null then null
                 else greatest(0, ceil(extract(epoch from min(due_at) - clock_timestamp()) * 1000)) end::bigint as ms
       from webhook_queue where leased_until is null`,
  );
  return row?.ms == null ? null : Number(row.ms);
}
