import type { MikroORM } from '@mikro-orm/postgresql';
import { purgeExpiredIdempotencyKeys } from '../domain/idempotency.ts';
import { purgeEndedSessions, purgeStaleSignInAttempts } from '../domain/dashboard-sessions.ts';
import { purgeOldFailures } from '../domain/failed-attempts.ts';
import { WINDOW_MS } from '../http/rate-limit.ts';
import type { Boss } from './boss.ts';

export const MAINTENANCE_QUEUE = 'maintenance';

/**
 * Forgets what no longer counts: idempotency keys past 24 hours, rate-limit hits past the window,
 * ended dashboard sessions, sign-in attempts too old to slow anyone down, and failed payment
 * attempts past the hour they count in.
 */
export async function runMaintenance(
  orm: MikroORM,
): Promise<{ idempotencyKeys: number; rateLimitHits: number; dashboardSessions: number; signInAttempts: number; paymentFailures: number }> {
  const em = orm.em.fork();
  const idempotencyKeys = await purgeExpiredIdempotencyKeys(em);
  const rateLimitHits = await em.execute<{ affectedRows: number }>(
    'delete from rate_limit_hits where hit_at < now() - make_interval(secs => ?)',
    [WINDOW_MS / 1000],
    'run',
  );
  return {
    idempotencyKeys,
    rateLimitHits: rateLimitHits.affectedRows,
    dashboardSessions: await purgeEndedSessions(em),
    signInAttempts: await purgeStaleSignInAttempts(em),
    paymentFailures: await purgeOldFailures(em),
  };
}

/** Every worker process registers; pg-boss's cron runs each tick once across all of them. */
export async function startMaintenance(boss: Boss, orm: MikroORM): Promise<void> {
  await boss.createQueue(MAINTENANCE_QUEUE);
  // Every 10 minutes: keys are remembered "24 hours", give or take a few minutes of this period.
  await boss.schedule(MAINTENANCE_QUEUE, '*/10 * * * *');
  await boss.work(MAINTENANCE_QUEUE, async () => {
    await runMaintenance(orm);
  });
}
