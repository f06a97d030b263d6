import type { Request, Response } from 'express';
import type { OperationHandler } from './deps.ts';
import type { operations } from '../../generated/openapi.ts';
import * as paymentIntents from '../../domain/payment-intents.ts';
import { callerOf } from '../context.ts';
import { assertDecodableQuery } from '../request-guards.ts';
import { presentPaymentIntent } from '../presenters/payment-intent.ts';
import { koboToWire } from '../../domain/money.ts';

type Query = NonNullable<operations['listPaymentIntents']['parameters']['query']>;

export function listPaymentIntents(): OperationHandler {
  return async function listPaymentIntents(req: Request, res: Response) {
    const caller = callerOf(req);
    const query = req.query as Query;
    assertDecodableQuery(req, 'q');
    const options = {
      limit: query.limit ?? 10,
      startingAfter: query.starting_after,
      endingBefore: query.ending_before,
      status: query.status,
      created: { gte: query['created[gte]'], lt: query['created[lt]'] },
      q: query.q,
    };
    const [page, totals] = await Promise.all([
      paymentIntents.listPaymentIntents(req.em, caller, options),
      query.include === 'totals' ? paymentIntents.listTotals(req.em, caller, options) : undefined,
    ]);
    res.json({
      object: 'list',
      data: page.data.map((pi) => presentPaymentIntent(pi, caller.merchant)),
      has_more: page.hasMore,
      ...(totals === undefined
        ? {}
        : { totals: { count: totals.count, volume: koboToWire(totals.volume), fees: koboToWire(totals.fees), refunded: koboToWire(totals.refunded), net: koboToWire(totals.net) } }),
    });
  };
}
