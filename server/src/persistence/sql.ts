import { CompiledQuery } from 'kysely';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type pg from 'pg';
import { sha256Hex } from '../ids.ts';

/**
 * Statements on their own (each its own autocommit transaction), with no EntityManager: for a
 * read, or a write that is one statement, that needs no unit of work. Forking an EntityManager
 * costs more CPU than such a statement's whole round trip, so a request that only runs these
 * never forks one. Holds nothing per request: one per process will do.
 */
export interface Autocommit {
  readonly autocommit: MikroORM;
}

export const autocommit = (orm: MikroORM): Autocommit => ({ autocommit: orm });

/** Where a statement runs: an EntityManager (its transaction, if it is in one) or autocommit. */
export type Runner = EntityManager | Autocommit;

const isAutocommit = (runner: Runner): runner is Autocommit => 'autocommit' in runner;

/**
 * A parameterised query ($1, $2, ...) on `runner`. For the hot paths: the values travel separately
 * from the text, so nothing is formatted into SQL on our side and PostgreSQL sees the same
 * statement text every time.
 *
 * Outside a transaction the statement goes straight to the ORM's own connection pool as a named
 * prepared statement: each connection parses and plans it once, not on every request (for a
 * lookup by primary key the planning costs PostgreSQL about as much as the lookup itself), and no
 * query builder stands in between. Every text passed here is a constant (or one of a few shapes),
 * so the statements each connection keeps are few.
 */
export async function sql<Row>(runner: Runner, text: string, params: readonly unknown[] = [], options: StatementOptions = {}): Promise<Row[]> {
  if (isAutocommit(runner) || !runner.isInTransaction()) {
    const connection = isAutocommit(runner) ? runner.autocommit.em.getConnection() : runner.getConnection();
    const pool = pools.get(connection) ?? (await poolOf(connection));
    const named = prepared && options.planEachTime !== true;
    const result = await pool
      .query(named ? { name: statementName(text), text, values: params as unknown[] } : { text, values: params as unknown[] })
      .catch((error: unknown) => {
        throw named && LOST_STATEMENTS.has((error as { code?: string }).code ?? '') ? statementsLost(error) : error;
      });
    return result.rows as Row[];
  }
  const result = await runner.getKysely().executeQuery(CompiledQuery.raw(text, params as unknown[]));
  return result.rows as Row[];
}

export interface StatementOptions {
  /**
   * Plan the statement for its values every time (an unnamed statement), never from a plan cached
   * for "any" values: for a search, whose best plan depends on how many rows its term matches (an
   * e-mail a few, a common word thousands), where a generic plan would read the whole merchant.
   */
  planEachTime?: boolean;
}

let prepared = true;

// A named statement the connection already has (duplicate_prepared_statement), or no longer has
// (invalid_sql_statement_name): what a transaction pooler does to named statements, since it
// hands each transaction whichever server connection is free.
const LOST_STATEMENTS = new Set(['42P05', '26000']);

const statementsLost = (error: unknown): Error =>
  new Error(
    `${(error as Error).message}: named prepared statements do not survive a transaction pooler (PgBouncer in transaction mode); set DATABASE_PREPARED_STATEMENTS=false`,
    { cause: error },
  );

/** DATABASE_PREPARED_STATEMENTS=false: every statement unnamed (parsed and planned each time), for poolers that cannot keep named ones. */
export function usePreparedStatements(enabled: boolean): void {
  prepared = enabled;
}

type Connection = ReturnType<EntityManager['getConnection']>;
const pools = new WeakMap<Connection, pg.Pool>();

async function poolOf(connection: Connection): Promise<pg.Pool> {
  const pool = (await connection.getNativeClient()) as pg.Pool;
  pools.set(connection, pool);
  return pool;
}

const names = new Map<string, string>();

/** The same name for the same text, in every process: `nf_` and a digest of the text. */
function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) names.set(text, (name = `nf_${sha256Hex(text).slice(0, 24)}`));
  return name;
}
