import { createHash } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import type { EntityManager } from '@mikro-orm/postgresql';
import type pg from 'pg';

/**
 * A parameterised query ($1, $2, ...) on the connection of `em` (its transaction, if it is in
 * one). For the hot paths: the values travel separately from the text, so nothing is formatted
 * into SQL on our side and PostgreSQL sees the same statement text every time.
 *
 * Outside a transaction the statement goes straight to the ORM's own connection pool as a named
 * prepared statement: each connection parses and plans it once, not on every request (for a
 * lookup by primary key the planning costs PostgreSQL about as much as the lookup itself), and no
 * query builder stands in between. Every text passed here is a constant (or one of a few shapes),
 * so the statements each connection keeps are few.
 */
export async function sql<Row>(em: EntityManager, text: string, params: readonly unknown[] = []): Promise<Row[]> {
  if (!em.isInTransaction()) {
    const pool = pools.get(em.getConnection()) ?? (await poolOf(em));
    const result = await pool.query({ name: statementName(text), text, values: params as unknown[] });
    return result.rows as Row[];
  }
  const result = await em.getKysely().executeQuery(CompiledQuery.raw(text, params as unknown[]));
  return result.rows as Row[];
}

const pools = new WeakMap<object, pg.Pool>();

async function poolOf(em: EntityManager): Promise<pg.Pool> {
  const connection = em.getConnection();
  const pool = (await connection.getNativeClient()) as pg.Pool;
  pools.set(connection, pool);
  return pool;
}

const names = new Map<string, string>();

/** The same name for the same text, in every process: `nf_` and a digest of the text. */
function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) names.set(text, (name = `nf_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`));
  return name;
}
