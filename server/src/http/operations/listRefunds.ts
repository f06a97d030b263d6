import type { Request, Response } from 'express';
import type { OperationHandler } from './deps.ts';
import type { operations } from '../../generated/openapi.ts';
import * as refunds from '../../domain/refunds.ts';
import { callerOf } from '../context.ts';
import { presentRefund } from '../presenters/refund.ts';

type Query = NonNullable<operations['listRefunds']['parameters']['query']>;

export function listRefunds(): OperationHandler {
  return async function listRefunds(req: Request, res: Response) {
    const query = req.query as Query;
    const page = await refunds.listRefunds(req.em, callerOf(req), {
      limit: query.limit ?? 10,
      startingAfter: query.starting_after,
      endingBefore: query.ending_before,
      paymentIntent: query.payment_intent,
    });
    res.json({ object: 'list', data: page.data.map(presentRefund), has_more: page.hasMore });
  };
}
