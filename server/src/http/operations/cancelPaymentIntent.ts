import type { Request, Response } from 'express';
import type { OperationDeps, OperationHandler } from './deps.ts';
import * as paymentIntents from '../../domain/payment-intents.ts';
import { callerOf } from '../context.ts';
import { presentPaymentIntent } from '../presenters/payment-intent.ts';

export function cancelPaymentIntent(deps: OperationDeps): OperationHandler {
  return async function cancelPaymentIntent(req: Request<{ id: string }>, res: Response) {
    const caller = callerOf(req);
    const intent = await paymentIntents.cancelPaymentIntent(req.em, caller, req.params.id);
    res.json(presentPaymentIntent(intent, caller.merchant));
  };
}
