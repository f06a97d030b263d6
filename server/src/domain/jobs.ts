// Work that moves money outside the service (a refund sent to the card, a payout's transfer) is a
// job, sent in the same database transaction as the ledger posting that causes it: it exists if
// and only if the posting committed. pg-boss runs the jobs (jobs/money-jobs.ts); this is the port
// the domain sends them through.
import type { EntityManager } from '@mikro-orm/postgresql';

/** Sends a refund's second leg to the card processor, and follows it to the end. */
export const REFUND_LEG_QUEUE = 'refund-legs';
/** Sends a payout's transfer to the bank, and follows it to the end. */
export const PAYOUT_QUEUE = 'payouts';

export type MoneyQueue = typeof REFUND_LEG_QUEUE | typeof PAYOUT_QUEUE;

export interface JobQueue {
  /**
   * Queues `data` on `queue` in `em`'s transaction (at once, when it is in none). `key` is the
   * object the job works on: one job per key runs at a time, across every worker.
   */
  send(em: EntityManager, queue: MoneyQueue, key: string, options?: { startAfterSeconds?: number; /** Ask again this often, without back-off. */ everySeconds?: number }): Promise<void>;
}
