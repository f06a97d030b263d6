import pg from 'pg';
import { MikroORM } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { entities } from './entities/index.ts';
import { migrationsList } from './migrations/index.ts';
import { useFastRowShapes } from './pg-rows.ts';

export type Orm = MikroORM;

export interface OrmOptions {
  databaseUrl: string;
  poolMax?: number;
}

/** How long to wait for a new database connection before giving up on it. */
export const CONNECT_TIMEOUT_MS = 3000;

export async function createOrm({ databaseUrl, poolMax = 20 }: OrmOptions): Promise<Orm> {
  useFastRowShapes();
  return MikroORM.init({
    clientUrl: databaseUrl,
    entities,
    extensions: [Migrator],
    pool: { min: 0, max: poolMax },
    // While the database is away, a request waits at most this long for a connection, so it is
    // answered (503) within seconds instead of hanging.
    driverOptions: { connectionTimeoutMillis: CONNECT_TIMEOUT_MS },
    forceUtcTimezone: true,
    // The HTTP layer forks a fresh EntityManager per request; the global one must never be used.
    allowGlobalContext: false,
    debug: false,
    migrations: {
      migrationsList,
      snapshot: false,
      snapshotOnMigrate: false,
      silent: true,
      tableName: 'mikro_orm_migrations',
    },
  });
}

// Any constant will do; it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK = 7_240_201;

/**
 * Applies every pending migration and returns the names applied. Processes starting together
 * (several API and worker processes on one database) take turns under a session advisory lock.
 */
export async function migrate(orm: Orm): Promise<string[]> {
  const client = new pg.Client({ connectionString: orm.config.get('clientUrl') });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const applied = await orm.migrator.up();
    return applied.map((m) => m.name);
  } finally {
    await client.end();
  }
}
