import pg from 'pg';
import { MikroORM } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { entities } from './entities/index.ts';
import { migrationsList } from './migrations/index.ts';
import { useFastRowShapes } from './pg-rows.ts';

export type Orm = MikroORM;

export interface OrmOptions {
  /** Where every statement goes: the database, or a transaction pooler in front of it. */
  databaseUrl: string;
  /**
   * The database itself, for what needs a session of its own: LISTEN, and the migrations with
   * their session-level lock. A transaction pooler hands each transaction whichever server
   * connection is free, so through one a LISTEN hears nothing and a session lock stays held on a
   * connection nobody owns any more. Default: databaseUrl.
   */
  directUrl?: string;
  poolMax?: number;
}

/** How long to wait for a new database connection before giving up on it. */
export const CONNECT_TIMEOUT_MS = 3000;

const directUrls = new WeakMap<Orm, string>();

/** The direct URL of `orm`'s database (see OrmOptions.directUrl). */
export function directUrl(orm: Orm): string {
  return directUrls.get(orm) ?? orm.config.get('clientUrl')!;
}

export async function createOrm({ databaseUrl, directUrl, poolMax = 20 }: OrmOptions): Promise<Orm> {
  useFastRowShapes();
  const orm = await MikroORM.init({
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
  if (directUrl !== undefined) directUrls.set(orm, directUrl);
  return orm;
}

// Any constant will do; it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK = 7_240_201;

/**
 * Applies every pending migration and returns the names applied. Processes starting together
 * (several API and worker processes on one database) take turns under a session advisory lock.
 * Both the lock and the migrations use the direct connection: the lock ends with its session, and
 * DDL is not split across whatever server connections a pooler hands out.
 */
export async function migrate(orm: Orm): Promise<string[]> {
  const url = directUrl(orm);
  const lock = new pg.Client({ connectionString: url, application_name: 'nairaflow-migrate' });
  // A connection that drops fails the statement in flight, which is what reports it; unhandled,
  // the 'error' event would end the process.
  lock.on('error', () => undefined);
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const migrating = url === orm.config.get('clientUrl') ? orm : await createOrm({ databaseUrl: url, poolMax: 1 });
    try {
      const applied = await migrating.migrator.up();
      return applied.map((m) => m.name);
    } finally {
      if (migrating !== orm) await migrating.close();
    }
  } finally {
    await lock.end();
  }
}
