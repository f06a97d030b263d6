import { PgBoss, fromKysely, type Db, type SendOptions } from 'pg-boss';
import type { Transaction } from 'kysely';
import type { EntityManager } from '@mikro-orm/postgresql';

export type Boss = PgBoss;

export interface BossOptions {
  databaseUrl: string;
  /** Connections for pg-boss's own pool (workers, maintenance). */
  poolMax?: number;
}

export async function startBoss({ databaseUrl, poolMax = 10 }: BossOptions, onError: (error: Error) => void): Promise<Boss> {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    schema: 'pgboss',
    max: poolMax,
    // New jobs wake workers at once instead of waiting for the next poll.
    useListenNotify: true,
    application_name: 'nairaflow-jobs',
    // How often expired jobs (a worker that died mid-job) are noticed and retried: 10 s instead of
    // pg-boss's 60 s, so a webhook attempt cut short by a crash is made again promptly.
    superviseIntervalSeconds: 10,
    monitorIntervalSeconds: 10,
  });
  boss.on('error', onError);
  await boss.start();
  return boss;
}

/**
 * A pg-boss database adapter over the connection of the MikroORM transaction `em` is in, so a job
 * sent with it commits or rolls back together with the state change that caused it.
 */
export function transactionDb(em: EntityManager): Db {
  const trx = em.getTransactionContext<Transaction<unknown>>();
  if (trx === undefined) {
    throw new Error('transactionDb needs an EntityManager inside em.transactional()');
  }
  return fromKysely(trx);
}

/** Sends a job inside the caller's transaction: no committed change without its job, no job without it. */
export async function sendInTransaction(
  boss: Boss,
  em: EntityManager,
  queue: string,
  data: object,
  options: Omit<SendOptions, 'db'> = {},
): Promise<string | null> {
  return boss.send(queue, data, { ...options, db: transactionDb(em) });
}
