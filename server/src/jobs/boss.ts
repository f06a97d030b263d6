// pg-boss runs the jobs that happen on the clock (see README.md in this folder): each cron tick
// runs once across every worker process, and a run that fails is tried again.
import { PgBoss } from 'pg-boss';

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
    // How often a job whose worker died (a crash mid-run) is noticed and run again: 10 s rather than
    // pg-boss's 60 s, so a retention run or an expiry sweep cut short resumes before the next tick.
    superviseIntervalSeconds: 10,
    monitorIntervalSeconds: 10,
  });
  boss.on('error', onError);
  await boss.start();
  return boss;
}
