import type { Request, Response } from 'express';
import type { OperationHandler } from './deps.ts';
import { intentForClientSecret, merchantOf } from '../../domain/payment-attempts.ts';
import { presentCheckout } from '../presenters/checkout.ts';

export function retrieveCheckout(): OperationHandler {
  return async function retrieveCheckout(req: Request<{ id: string }>, res: Response) {
    const intent = await intentForClientSecret(req.em, req.params.id, String(req.query['client_secret']));
    res.json(presentCheckout(intent, await merchantOf(req.em, intent)));
  };
}
