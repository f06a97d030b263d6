// The jobs that move money out of the service: a live refund's way to the card, and a payout's
// transfer to the bank. Each is queued in the transaction of the ledger posting that causes it
// (domain/jobs.ts), keyed by the refund or payout: one job per key runs at a time across every
// worker (a singleton queue), and a job whose money is still on its way is tried again later, with
// back-off, until the processor says how it ended. Also here: the pending balance's release.
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { applyProcessorSettlements, releaseDueFunds } from '../domain/balance.ts';
import { PAYOUT_QUEUE, REFUND_LEG_QUEUE, type MoneyQueue } from '../domain/jobs.ts';
import { advancePayout, requeueUnfinishedPayouts, type PayoutsContext } from '../domain/payouts.ts';
import { advanceRefundLeg, requeueUnfinishedRefunds } from '../domain/refund-legs.ts';
import type { PaymentsContext } from '../domain/settlement.ts';
import { ProcessorUnavailableError, type ProcessorReports } from '../domain/processor/processor.ts';
import { describeMismatch, lagosYesterday, reconcileDay, recordReconciliation, type Mismatch } from '../domain/reconciliation.ts';
import type { Boss } from './boss.ts';
import { throttled } from '../log.ts';
import { isTransientDatabaseError } from '../persistence/database-errors.ts';
import type { Loop } from './payment-completion.ts';

/** Thrown by a job whose money is still on its way: pg-boss runs it again after its back-off. */
class StillOnItsWay extends Error {
  constructor(what: string) {
    super(`${what} is still on its way; asked again later`);
    this.name = 'StillOnItsWay';
  }
}

/** Queues every role sends to (the API sends refunds and payouts; workers take them). */
export async function createMoneyQueues(boss: Boss, ctx: PaymentsContext): Promise<void> {
  const firstWaitSeconds = Math.max(1, Math.round(ctx.liveCheckDelayMs / 1000));
  const options = {
    // About two days of asking, the wait doubling from the first to an hour.
    retryLimit: 60,
    retryDelay: firstWaitSeconds,
    retryBackoff: true,
    retryDelayMax: 3600,
    // A job makes a few calls to the processor, each with its timeout: one that takes longer than
    // that lost its worker (a crash), and runs again.
    expireInSeconds: Math.max(10, Math.ceil((4 * ctx.sendLeaseMs) / 2 / 1000) + 5),
  };
  for (const queue of [REFUND_LEG_QUEUE, PAYOUT_QUEUE] satisfies MoneyQueue[]) {
    await boss.createQueue(queue, { policy: 'singleton', ...options });
    // A queue made by an earlier version keeps its policy; its timings follow the settings.
    await boss.updateQueue(queue, options);
  }
}

/** Yesterday's reconciliation against the processor, each morning in Lagos. */
export const RECONCILIATION_QUEUE = 'reconciliation';

/** Each morning at 02:30 Lagos time (the processor's day is complete by then): yesterday, compared. */
async function scheduleReconciliation(boss: Boss, orm: MikroORM, reports: ProcessorReports, log: Logger): Promise<void> {
  await boss.createQueue(RECONCILIATION_QUEUE, { retryLimit: 5, retryDelay: 600 });
  await boss.schedule(RECONCILIATION_QUEUE, '30 2 * * *', null, { tz: 'Africa/Lagos' });
  await boss.work(RECONCILIATION_QUEUE, async () => {
    const date = lagosYesterday();
    const result = await reconcileDay(orm.em.fork(), reports, date);
    await recordReconciliation(orm.em.fork(), result);
    for (const mismatch of result.mismatches) log.error({ date, ...mismatchFields(mismatch) }, `reconciliation: ${describeMismatch(mismatch)}`);
    log.info({ date, counts: result.counts, mismatches: result.mismatches.length }, result.mismatches.length === 0 ? 'reconciliation: the day matches' : 'reconciliation: mismatches found');
  });
}

/** Paystack's settlements, every 15 minutes: the payments they cover become available without waiting LIVE_SETTLEMENT_DAYS. */
export const PROCESSOR_SETTLEMENTS_QUEUE = 'processor-settlements';

async function scheduleProcessorSettlements(boss: Boss, orm: MikroORM, reports: ProcessorReports, log: Logger): Promise<void> {
  await boss.createQueue(PROCESSOR_SETTLEMENTS_QUEUE);
  await boss.schedule(PROCESSOR_SETTLEMENTS_QUEUE, '*/15 * * * *');
  await boss.work(PROCESSOR_SETTLEMENTS_QUEUE, async () => {
    const applied = await applyProcessorSettlements(orm.em.fork(), reports);
    if (applied.settlements > 0) log.info(applied, "the processor's settlements applied: their payments become available");
  });
}

