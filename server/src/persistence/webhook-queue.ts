// Every statement that reads or writes the webhook queue (webhook_queue: one row per event still
// being delivered, see webhook-queue.sql for the table and the functions these call). The
// dispatcher's turn, the first attempt written with its event, an endpoint's queue dropped, a
// delivery made by hand ending the schedule, a recovery bringing attempts forward, and the
// backlog the metrics show.
//
// Locks are taken in one order: a queue row before its event's row; what holds an endpoint's row
// first takes its queue rows with skip locked (see webhook-queue.sql).
import type { EntityManager } from '@mikro-orm/postgresql';
import { EVENT_STREAM_CHANNEL, WEBHOOK_CHANNEL } from './notifications.ts';
import { sql, type Runner } from './sql.ts';

/** One attempt to make: where to, signed with what, carrying which bytes. */
export interface Claim {
  deliveryId: string;
  livemode: boolean;
  url: string;
  secrets: string[];
  payload: string;
}

/** What came of one attempt: any 2xx within the timeout is `ok`; `body` is the start of the answer. */
export interface AttemptResult {
  ok: boolean;
  status: number | null;
  body: string | null;
  error: string | null;
  durationMs: number;
  /**
   * How far the receiver's clock is ahead of ours (behind when negative), in whole seconds, from
   * its answer's Date header; null without an answer or a readable Date.
   */
  clockSkewSeconds?: number | null;
}

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
  /** Fresh delivery ids, at least `limit` of them; those the claim writes are gone from the array when this returns. */
  ids: string[];
  /** Make attempts whose lease ran out (their worker died) due again first. */
  expireLeases: boolean;
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
 * A dispatcher's turn (webhook_cycle): records what was made and takes what is due, fairly across
 * endpoints and within their caps; one round trip and one transaction (what it records, it
 * records all together or not at all).
 */
