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
    // New jobs wake workers at once instead of waiting for the next poll.
    useListenNotify: true,
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
