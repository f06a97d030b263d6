// The webhook dispatcher: one per worker process. It takes due attempts from the webhook queue in
// batches (fairly across endpoints, never more than a few in flight per endpoint, however many
// workers run), makes them concurrently, records each result as it comes, and takes more as soon
// as there is room. When nothing is due it sleeps until the next attempt is, or until a new event
// wakes it (LISTEN), whichever comes first.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { WEBHOOK_CHANNEL } from '../domain/events.ts';
import { listen } from '../persistence/notifications.ts';
import { attempt, retryDelayMs, type WebhookSettings } from './deliver.ts';
import { claimDue, nextDueInMs, recordAttempt, type ScheduledClaim } from './queue.ts';
import type { AttemptResult } from './send.ts';

/** Attempts taken in one round trip, at most. */
const BATCH = 32;
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
/** Waits before recording a result again when the database did not take it. */
const RECORD_RETRIES_MS = [250, 1000, 2000];

export interface Dispatcher {
  /** Takes no more attempts and waits for those in flight to be made and recorded. */
  stop(): Promise<void>;
}

export function startWebhookDispatcher(orm: MikroORM, settings: WebhookSettings, log: Logger): Dispatcher {
  const leaseMs = settings.timeoutMs + LEASE_MARGIN_MS;
  let stopped = false;
  let inFlight = 0;
  // Attempts to failing endpoints take at most half of the worker's places, so that however many
  // endpoints are dead, the healthy ones always find room.
  let inFlightFailing = 0;
  const failingPlaces = Math.max(1, Math.floor(settings.workerConcurrency / 2));
  let ticking = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  const attempts = new Set<Promise<void>>();

  /** Looks for due attempts now (or as soon as the current look is over). */
  const wake = (): void => {
    if (stopped) return;
    if (ticking) {
      again = true;
      return;
    }
    clearTimeout(timer);
    timer = undefined;
    void tick();
  };

  const sleep = (ms: number): void => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(wake, ms);
  };

  const tick = async (): Promise<void> => {
    ticking = true;
    let delay = MAX_SLEEP_MS;
    try {
      const room = Math.min(BATCH, settings.workerConcurrency - inFlight);
      if (room > 0) {
        const claims = await claimDue(orm.em.fork(), room, settings.endpointConcurrency, failingPlaces - inFlightFailing, leaseMs);
        for (const claim of claims) start(claim);
        if (claims.length === room) delay = 0; // more may be waiting
        else {
          const next = await nextDueInMs(orm.em.fork());
          delay = next === null ? MAX_SLEEP_MS : next === 0 ? CAPPED_SLEEP_MS : Math.min(MAX_SLEEP_MS, next);
        }
      }
    } catch (error) {
      // The database itself (restarting, say): look again shortly.
      log.warn({ err: error }, 'could not take webhook attempts; trying again shortly');
    } finally {
      ticking = false;
    }
    if (again) {
      again = false;
      delay = 0;
    }
    sleep(delay);
  };

  const start = (claim: ScheduledClaim): void => {
    inFlight++;
    if (claim.failing) inFlightFailing++;
    const made = makeAttempt(claim).finally(() => {
      inFlight--;
      if (claim.failing) inFlightFailing--;
      attempts.delete(made);
      // A place is free: an attempt may be waiting for it.
      wake();
    });
    attempts.add(made);
  };

  const makeAttempt = async (claim: ScheduledClaim): Promise<void> => {
    const result = await attempt(claim, settings);
    const retryMs = claim.step < settings.maxAttempts ? retryDelayMs(settings, claim.step) : null;
    await record(claim, result, retryMs);
  };

  const record = async (claim: ScheduledClaim, result: AttemptResult, retryMs: number | null): Promise<void> => {
    for (let i = 0; ; i++) {
      try {
        const status = await recordAttempt(orm.em.fork(), claim.deliveryId, result, retryMs, settings.disableAfterSeconds);
        if (status === 'endpoint_disabled') {
          log.warn({ endpoint_id: claim.endpointId, event_id: claim.eventId }, 'disabled a webhook endpoint that kept failing');
        }
        return;
      } catch (error) {
        if (i >= RECORD_RETRIES_MS.length) {
          // The lease runs out and the attempt is made again (at least once, never lost).
          log.warn({ err: error, event_id: claim.eventId, step: claim.step }, 'could not record a webhook attempt; it will be made again');
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, RECORD_RETRIES_MS[i]));
      }
    }
  };

  // New events wake the dispatcher; events committed while it was not listening are found by its
  // own look, at once when it starts listening again and every MAX_SLEEP_MS in any case.
  const listener = listen(orm.config.get('clientUrl')!, [{ name: WEBHOOK_CHANNEL, onNotify: wake, onListening: wake }], log);
  wake();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await listener.close();
      await Promise.all(attempts);
    },
  };
}
