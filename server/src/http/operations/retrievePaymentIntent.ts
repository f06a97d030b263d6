import type { Request, Response } from 'express';
import { retrievePaymentIntent } from '../../domain/payment-intents.ts';
import { callerOf } from '../context.ts';
import { presentPaymentIntent } from '../presenters/payment-intent.ts';

export default () => async (req: Request<{ id: string }>, res: Response) => {
  const caller = callerOf(req);
  const intent = await retrievePaymentIntent(req.db, caller, req.params.id);
  res.json(presentPaymentIntent(intent, caller.merchant));
};
