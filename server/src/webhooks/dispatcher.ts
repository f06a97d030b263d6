// The webhook dispatcher: one per worker process, one loop. Each turn of the loop is one round
// trip to the database (webhook_cycle): it records the results of the attempts that ended since
// the last turn and takes as many due attempts as there is room for (fairly across endpoints,
// never more than a few in flight per endpoint, however many workers run). Attempts are made
// concurrently. While attempts wait for places, each one that ends asks for a turn at once, so a
// backlog drains without the loop sleeping; otherwise turns come when events do (LISTEN), a few
// milliseconds apart at most, each taking what came meanwhile and recording what ended. When
// nothing is due it sleeps until the next attempt is, or until a new event wakes it.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { throttled } from '../log.ts';
import { isTransientDatabaseError } from '../persistence/database-errors.ts';
import { listen, WEBHOOK_CHANNEL } from '../persistence/notifications.ts';
import { newId } from '../ids.ts';
import { directUrl } from '../persistence/orm.ts';
import { autocommit } from '../persistence/sql.ts';
import { cycle, type AttemptResult, type CycleOutcome, type MadeAttempt, type ScheduledClaim } from '../persistence/webhook-queue.ts';
import { attempt, retryDelayMs } from './attempt.ts';
import type { WebhookSettings } from './settings.ts';

/** Attempts taken in one turn, at most. */
const BATCH = 64;
/** Results recorded in one turn, at most. */
const RECORDS = 256;
/**
 * The longest the dispatcher sleeps without looking: a lease that ran out (its worker died) is
 * found within this, as is anything a lost notification would have announced.
 */
const MAX_SLEEP_MS = 1000;
/** A lease outlasts any attempt (the timeout) by this much, for recording its result. */
const LEASE_MARGIN_MS = 5000;
/**
 * How long to wait when attempts are due but none could be taken (their endpoints are at their
 * caps): an attempt of this worker that ends wakes it sooner; this is for those of other workers.
 */
const CAPPED_SLEEP_MS = 250;
/**
 * A turn that a new event asks for starts at least this long after the one before: at a steady
 * few hundred events a second, each turn takes the few that came meanwhile (and records the
 * results that ended), instead of two turns an event. A burst's first event goes at once.
 */
const EVENT_GAP_MS = 10;
/**
 * A result no waiting attempt needs the place of is recorded by the next turn an event brings,
 * or after this long at the latest (its endpoint's place stays held until then).
 */
const RESULT_WAIT_MS = 20;
/**
 * After a turn the database did not take (restarting, say), the next waits this long (the 1st,
 * 2nd, 3rd failure in a row...), and each result it carried is recorded on its own, after each of
 * these waits in turn, so that one result the database keeps refusing holds up nothing else. A
 * result still not recorded is let go: its lease runs out and the attempt is made again (at least
 * once, never lost).
 */
const RETRY_MS = [250, 1000, 2000];
/** While the database is away, one warning per this long says so (with how many turns failed meanwhile). */
const OUTAGE_LOG_MS = 5000;

export interface Dispatcher {
  /** Takes no more attempts, waits for those in flight to be made, and records them. */
  stop(): Promise<void>;
}

