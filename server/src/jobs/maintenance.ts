import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { purgeEndedSessions, purgeStaleSignInAttempts } from '../domain/dashboard-sessions.ts';
import { purgeOldEvents } from '../domain/events.ts';
import { purgeOldFailures } from '../domain/failed-attempts.ts';
import { purgeExpiredIdempotencyKeys } from '../domain/idempotency.ts';
import { purgeOldRateLimitHits } from '../domain/rate-limit-store.ts';
import type { Boss } from './boss.ts';

export const MAINTENANCE_QUEUE = 'maintenance';

export interface RetentionSettings {
  /** EVENT_RETENTION_DAYS: events (and their delivery attempts) older than this are forgotten. */
  eventRetentionDays: number;
  /** Rows deleted by one statement (one short transaction) at most. */
  batchSize?: number;
  /** How long one run may take; what is left waits for the next run. */
  budgetMs?: number;
}

const BATCH_SIZE = 1000;
const BUDGET_MS = 4 * 60_000;
// A breath between batches, so that the job never keeps a connection (or the disk) busy for long.
const PAUSE_MS = 10;

/** Deletes up to `limit` rows that have aged out, in one statement, and says how many. */
type Purge = (em: EntityManager, limit: number) => Promise<number>;

export type Purged = Record<
  'idempotencyKeys' | 'rateLimitHits' | 'dashboardSessions' | 'signInAttempts' | 'paymentFailures' | 'events',
  number
>;

/**
 * Forgets what no longer counts: idempotency keys past 24 hours, rate-limit hits past the window,
 * ended dashboard sessions, sign-in attempts too old to slow anyone down, failed payment attempts
 * past the hour they count in, and events (with their delivery attempts) past the retention period.
 * Each table is pruned in small batches, each its own short transaction that skips rows another
 * transaction holds, so nothing waits on the job and the job waits on nothing. The ledger, payment
 * intents and refunds are never pruned: they are the merchant's records.
 */
export async function runMaintenance(orm: MikroORM, settings: RetentionSettings): Promise<Purged> {
  const batchSize = settings.batchSize ?? BATCH_SIZE;
  const deadline = Date.now() + (settings.budgetMs ?? BUDGET_MS);
  const purges: [keyof Purged, Purge][] = [
    ['idempotencyKeys', purgeExpiredIdempotencyKeys],
    ['rateLimitHits', purgeOldRateLimitHits],
    ['dashboardSessions', purgeEndedSessions],
    ['signInAttempts', purgeStaleSignInAttempts],
    ['paymentFailures', purgeOldFailures],
    ['events', (em, limit) => purgeOldEvents(em, settings.eventRetentionDays, limit)],
  ];
  const purged = Object.fromEntries(purges.map(([name]) => [name, 0])) as Purged;
  for (const [name, purge] of purges) {
    for (;;) {
      const deleted = await purge(orm.em.fork(), batchSize);
      purged[name] += deleted;
      if (deleted < batchSize || Date.now() > deadline) break;
      await sleep(PAUSE_MS);
    }
  }
  return purged;
}

/** Every worker process registers; pg-boss's cron runs each tick once across all of them. */
export async function startMaintenance(boss: Boss, orm: MikroORM, settings: RetentionSettings, log: Logger): Promise<void> {
  await boss.createQueue(MAINTENANCE_QUEUE);
  // Every 10 minutes: keys are remembered "24 hours", give or take a few minutes of this period.
  await boss.schedule(MAINTENANCE_QUEUE, '*/10 * * * *');
  await boss.work(MAINTENANCE_QUEUE, async () => {
    const purged = await runMaintenance(orm, settings);
    if (Object.values(purged).some((n) => n > 0)) log.info({ purged }, 'retention: aged-out rows removed');
  });
}
