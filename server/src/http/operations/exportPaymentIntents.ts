import type { Request, Response } from 'express';
import type { operations } from '../../generated/openapi.ts';
import { paymentsCsv } from '../../domain/exports.ts';
import { callerOf } from '../context.ts';
import { assertDecodableQuery } from '../request-guards.ts';
import type { OperationDeps, OperationHandler } from './deps.ts';
import { statusFilterOf } from './listPaymentIntents.ts';
import { versionOf } from '../api-version.ts';

type Query = NonNullable<operations['exportPaymentIntents']['parameters']['query']>;

export function exportPaymentIntents(deps: OperationDeps): OperationHandler {
  return async function exportPaymentIntents(req: Request, res: Response) {
    const caller = callerOf(req);
    const query = req.query as Query;
    assertDecodableQuery(req, 'q');
    const rows = paymentsCsv(deps.orm, caller, { status: statusFilterOf(query.status, versionOf(res)), created: { gte: query['created[gte]'], lt: query['created[lt]'] }, q: query.q });
    // The first chunk (the header) is read before the answer starts: a database that cannot be
    // reached is still an error in the one shape, not a broken download.
    const first = await rows.next();
    res.status(200);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="payments-${caller.livemode ? 'live' : 'test'}-${new Date().toISOString().slice(0, 10)}.csv"`);
    res.setHeader('Cache-Control', 'no-store');
    if (!first.done) res.write(first.value);
    for await (const chunk of rows) {
      if (res.destroyed) break; // the client left: the cursor is closed as the loop ends
      if (!res.write(chunk)) await drained(res);
    }
    res.end();
  };
}

/** Until the client has taken what was written (or has gone), with no listener left behind. */
function drained(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
