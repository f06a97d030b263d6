// Lists of a merchant's objects, newest first, paged by cursor. One statement per page, whatever
// its depth: the page starts at the cursor's (created_at, id) in the list's index, found by a
// row comparison, so page 10,000 costs what page 1 does (no offset, no scan of what came before).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../persistence/sql.ts';
import { ApiError } from './errors.ts';

export interface PageOptions {
  limit: number;
  startingAfter?: string;
  endingBefore?: string;
}

export interface Page<T> {
  data: T[];
  hasMore: boolean;
}

export interface PageQuery<Row, T> {
  /** The table, with (merchant_id, livemode, created_at, id) and an index that lists them in that order. */
  table: 'payment_intents' | 'refunds' | 'events' | 'payouts';
  columns: readonly string[];
  /** How a row becomes the object (text timestamps and bigints arrive on this connection). */
  fromRow: (row: Row) => T;
  merchantId: string;
  livemode: boolean;
  /** More conditions, column = value (a column whose index serves the list with them). */
  filters: Record<string, string | undefined>;
  /** Only objects created in [gte, lt) (either bound may be left out). */
  created?: { gte?: Date; lt?: Date };
  /** One more condition, its values bound through `bind` (which answers the placeholder to write). */
  where?: (bind: (value: unknown) => string) => string;
  /** The object's name in a refused cursor's message. */
  noun: string;
  /**
   * A search: find the rows that match first (through the indexes `where` can use), then order
   * them, instead of walking the list's index in order and testing each row; and plan it for its
   * values (see StatementOptions.planEachTime).
   */
  matchesFirst?: boolean;
}

/**
 * One page. `starting_after` pages towards older objects, `ending_before` towards newer ones; the
 * cursor must be one of the caller's own objects in the mode (whatever the other filters).
 */
export async function pageOf<Row, T extends { id: string }>(em: EntityManager, query: PageQuery<Row, T>, options: PageOptions): Promise<Page<T>> {
  if (options.startingAfter !== undefined && options.endingBefore !== undefined) {
    throw new ApiError('invalid_request', 'Give starting_after or ending_before, not both.', 'ending_before');
  }
  const cursor = options.startingAfter ?? options.endingBefore;
  const olderFirst = options.endingBefore === undefined;
  const params: unknown[] = [query.merchantId, query.livemode];
  const conditions = ['merchant_id = $1', 'livemode = $2'];
  for (const [column, value] of Object.entries(query.filters)) {
    if (value === undefined) continue;
    params.push(value);
    conditions.push(`${column} = $${params.length}`);
  }
  if (query.created?.gte !== undefined) {
    params.push(query.created.gte);
    conditions.push(`created_at >= $${params.length}`);
  }
  if (query.created?.lt !== undefined) {
    params.push(query.created.lt);
    conditions.push(`created_at < $${params.length}`);
  }
  if (query.where !== undefined) {
    conditions.push(
      `(${query.where((value) => {
        params.push(value);
        return `$${params.length}`;
      })})`,
    );
  }
  if (cursor !== undefined) {
    params.push(cursor);
    // No such cursor of the caller: the comparison is with null, and the page is empty (see below).
    conditions.push(
      `(created_at, id) ${olderFirst ? '<' : '>'} (select c.created_at, c.id from ${query.table} c where c.id = $${params.length} and c.merchant_id = $1 and c.livemode = $2)`,
    );
  }
  params.push(options.limit + 1);
  const direction = olderFirst ? 'desc' : 'asc';
  const select = `select ${query.columns.join(', ')} from ${query.table} where ${conditions.join(' and ')}`;
  const order = `order by created_at ${direction}, id ${direction} limit $${params.length}`;
  const rows = query.matchesFirst
    ? await sql<Row>(em, `with found as materialized (${select}) select * from found ${order}`, params, { planEachTime: true })
    : await sql<Row>(em, `${select} ${order}`, params);
  if (rows.length === 0 && cursor !== undefined) {
    const [known] = await sql(em, `select 1 from ${query.table} where id = $1 and merchant_id = $2 and livemode = $3`, [cursor, query.merchantId, query.livemode]);
    if (known === undefined) {
      const param = olderFirst ? 'starting_after' : 'ending_before';
      throw new ApiError('invalid_request', `${param} names no ${query.noun} of yours in this mode: '${cursor}'.`, param);
    }
  }
  const page = rows.slice(0, options.limit).map(query.fromRow);
  return { data: olderFirst ? page : page.reverse(), hasMore: rows.length > options.limit };
}
