import type { Request, Response } from 'express';
import type { OperationDeps } from './index.ts';
import type { operations } from '../../generated/openapi.ts';
import { createRefund } from '../../domain/refunds.ts';
import { callerOf } from '../context.ts';
import { sendIdempotently } from '../idempotency.ts';
import { presentRefund } from '../presenters/refund.ts';

type Body = operations['createRefund']['requestBody']['content']['application/json'];

export default (deps: OperationDeps) => async (req: Request, res: Response) => {
  const caller = callerOf(req);
  const body = req.body as Body;
  await sendIdempotently(req, res, 'createRefund', { payment_intent: body.payment_intent, amount: body.amount ?? null }, async (tx) => {
    const refund = await createRefund(tx, deps.payments.boss, caller, body);
    return { status: 201, body: presentRefund(refund) };
  });
};
