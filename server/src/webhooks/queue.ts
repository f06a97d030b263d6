// The webhook queue's one statement (see Migration20261124080000_webhook_cycle.ts and the queue's
// earlier migrations): record the results that came in, take due attempts, and say when the next
// one is due, in one round trip.
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

/** An attempt made, to be recorded: `retryMs` is the wait before the next step, null after the last. */
export interface MadeAttempt {
  claim: ScheduledClaim;
  result: AttemptResult;
  retryMs: number | null;
}

export interface CycleRequest {
  /** Results to record, in this order. */
  made: readonly MadeAttempt[];
  /** An endpoint failing without one success for this long is disabled. */
  disableAfterSeconds: number;
  /** Due attempts to take at most (0: none). */
  limit: number;
  /** A healthy endpoint's attempts in flight at most (new and failing ones: one). */
  perEndpoint: number;
  /** Attempts to failing endpoints to take in this claim at most. */
  failingLimit: number;
  leaseMs: number;
}

export interface CycleOutcome {
  /** What each recorded result made of its event: its delivery status, or endpoint_disabled. */
  recorded: { deliveryId: string; status: string | null }[];
  claims: ScheduledClaim[];
  /**
   * Asked only when fewer attempts were taken than `limit`: milliseconds until the next waiting
   * attempt is due (0: one is due already but its endpoint has no room), null when none waits.
   */
  nextDueMs: number | null | undefined;
}

interface CycleRow {
  event_id: string | null;
  endpoint_id: string | null;
  step: number | null;
  delivery_id: string | null;
  url: string | null;
  secrets: string[] | null;
  payload: string | null;
  livemode: boolean | null;
  failing: boolean | null;
  recorded: string | null;
  next_due_ms: string | null;
}

/**
 * Records what was made and takes what is due, fairly across endpoints and within their caps;
 * one round trip and one transaction (what it records, it records all together or not at all).
 */
export async function cycle(em: EntityManager, request: CycleRequest): Promise<CycleOutcome> {
  const made = request.made;
  const ids = Array.from({ length: request.limit }, () => newId('whd'));
  const rows = await sql<CycleRow>(em, 'select * from webhook_cycle($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)', [
    made.map((m) => m.claim.deliveryId),
    made.map((m) => m.result.ok),
    made.map((m) => m.result.status),
    made.map((m) => m.result.body),
    made.map((m) => m.result.error),
    made.map((m) => m.result.durationMs),
    made.map((m) => m.retryMs),
    request.disableAfterSeconds,
    request.limit,
    request.perEndpoint,
    request.failingLimit,
    request.leaseMs,
    ids,
    made.map((m) => m.result.clockSkewSeconds ?? null),
  ]);
  const outcome: CycleOutcome = { recorded: [], claims: [], nextDueMs: undefined };
  for (const row of rows) {
    if (row.event_id !== null) {
      outcome.claims.push({
        eventId: row.event_id,
        endpointId: row.endpoint_id!,
        step: row.step!,
        deliveryId: row.delivery_id!,
        livemode: row.livemode!,
        url: row.url!,
        secrets: row.secrets!,
        payload: row.payload!,
        failing: row.failing!,
      });
    } else if (row.delivery_id !== null) {
      outcome.recorded.push({ deliveryId: row.delivery_id, status: row.recorded });
    } else {
      outcome.nextDueMs = row.next_due_ms === null ? null : Number(row.next_due_ms);
    }
  }
  return outcome;
}
