import type { Request, Response } from 'express';
import { intentForClientSecret, merchantOf } from '../../domain/payments.ts';
import { presentCheckout } from '../presenters/checkout.ts';

export default () => async (req: Request<{ id: string }>, res: Response) => {
  const intent = await intentForClientSecret(req.em, req.params.id, String(req.query['client_secret']));
  res.json(presentCheckout(intent, await merchantOf(req.em, intent)));
};
