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
    // No LISTEN. Ours are cron jobs (every minute, every ten minutes), so a wake would save at most
    // one poll of a couple of seconds, and LISTEN is the one thing pg-boss 12 does that needs a
    // session of its own: its other statements are unnamed (no prepared statements to keep), and
    // its locks are transaction-scoped (pg_advisory_xact_lock), so the whole of it runs through a
    // transaction pooler on DATABASE_URL. Its LISTEN connection, moreover, drops its error
    // listeners before it closes, so a database that goes away at that moment ends the process.
    useListenNotify: false,
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
