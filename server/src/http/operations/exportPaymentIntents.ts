import type { Request, Response } from 'express';
import type { operations } from '../../generated/openapi.ts';
import { paymentsCsv } from '../../domain/exports.ts';
import { callerOf } from '../context.ts';
import { exportFilename, sendCsv } from '../csv-response.ts';
import { assertDecodableQuery } from '../request-guards.ts';
import { versionOf } from '../api-version.ts';
import type { OperationDeps, OperationHandler } from './deps.ts';
import { statusFilterOf } from './listPaymentIntents.ts';

type Query = NonNullable<operations['exportPaymentIntents']['parameters']['query']>;

export function exportPaymentIntents(deps: OperationDeps): OperationHandler {
  return async function exportPaymentIntents(req: Request, res: Response) {
    const caller = callerOf(req);
    const query = req.query as Query;
    assertDecodableQuery(req, 'q');
    const filters = { status: statusFilterOf(query.status, versionOf(res)), created: { gte: query['created[gte]'], lt: query['created[lt]'] }, q: query.q };
    await sendCsv(res, caller.merchant.id, () => paymentsCsv(deps.orm, caller, filters), exportFilename('payments', caller.livemode));
  };
}
