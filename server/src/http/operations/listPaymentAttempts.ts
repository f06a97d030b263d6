import type { Request, Response } from 'express';
import type { OperationHandler } from './deps.ts';
import * as paymentAttempts from '../../domain/payment-attempts.ts';
import { callerOf } from '../context.ts';
import { presentPaymentAttempt } from '../presenters/payment-intent.ts';

export function listPaymentAttempts(): OperationHandler {
  return async function listPaymentAttempts(req: Request<{ id: string }>, res: Response) {
    const attempts = await paymentAttempts.listPaymentAttempts(req.em, callerOf(req), req.params.id);
    res.json({ object: 'list', data: attempts.map(presentPaymentAttempt), has_more: false });
  };
}
