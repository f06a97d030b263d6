import type { Request, Response } from 'express';
import type { operations } from '../../generated/openapi.ts';
import * as payouts from '../../domain/payouts.ts';
import { callerOf } from '../context.ts';
import { sendIdempotently } from '../idempotency.ts';
import { presentPayout } from '../presenters/payout.ts';
import type { OperationDeps, OperationHandler } from './deps.ts';

type Body = operations['createPayout']['requestBody']['content']['application/json'];

export function createPayout(deps: OperationDeps): OperationHandler {
  return async function createPayout(req: Request, res: Response) {
    const caller = callerOf(req);
    const body = req.body as Body;
    await sendIdempotently(req, res, 'createPayout', async (tx) => {
      const payout = await payouts.createPayout(tx, deps.payouts, caller, body);
      return { status: 201, body: presentPayout(payout) };
    });
  };
}
