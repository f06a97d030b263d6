import type { Request, Response } from 'express';
import type { OperationDeps } from './deps.ts';
import { cancelPaymentIntent } from '../../domain/payment-intents.ts';
import { callerOf } from '../context.ts';
import { presentPaymentIntent } from '../presenters/payment-intent.ts';

export default (deps: OperationDeps) => async (req: Request<{ id: string }>, res: Response) => {
  const caller = callerOf(req);
  const intent = await cancelPaymentIntent(req.em, caller, req.params.id);
  res.json(presentPaymentIntent(intent, caller.merchant));
};