/** `onAttempt` is told each attempt's result as it comes back (the metrics count them). */
export function startWebhookDispatcher(orm: MikroORM, settings: WebhookSettings, log: Logger, onAttempt?: (result: AttemptResult) => void): Dispatcher {
  const leaseMs = settings.timeoutMs + LEASE_MARGIN_MS;
  let stopped = false;
  // Attempts taken and not yet recorded (or let go): they hold places at their endpoints.
  let inFlight = 0;
  // The same, by endpoint.
  const perEndpoint = new Map<string, number>();
  // Attempts to failing endpoints take at most half of the worker's places, so that however many
  // endpoints are dead, the healthy ones always find room.
  let inFlightFailing = 0;
  const failingPlaces = Math.max(1, Math.floor(settings.workerConcurrency / 2));
  // Results waiting for the next turn, in the order the attempts ended.
  const made: MadeAttempt[] = [];
  // Attempts being made, and results being recorded on their own after a failed turn.
  const pending = new Set<Promise<void>>();
  let failedTurns = 0;
  const outage = throttled(OUTAGE_LOG_MS);
  let turn: Promise<void> | undefined;
  // When the turn asked for is to start (on now()'s clock; Infinity: none asked for), and its timer.
  let nextAt = Infinity;
  let timer: NodeJS.Timeout | NodeJS.Immediate | undefined;
  // When the last turn started.
  let lastTurnAt = -Infinity;
  // Whether the last turn left due attempts behind for want of places (it took all it asked
  // for, or their endpoints were at their caps): a result that ends frees a place they need.
  let dueWaiting = false;
  // Whether an event arrived since the last turn started.
  let eventsWaiting = false;
  // Fresh delivery ids for the claims: those a turn does not use serve the next.
  const ids: string[] = [];
  let leasesExpiredAt = -Infinity;
  const runner = autocommit(orm);

  /**
   * Asks for a turn to start at `at` (on now()'s clock) or sooner; one asked for while a turn
   * runs starts after it. Several asks make one turn, at the soonest time asked for. A turn at
   * once still waits for this pass of the event loop, so results that end together go together.
   */
  const turnAt = (at: number): void => {
    if (stopped || at >= nextAt) return;
    nextAt = at;
    if (turn !== undefined) return; // started when the turn under way ends
    clear();
    const ms = at - now();
    timer = ms <= 0 ? setImmediate(run) : setTimeout(run, ms);
  };
  const clear = (): void => {
    if (timer === undefined) return;
    clearTimeout(timer as NodeJS.Timeout);
    clearImmediate(timer as NodeJS.Immediate);
    timer = undefined;
  };
  const run = (): void => {
    timer = undefined;
    nextAt = Infinity;
    if (turn !== undefined || stopped) return;
    lastTurnAt = now();
    eventsWaiting = false;
    turn = takeTurn().then((delay) => {
      turn = undefined;
      // Whatever asked for a turn meanwhile has it now (unless the database just refused one,
      // when it waits as long as the refusal says).
      const asked = nextAt;
      nextAt = Infinity;
      turnAt(failedTurns > 0 ? now() + delay : Math.min(asked, now() + delay));
    });
  };
  /** A new event: a turn at once, or, right after another, in a moment, so that a burst is taken in a few turns, not one each. */
  const onEvent = (): void => {
    eventsWaiting = true;
    turnAt(lastTurnAt + EVENT_GAP_MS);
  };
  /**
   * An attempt ended: its result is recorded by the next turn. At once if attempts wait for its
   * place; otherwise it rides on the turn the next event brings, or on one in RESULT_WAIT_MS.
   */
  const onResult = (claim: ScheduledClaim): void => {
    // The place this result frees is wanted at once while attempts were left due for want of
    // places, when events came since and its endpoint had none free, or when the worker itself
    // is full. (dueWaiting is the worker's, not the endpoint's: one capped endpoint anywhere sends
    // every result to a turn at once. Asking for its own endpoint to be full as well let an
    // endpoint taking 800 events a second fall behind.)
    const endpointFull = (perEndpoint.get(claim.endpointId) ?? 0) >= (claim.failing ? 1 : settings.endpointConcurrency);
    const needed = dueWaiting || (endpointFull && eventsWaiting) || inFlight >= settings.workerConcurrency || made.length >= RECORDS;
    turnAt(needed ? 0 : now() + RESULT_WAIT_MS);
  };

  const track = (work: Promise<void>): void => {
    const tracked = work.finally(() => pending.delete(tracked));
    pending.add(tracked);
  };

  const recorded = (batch: readonly MadeAttempt[], outcome: CycleOutcome): void => {
    for (const m of batch) {
      inFlight--;
      const n = perEndpoint.get(m.claim.endpointId)! - 1;
      if (n === 0) perEndpoint.delete(m.claim.endpointId);
      else perEndpoint.set(m.claim.endpointId, n);
      if (m.claim.failing) inFlightFailing--;
    }
    for (const { deliveryId, status } of outcome.recorded) {
      if (status !== 'endpoint_disabled') continue;
      const claim = batch.find((m) => m.claim.deliveryId === deliveryId)!.claim;
      log.warn({ endpoint_id: claim.endpointId, event_id: claim.eventId }, 'disabled a webhook endpoint that kept failing');
    }
  };

  const recordOnly = (batch: readonly MadeAttempt[]): Promise<CycleOutcome> =>
    cycle(runner, { made: batch, disableAfterSeconds: settings.disableAfterSeconds, limit: 0, ids: [], expireLeases: false, perEndpoint: 0, failingLimit: 0, leaseMs });

  /** Records one result on its own, a few times, after a turn that carried it failed. */
  const recordAlone = async (m: MadeAttempt): Promise<void> => {
    for (const wait of RETRY_MS) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      try {
        recorded([m], await recordOnly([m]));
        turnAt(0); // a place is free
        return;
      } catch {
        // tried again after the next wait
      }
    }
    recorded([m], { recorded: [], claims: [], nextDueMs: null });
    log.warn({ event_id: m.claim.eventId, step: m.claim.step }, 'could not record a webhook attempt; it will be made again');
    turnAt(0);
  };

  /** One turn; says how long to wait before the next if nothing wakes the dispatcher sooner. */
  const takeTurn = async (): Promise<number> => {
    // Sorted by endpoint, so that two workers recording for the same endpoints lock them in the same order.
    const batch = made.splice(0, RECORDS).sort((a, b) => compare(a.claim.endpointId, b.claim.endpointId) || compare(a.claim.deliveryId, b.claim.deliveryId));
    const places = stopped ? 0 : Math.max(0, Math.min(BATCH, settings.workerConcurrency - inFlight + batch.length));
    if (batch.length === 0 && places === 0) return MAX_SLEEP_MS; // full: an attempt that ends wakes it
    const failingHeld = inFlightFailing - batch.filter((m) => m.claim.failing).length;
    while (ids.length < places) ids.push(newId('whd'));
    const turnStarted = now();
    const expireLeases = turnStarted - leasesExpiredAt >= MAX_SLEEP_MS;
    try {
      const outcome = await cycle(runner, {
        made: batch,
        disableAfterSeconds: settings.disableAfterSeconds,
        limit: places,
        ids,
        expireLeases,
        perEndpoint: settings.endpointConcurrency,
        failingLimit: Math.max(0, failingPlaces - failingHeld),
        leaseMs,
      });
      failedTurns = 0;
      if (expireLeases) leasesExpiredAt = turnStarted;
      recorded(batch, outcome);
      for (const claim of outcome.claims) start(claim);
      const next = outcome.nextDueMs;
      // The worker is full, took all it asked for, or found due attempts at capped endpoints.
      dueWaiting = places === 0 || next === undefined || next === 0;
      if (places === 0) return MAX_SLEEP_MS;
      if (next === undefined) return 0; // as many as asked for: more may be waiting
      if (next === null) return MAX_SLEEP_MS;
      return next === 0 ? CAPPED_SLEEP_MS : Math.min(MAX_SLEEP_MS, next);
    } catch (error) {
      failedTurns++;
      // The turn may have committed before its answer was lost: none of the ids it carried is used again.
      ids.length = 0;
      if (isTransientDatabaseError(error)) {
        outage((turns) => log.warn({ reason: (error as Error).message, turns }, 'could not record or take webhook attempts: the database is unavailable; trying again shortly'));
      } else {
        log.warn({ err: error }, 'could not record or take webhook attempts; trying again shortly');
      }
      for (const m of batch) track(recordAlone(m));
      return RETRY_MS[Math.min(failedTurns, RETRY_MS.length) - 1]!;
    }
  };

  const start = (claim: ScheduledClaim): void => {
    inFlight++;
    perEndpoint.set(claim.endpointId, (perEndpoint.get(claim.endpointId) ?? 0) + 1);
    if (claim.failing) inFlightFailing++;
    track(
      attempt(claim, settings)
        .catch((error: unknown) => ({ ok: false, status: null, body: null, error: `internal error: ${String(error)}`, durationMs: 0 }))
        .then((result) => {
          onAttempt?.(result);
          const retryMs = claim.step < settings.maxAttempts ? retryDelayMs(settings, claim.step) : null;
          made.push({ claim, result, retryMs });
          onResult(claim);
        }),
    );
  };

  // New events wake the dispatcher; events committed while it was not listening are found by its
  // own look, at once when it starts listening again and every MAX_SLEEP_MS in any case.
  const listener = listen(directUrl(orm), [{ name: WEBHOOK_CHANNEL, onNotify: onEvent, onListening: () => turnAt(0) }], log);
  turnAt(0);

  return {
    async stop() {
      stopped = true;
      clear();
      await listener.close();
      await turn;
      // Attempts under way are made; what was made is recorded before the process goes (what
      // cannot be is made again later, once its lease runs out).
      while (pending.size > 0 || made.length > 0) {
        await Promise.all(pending);
        if (made.length > 0) await takeTurn();
      }
    },
  };
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Milliseconds on a clock that never steps back (the wall clock may). */
const now = (): number => performance.now();
