import type { Request, Response } from 'express';
import type { OperationHandler } from './deps.ts';
import type { operations } from '../../generated/openapi.ts';
import * as paymentIntents from '../../domain/payment-intents.ts';
import { callerOf } from '../context.ts';
import { assertDecodableQuery } from '../request-guards.ts';
import { versionOf } from '../api-version.ts';
import { presentPaymentIntent } from '../presenters/payment-intent.ts';
import { koboToWire } from '../../domain/money.ts';

type Query = NonNullable<operations['listPaymentIntents']['parameters']['query']>;

/**
 * The `status` filter a request asked for: the status as the merchant reads it, except
 * `requires_authentication` (every open unpaid intent) and, for a request on API 2026-11-24, the
 * lifecycle statuses that version filtered by.
 */
export function statusFilterOf(status: Query['status'], version: string): paymentIntents.StatusFilter | undefined {
  if (status === undefined) return undefined;
  if (status === 'requires_authentication') return { lifecycle: status };
  if (version === '2026-11-24' && (status === 'succeeded' || status === 'canceled' || status === 'processing')) return { lifecycle: status };
  return { shown: status };
}

export function listPaymentIntents(): OperationHandler {
  return async function listPaymentIntents(req: Request, res: Response) {
    const caller = callerOf(req);
    const query = req.query as Query;
    assertDecodableQuery(req, 'q');
    const options = {
      limit: query.limit ?? 10,
      startingAfter: query.starting_after,
      endingBefore: query.ending_before,
      status: statusFilterOf(query.status, versionOf(res)),
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
