// The domain's JobQueue (domain/jobs.ts) on pg-boss: each job sent through the caller's own
// connection (pg-boss's `db` option), so it commits or rolls back with the caller's transaction.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { JobQueue, MoneyQueue } from '../domain/jobs.ts';
import { sql } from '../persistence/sql.ts';
import type { Boss } from './boss.ts';

export function pgBossJobQueue(boss: Boss): JobQueue {
  return {
    async send(em: EntityManager, queue: MoneyQueue, key: string, options = {}) {
      await boss.send(queue, { key }, {
        singletonKey: key,
        ...(options.startAfterSeconds === undefined ? {} : { startAfter: options.startAfterSeconds }),
        ...(options.everySeconds === undefined ? {} : { retryDelay: options.everySeconds, retryBackoff: false, retryLimit: 1000 }),
        db: { executeSql: async (text: string, values?: unknown[]) => ({ rows: await sql(em, text, values ?? []) }) },
      });
    },
  };
}
