import type { Request, Response } from 'express';
import type { OperationHandler } from './deps.ts';
import type { operations } from '../../generated/openapi.ts';
import * as events from '../../domain/events.ts';
import { callerOf } from '../context.ts';
import { presentEvent } from '../presenters/event.ts';

type Query = NonNullable<operations['listEvents']['parameters']['query']>;

export function listEvents(): OperationHandler {
  return async function listEvents(req: Request, res: Response) {
    const query = req.query as Query;
    const page = await events.listEvents(req.em, callerOf(req), {
      limit: query.limit ?? 10,
      startingAfter: query.starting_after,
      endingBefore: query.ending_before,
      type: query.type,
      paymentIntent: query.payment_intent,
      deliveryStatus: query.delivery_status,
      created: { gte: query['created[gte]'], lt: query['created[lt]'] },
    });
    res.json({ object: 'list', data: page.data.map(presentEvent), has_more: page.hasMore });
  };
}