/**
 * Every 10 minutes: refunds and payouts not ended after 30 minutes are queued again, so that one
 * whose job ran out of tries (a processor down for days, a crash at the wrong moment) is never
 * left holding its money. Jobs are keyed by their object: one already waiting takes the turn.
 */
export const MONEY_SWEEP_QUEUE = 'money-sweep';

async function scheduleMoneySweep(boss: Boss, orm: MikroORM, ctx: PaymentsContext, payouts: PayoutsContext, log: Logger): Promise<void> {
  await boss.createQueue(MONEY_SWEEP_QUEUE);
  await boss.schedule(MONEY_SWEEP_QUEUE, '*/10 * * * *');
  await boss.work(MONEY_SWEEP_QUEUE, async () => {
    const refunds = await requeueUnfinishedRefunds(orm.em.fork(), ctx, 30, 500);
    const unpaid = await requeueUnfinishedPayouts(orm.em.fork(), payouts, 30, 500);
    if (refunds + unpaid > 0) log.info({ refunds, payouts: unpaid }, 'refunds and payouts still on their way, asked about again');
  });
}

const mismatchFields = (m: Mismatch) => ({ kind: m.kind, reference: m.reference, problem: m.problem, merchant_id: m.merchantId });

export async function startMoneyWorkers(
  boss: Boss,
  orm: MikroORM,
  ctx: PaymentsContext,
  payouts: PayoutsContext,
  reports: ProcessorReports | null,
  log: Logger,
): Promise<Loop> {
  await scheduleMoneySweep(boss, orm, ctx, payouts, log);
  if (reports !== null) {
    await scheduleReconciliation(boss, orm, reports, log);
    await scheduleProcessorSettlements(boss, orm, reports, log);
  }
  await followOnQueue(boss, PAYOUT_QUEUE, 'payout', (id) => advancePayout(orm.em.fork(), payouts, id), log);
  await followOnQueue(boss, REFUND_LEG_QUEUE, 'refund', (id) => advanceRefundLeg(orm.em.fork(), ctx, id), log);
  return startFundsRelease(orm, log);
}

/** While the database is away, one log line this often says so. */
const OUTAGE_LOG_MS = 5000;
/**
 * Works a money queue: each job takes its refund or payout one step on; one still on its way
 * throws, so that pg-boss runs it again after its back-off (quietly: that is no failure).
 */
async function followOnQueue(boss: Boss, queue: MoneyQueue, what: 'payout' | 'refund', advance: (id: string) => Promise<'done' | 'pending'>, log: Logger): Promise<void> {
  await boss.work<{ key: string }>(queue, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
    const id = job!.data.key;
    try {
      if ((await advance(id)) === 'pending') throw new StillOnItsWay(`${what} ${id}`);
    } catch (error) {
      if (error instanceof ProcessorUnavailableError) log.warn({ [what]: id, reason: error.message }, `could not reach the processor about a ${what}; will try again`);
      else if (!(error instanceof StillOnItsWay)) log.error({ err: error, [what]: id }, `could not take a ${what} on; will try again`);
      throw error;
    }
  });
}

/** How often due live funds are looked for: a second's precision on LIVE_SETTLEMENT_DAYS is plenty. */
const RELEASE_POLL_MS = 1000;

/** Moves live payments' nets from pending to available as their time comes (see releaseDueFunds). */
function startFundsRelease(orm: MikroORM, log: Logger): Loop {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const outage = throttled(OUTAGE_LOG_MS);
  const tick = async (): Promise<void> => {
    let next = RELEASE_POLL_MS;
    try {
      const moved = await releaseDueFunds(orm.em.fork());
      if (moved > 0) {
        log.info({ payments: moved }, 'live payments settled: their nets are available');
        next = 0;
      }
    } catch (error) {
      if (isTransientDatabaseError(error)) outage((looks) => log.warn({ reason: (error as Error).message, looks }, 'could not release settled funds: the database is unavailable'));
      else log.warn({ err: error }, 'could not release settled funds; will try again');
    }
    if (!stopped) timer = setTimeout(() => (running = tick()), next);
  };
  timer = setTimeout(() => (running = tick()), RELEASE_POLL_MS);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
