import type { EntityManager } from '@mikro-orm/postgresql';
import type { EntityName } from '@mikro-orm/core';
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

/**
 * One page of a merchant's objects, newest first. `starting_after` pages towards older objects,
 * `ending_before` towards newer ones; the cursor must be one of the caller's own objects.
 */
export async function pageOf<T extends { id: string; created_at: Date }>(
  em: EntityManager,
  entity: EntityName<T>,
  scope: { merchant_id: string; livemode: boolean } & Record<string, unknown>,
  options: PageOptions,
  noun: string,
): Promise<Page<T>> {
  if (options.startingAfter !== undefined && options.endingBefore !== undefined) {
    throw new ApiError('invalid_request', 'Give starting_after or ending_before, not both.', 'ending_before');
  }
  const cursorId = options.startingAfter ?? options.endingBefore;
  const olderFirst = options.endingBefore === undefined;
  let where: Record<string, unknown> = scope;
  if (cursorId !== undefined) {
    const param = olderFirst ? 'starting_after' : 'ending_before';
    // Any of the caller's objects in this mode can be a cursor, whatever the list's other filters.
    const cursor = (await em.findOne(entity, { id: cursorId, merchant_id: scope.merchant_id, livemode: scope.livemode } as never)) as T | null;
    if (cursor === null) throw new ApiError('invalid_request', `${param} names no ${noun} of yours in this mode: '${cursorId}'.`, param);
    const op = olderFirst ? '$lt' : '$gt';
    where = {
      ...scope,
      $or: [{ created_at: { [op]: cursor.created_at } }, { created_at: cursor.created_at, id: { [op]: cursor.id } }],
    };
  }
  const direction = olderFirst ? 'desc' : 'asc';
  const rows = (await em.find(entity, where as never, {
    orderBy: { created_at: direction, id: direction } as never,
    limit: options.limit + 1,
  })) as T[];
  const hasMore = rows.length > options.limit;
  const page = rows.slice(0, options.limit);
  return { data: olderFirst ? page : page.reverse(), hasMore };
}
