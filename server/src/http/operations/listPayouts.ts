import type { Request, Response } from 'express';
import type { operations } from '../../generated/openapi.ts';
import * as payouts from '../../domain/payouts.ts';
import { callerOf } from '../context.ts';
import { presentPayout } from '../presenters/payout.ts';
import type { OperationHandler } from './deps.ts';

type Query = NonNullable<operations['listPayouts']['parameters']['query']>;

export function listPayouts(): OperationHandler {
  return async function listPayouts(req: Request, res: Response) {
    const query = req.query as Query;
    const page = await payouts.listPayouts(req.em, callerOf(req), { limit: query.limit ?? 10, startingAfter: query.starting_after, endingBefore: query.ending_before });
    res.json({ object: 'list', data: page.data.map(presentPayout), has_more: page.hasMore });
  };
}