export async function cycle(runner: Runner, request: CycleRequest): Promise<CycleOutcome> {
  const made = request.made;
  const ids = request.ids.slice(0, request.limit);
  const rows = await sql<CycleRow>(runner, 'select * from webhook_cycle($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)', [
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
    // As an array literal: the ids are base62, nothing to escape, and the driver need not look at each.
    `{${ids.join(',')}}`,
    made.map((m) => m.result.clockSkewSeconds ?? null),
    request.expireLeases,
  ]);
  const outcome: CycleOutcome = { recorded: [], claims: [], nextDueMs: undefined };
  const used = new Set<string>();
  for (const row of rows) {
    if (row.event_id !== null) {
      used.add(row.delivery_id!);
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
  if (used.size > 0) {
    const left = request.ids.filter((id) => !used.has(id));
    request.ids.splice(0, request.ids.length, ...left);
  }
  return outcome;
}

/**
 * Queues an event's first attempt, due at `dueAt`, in the caller's transaction (the event's own),
 * and wakes the dispatchers at commit; `streamKey` wakes the merchant's event streams too, in the
 * same round trip.
 */
export async function queueFirstAttempt(em: EntityManager, eventId: string, endpointId: string, dueAt: Date, streamKey: string): Promise<void> {
  await sql(
    em,
    `with queued as (insert into webhook_queue (event_id, endpoint_id, step, due_at) values ($1, $2, 1, $3))
     select pg_notify($4, ''), pg_notify($5, $6)`,
    [eventId, endpointId, dueAt, WEBHOOK_CHANNEL, EVENT_STREAM_CHANNEL, streamKey],
  );
}

/**
 * What a statement here answers, having changed nothing, when a dispatcher's turn held one of the
 * queue rows it needed at that moment (for milliseconds). It takes them with skip locked rather
 * than wait: waiting could deadlock with a turn that locks another row next. Its transaction is
 * to end and be tried again (untilQueueFree).
 */
export const QUEUE_BUSY = Symbol('webhook queue busy');

/** The wait before a transaction that met QUEUE_BUSY is tried again. */
const BUSY_WAIT_MS = 5;

/** Runs `transaction` (a whole transaction of its own) again, after a moment, until it does not answer QUEUE_BUSY. */
export async function untilQueueFree<T>(transaction: () => Promise<T | typeof QUEUE_BUSY>): Promise<T> {
  for (;;) {
    const result = await transaction();
    if (result !== QUEUE_BUSY) return result;
    await new Promise((resolve) => setTimeout(resolve, BUSY_WAIT_MS));
  }
}

/**
 * Drops the queue of endpoint `endpointId` (it is being deleted): the events it still had to
 * deliver end as no_endpoint. In the caller's transaction, which holds the endpoint's row (so a
 * turn recording an attempt to it, which updates that row next, must not be waited for).
 */
export async function dropEndpointQueue(em: EntityManager, endpointId: string): Promise<typeof QUEUE_BUSY | undefined> {
  const [lock] = await sql<{ queued: number; locked: number }>(
    em,
    `with locked as (select q.event_id from webhook_queue q where q.endpoint_id = $1 for update skip locked)
     select (select count(*)::integer from webhook_queue q where q.endpoint_id = $1) as queued,
            (select count(*)::integer from locked) as locked`,
    [endpointId],
  );
  if (lock!.locked < lock!.queued) return QUEUE_BUSY;
  await sql(
    em,
    `with dropped as (delete from webhook_queue q where q.endpoint_id = $1 returning q.event_id)
     update events e set delivery_status = 'no_endpoint', next_attempt_at = null
       from dropped where e.id = dropped.event_id and e.delivery_status = 'pending'`,
    [endpointId],
  );
  return undefined;
}

/**
 * An event was delivered by hand: the rest of its schedule has nothing to do. Its queue row goes
 * (first: the queue row before the event's), and the event is succeeded.
 */
export async function endSchedule(em: EntityManager, eventId: string): Promise<void> {
  // Two statements: a data-modifying WITH that the main statement does not read runs after it,
  // which would lock the event's row first.
  await sql(em, 'delete from webhook_queue where event_id = $1', [eventId]);
  await sql(em, "update events set delivery_status = 'succeeded', next_attempt_at = null where id = $1", [eventId]);
}

export interface RecoveryBatch {
  /** Attempts queued or brought forward in this batch. */
  queued: number;
  /** Events looked at (fewer than the limit: the last batch). */
  seen: number;
  /** Where the next batch starts after. */
  last: { createdAt: string; id: string } | null;
}

/**
 * One batch of a recovery (in the caller's transaction, which share-locks the endpoint `endpointId`):
 * the caller's events created at or after `since` (and after `after`), oldest first, up to
 * `limit`; each not delivered and without an attempt already due gets one due now: a new queue
 * row at the step after its last scheduled one, or its waiting retry brought forward.
 */
export async function queueRecoveryBatch(
  em: EntityManager,
  scope: { merchantId: string; livemode: boolean; endpointId: string },
  since: Date,
  after: { createdAt: string; id: string } | null,
  limit: number,
): Promise<RecoveryBatch | typeof QUEUE_BUSY> {
  // Recoveries of one endpoint take turns: two at once would each queue the same events.
  await sql(em, 'select pg_advisory_xact_lock(hashtextextended($1, 0))', [`webhook_recover:${scope.endpointId}`]);
  // Then the batch's queue rows are locked, before anything is read, so that no dispatcher can
  // record or take one of their attempts until this transaction ends. Without it, an attempt
  // recorded as delivered while the statement below runs would be queued again: its snapshot
  // would still see the event undelivered, while the queue row it would conflict with is gone.
  // Rows locked by a dispatcher's turn are skipped rather than waited for (QUEUE_BUSY).
  const [page] = await sql<{ ids: string[] | null; last_created_at: string | null; queued: number; locked: number }>(
    em,
    `with page as (
       select e.id, e.created_at from events e
        where e.merchant_id = $1 and e.livemode = $2 and e.created_at >= $3
          and ($4::timestamptz is null or (e.created_at, e.id) > ($4::timestamptz, $5::text))
        order by e.created_at, e.id
        limit $6
     ), locked as (
       select q.event_id from webhook_queue q where q.event_id in (select id from page) for update skip locked
     )
     select (select array_agg(id order by created_at, id) from page) as ids,
            (select max(created_at) from page)::text as last_created_at,
            (select count(*)::integer from webhook_queue q where q.event_id in (select id from page)) as queued,
            (select count(*)::integer from locked) as locked`,
    [scope.merchantId, scope.livemode, since, after?.createdAt ?? null, after?.id ?? null, limit],
  );
  if (page!.locked < page!.queued) return QUEUE_BUSY;
  const ids = page!.ids ?? [];
  if (ids.length === 0) return { queued: 0, seen: 0, last: null };
  // A new statement, so a new snapshot: taken after the locks, it sees the last word on every
  // queue row of the batch (and only the batch's events: one recorded since has a queue row this
  // transaction does not hold). An event with a queue row already has its attempt coming (on
  // conflict): only one whose retry waits beyond now is brought forward. Now is the clock's, not
  // the transaction's start (now()): a recovery that began before another and waited for its turn
  // would otherwise find the attempts the other just queued still in its future, and bring them
  // forward a second time. The queue rows' snapshot is the statement's, so `moved` never sees the
  // rows `queued` inserts.
  const [row] = await sql<{ queued: number }>(
    em,
    `with candidates as (
       select e.id,
              coalesce((select max(d.schedule_step) from webhook_deliveries d where d.event_id = e.id), 0) + 1 as step
         from events e where e.id = any ($1::text[]) and e.delivery_status <> 'succeeded'
     ), queued as (
       insert into webhook_queue (event_id, endpoint_id, step, due_at)
       select c.id, $2, c.step, now() from candidates c
       on conflict (event_id) do nothing
       returning event_id
     ), moved as (
       update webhook_queue q set due_at = now()
        where q.event_id in (select c.id from candidates c) and q.leased_until is null and q.due_at > clock_timestamp()
       returning q.event_id
     ), recovered as (
       select event_id from queued union all select event_id from moved
     ), marked as (
       update events e set delivery_status = 'pending', next_attempt_at = now()
        where e.id in (select event_id from recovered) and e.delivery_status <> 'succeeded'
     ), counted as (
       select count(*)::integer as n from recovered
     )
     select counted.n as queued, case when counted.n > 0 then pg_notify($3, '') end from counted`,
    [ids, scope.endpointId, WEBHOOK_CHANNEL],
  );
  return {
    queued: row!.queued,
    seen: ids.length,
    last: { createdAt: page!.last_created_at!, id: ids[ids.length - 1]! },
  };
}

/**
 * The backlog, for the metrics: by endpoint tier as webhook_claim ranks them (failing: failing
 * since its last success; new: no success yet; healthy: the rest), the due attempts no worker
 * holds to endpoints not disabled, and the age of the oldest. Rows (tier, count, oldest_age_seconds).
 *
 * It reads, for each due attempt, its entry in the waiting attempts' index
 * (webhook_queue_waiting) and its row, and one endpoint by primary key per endpoint with due
 * attempts: with 10,000 due among 1.2 million queued (1,000 endpoints) it takes about 6 ms; when
 * a million are due, PostgreSQL reads the whole queue instead, in about 150 ms (2 cores,
 * PostgreSQL 15). Attempts due later, or in flight, cost nothing.
 */
export const WEBHOOK_BACKLOG_SQL = `select w.tier, sum(per.due)::bigint as count,
       extract(epoch from now() - min(per.oldest))::float8 as oldest_age_seconds
  from (select q.endpoint_id, count(*) as due, min(q.due_at) as oldest
          from webhook_queue q
         where q.leased_until is null and q.due_at <= now()
         group by q.endpoint_id) per
  cross join lateral (
    select case when e.failing_since is not null then 'failing' when e.last_succeeded_at is null then 'new' else 'healthy' end as tier
      from webhook_endpoints e where e.id = per.endpoint_id and e.disabled_at is null limit 1) w
 group by w.tier`;
