import type { Request, Response } from 'express';
import type { OperationHandler } from './deps.ts';
import * as paymentIntents from '../../domain/payment-intents.ts';
import { callerOf } from '../context.ts';
import { presentPaymentIntent } from '../presenters/payment-intent.ts';

export function retrievePaymentIntent(): OperationHandler {
  return async function retrievePaymentIntent(req: Request<{ id: string }>, res: Response) {
    const caller = callerOf(req);
    const intent = await paymentIntents.retrievePaymentIntent(req.db, caller, req.params.id);
    res.json(presentPaymentIntent(intent, caller.merchant));
  };
}
