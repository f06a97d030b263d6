// The webhook dispatcher: one per worker process, one loop. Each turn of the loop is one round
// trip to the database (webhook_cycle): it records the results of the attempts that ended since
// the last turn and takes as many due attempts as there is room for (fairly across endpoints,
// never more than a few in flight per endpoint, however many workers run). Attempts are made
// concurrently; each one that ends asks for another turn, so while work is waiting the loop turns
// without sleeping, and results that end together are recorded together. When nothing is due it
// sleeps until the next attempt is, or until a new event wakes it (LISTEN), whichever comes first.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { throttled } from '../log.ts';
import { isTransientDatabaseError } from '../persistence/database-errors.ts';
import { listen, WEBHOOK_CHANNEL } from '../persistence/notifications.ts';
import { directUrl } from '../persistence/orm.ts';
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
  let again = false;
  let scheduled = false;
  let timer: NodeJS.Timeout | undefined;

  /**
   * Asks for a turn: soon (after whatever else ended in this pass of the event loop, so that
   * results that end together go in one turn), or right after the turn under way.
   */
  const wake = (): void => {
    if (stopped) return;
    if (turn !== undefined) {
      again = true;
      return;
    }
    if (scheduled) return;
    scheduled = true;
    clearTimeout(timer);
    timer = undefined;
    setImmediate(() => {
      scheduled = false;
      if (turn !== undefined || stopped) return;
      again = false;
      turn = takeTurn().then((delay) => {
        turn = undefined;
        // Something ended or arrived during the turn: another one at once (unless the database
        // just refused one).
        if (failedTurns === 0 && (again || made.length > 0)) wake();
        else sleep(delay);
      });
    });
  };

  const sleep = (ms: number): void => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(wake, ms);
  };

  const track = (work: Promise<void>): void => {
    const tracked = work.finally(() => pending.delete(tracked));
    pending.add(tracked);
  };

  const recorded = (batch: readonly MadeAttempt[], outcome: CycleOutcome): void => {
    for (const m of batch) {
      inFlight--;
      if (m.claim.failing) inFlightFailing--;
    }
    for (const { deliveryId, status } of outcome.recorded) {
      if (status !== 'endpoint_disabled') continue;
      const claim = batch.find((m) => m.claim.deliveryId === deliveryId)!.claim;
      log.warn({ endpoint_id: claim.endpointId, event_id: claim.eventId }, 'disabled a webhook endpoint that kept failing');
    }
  };

  const recordOnly = (batch: readonly MadeAttempt[]): Promise<CycleOutcome> =>
    cycle(orm.em.fork(), { made: batch, disableAfterSeconds: settings.disableAfterSeconds, limit: 0, perEndpoint: 0, failingLimit: 0, leaseMs });

  /** Records one result on its own, a few times, after a turn that carried it failed. */
  const recordAlone = async (m: MadeAttempt): Promise<void> => {
    for (const wait of RETRY_MS) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      try {
        recorded([m], await recordOnly([m]));
        wake(); // a place is free
        return;
      } catch {
        // tried again after the next wait
      }
    }
    recorded([m], { recorded: [], claims: [], nextDueMs: null });
    log.warn({ event_id: m.claim.eventId, step: m.claim.step }, 'could not record a webhook attempt; it will be made again');
    wake();
  };

  /** One turn; says how long to wait before the next if nothing wakes the dispatcher sooner. */
  const takeTurn = async (): Promise<number> => {
    // Sorted by endpoint, so that two workers recording for the same endpoints lock them in the same order.
    const batch = made.splice(0, RECORDS).sort((a, b) => compare(a.claim.endpointId, b.claim.endpointId) || compare(a.claim.deliveryId, b.claim.deliveryId));
    const places = stopped ? 0 : Math.max(0, Math.min(BATCH, settings.workerConcurrency - inFlight + batch.length));
    if (batch.length === 0 && places === 0) return MAX_SLEEP_MS; // full: an attempt that ends wakes it
    const failingHeld = inFlightFailing - batch.filter((m) => m.claim.failing).length;
    try {
      const outcome = await cycle(orm.em.fork(), {
        made: batch,
        disableAfterSeconds: settings.disableAfterSeconds,
        limit: places,
        perEndpoint: settings.endpointConcurrency,
        failingLimit: Math.max(0, failingPlaces - failingHeld),
        leaseMs,
      });
      failedTurns = 0;
      recorded(batch, outcome);
      for (const claim of outcome.claims) start(claim);
      const next = outcome.nextDueMs;
      if (places === 0) return MAX_SLEEP_MS;
      if (next === undefined) return 0; // as many as asked for: more may be waiting
      if (next === null) return MAX_SLEEP_MS;
      return next === 0 ? CAPPED_SLEEP_MS : Math.min(MAX_SLEEP_MS, next);
    } catch (error) {
      failedTurns++;
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
    if (claim.failing) inFlightFailing++;
    track(
      attempt(claim, settings)
        .catch((error: unknown) => ({ ok: false, status: null, body: null, error: `internal error: ${String(error)}`, durationMs: 0 }))
        .then((result) => {
          onAttempt?.(result);
          const retryMs = claim.step < settings.maxAttempts ? retryDelayMs(settings, claim.step) : null;
          made.push({ claim, result, retryMs });
          // A result to record, and a place free: a turn.
          wake();
        }),
    );
  };

  // New events wake the dispatcher; events committed while it was not listening are found by its
  // own look, at once when it starts listening again and every MAX_SLEEP_MS in any case.
  const listener = listen(directUrl(orm), [{ name: WEBHOOK_CHANNEL, onNotify: wake, onListening: wake }], log);
  wake();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
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
