// The reconciler: settles the payments the processor left processing. Every processing attempt
// carries when to ask the processor next; each worker process polls for the ones that are due and
// settles each on its own, so that one the processor cannot answer about (or that fails for any
// other reason) is retried later, with back-off and a log line saying why, and holds up no other.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { claimDueCompletions, completeProcessingAttempt, deferCompletion, type PaymentsContext } from '../domain/settlement.ts';
import { throttled } from '../log.ts';
import { isTransientDatabaseError } from '../persistence/database-errors.ts';

/** How often a worker looks for due attempts: the processing delay's precision. */
const POLL_MS = 250;
/** How often it looks while the database is away: often enough to resume within a second of its return. */
const DATABASE_AWAY_POLL_MS = 1000;
/** While the database is away, one log line this often says so (and how many looks failed). */
const OUTAGE_LOG_MS = 5000;
/** Attempts taken at once; more are taken at once when a batch was full. */
const BATCH = 20;
/**
 * How long an attempt taken by a worker is its alone: far longer than asking a processor takes,
 * so only a worker that died mid-check leaves it for another to take after this.
 */
const LEASE_MS = 60_000;
/** From this many failed checks on, each further one is logged as an error, not a warning. */
const ALARMING_CHECKS = 10;

export interface Loop {
  stop(): Promise<void>;
}

export function startPaymentCompletion(orm: MikroORM, ctx: PaymentsContext, log: Logger): Loop {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const settleOne = async (due: Awaited<ReturnType<typeof claimDueCompletions>>[number]): Promise<void> => {
    try {
      // Not known yet at the processor: asked again later, with the same back-off, without a warning.
      if ((await completeProcessingAttempt(orm.em.fork(), ctx, due.attemptId)) === 'waiting') await deferCompletion(orm.em.fork(), ctx, due.attemptId);
    } catch (error) {
      const checks = await deferCompletion(orm.em.fork(), ctx, due.attemptId).catch(() => due.checks + 1);
      const fields = { err: error, attempt_id: due.attemptId, payment_intent: due.paymentIntentId, checks };
      const message = 'could not settle a processing payment; will ask the processor again';
      if (checks >= ALARMING_CHECKS) log.error(fields, message);
      else log.warn(fields, message);
    }
  };

  const outage = throttled(OUTAGE_LOG_MS);
  const tick = async (): Promise<void> => {
    let next = POLL_MS;
    try {
      const due = await claimDueCompletions(orm.em.fork(), BATCH, LEASE_MS);
      if (due.length === BATCH) next = 0;
      await Promise.all(due.map(settleOne));
    } catch (error) {
      // The database itself (a restart, say): try again a little later.
      next = DATABASE_AWAY_POLL_MS;
      if (isTransientDatabaseError(error)) {
        outage((looks) => log.warn({ reason: (error as Error).message, looks }, 'could not look for processing payments to settle: the database is unavailable'));
      } else {
        log.warn({ err: error }, 'could not look for processing payments to settle');
      }
    }
    if (!stopped) timer = setTimeout(() => (running = tick()), next);
  };
  timer = setTimeout(() => (running = tick()), 0);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
