import type { Request, Response } from 'express';
import type { OperationHandler } from './deps.ts';
import type { operations } from '../../generated/openapi.ts';
import * as balance from '../../domain/balance.ts';
import { callerOf } from '../context.ts';
import { presentBalanceEntry } from '../presenters/balance.ts';

type Query = NonNullable<operations['listBalanceEntries']['parameters']['query']>;

export function listBalanceEntries(): OperationHandler {
  return async function listBalanceEntries(req: Request, res: Response) {
    const query = req.query as Query;
    const page = await balance.listBalanceEntries(req.em, callerOf(req), {
      limit: query.limit ?? 10,
      startingAfter: query.starting_after,
      endingBefore: query.ending_before,
    });
    res.json({ object: 'list', data: page.data.map(presentBalanceEntry), has_more: page.hasMore });
  };
}
