import { CompiledQuery } from 'kysely';
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * A parameterised query ($1, $2, ...) on the connection of `em` (its transaction, if it is in
 * one). For the hot paths: the values travel separately from the text, so nothing is formatted
 * into SQL on our side and PostgreSQL sees the same statement text every time.
 */
export async function sql<Row>(em: EntityManager, text: string, params: readonly unknown[] = []): Promise<Row[]> {
  const result = await em.getKysely().executeQuery(CompiledQuery.raw(text, params as unknown[]));
  return result.rows as Row[];
}
