import type { Request, Response } from 'express';
import type { OperationDeps, OperationHandler } from './deps.ts';
import type { operations } from '../../generated/openapi.ts';
import * as refunds from '../../domain/refunds.ts';
import { callerOf } from '../context.ts';
import { sendIdempotently } from '../idempotency.ts';
import { presentRefund } from '../presenters/refund.ts';

type Body = operations['createRefund']['requestBody']['content']['application/json'];

export function createRefund(deps: OperationDeps): OperationHandler {
  return async function createRefund(req: Request, res: Response) {
    const caller = callerOf(req);
    const body = req.body as Body;
    await sendIdempotently(req, res, 'createRefund', async (tx) => {
      const refund = await refunds.createRefund(tx, deps.payments, caller, body);
      // Left out, the amount is what was left to refund: a retry may write it in.
      return { status: 201, body: presentRefund(refund), ...(body.amount === undefined ? { filled: { amount: Number(refund.amount) } } : {}) };
    });
  };
}
