import type { Request, Response } from 'express';
import { balanceEntriesCsv } from '../../domain/exports.ts';
import { callerOf } from '../context.ts';
import { exportFilename, sendCsv } from '../csv-response.ts';
import type { OperationDeps, OperationHandler } from './deps.ts';

export function exportBalanceEntries(deps: OperationDeps): OperationHandler {
  return async function exportBalanceEntries(req: Request, res: Response) {
    const caller = callerOf(req);
    await sendCsv(res, caller.merchant.id, () => balanceEntriesCsv(deps.orm, caller), exportFilename('balance', caller.livemode));
  };
}
