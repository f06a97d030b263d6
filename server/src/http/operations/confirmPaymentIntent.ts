import type { Request, Response } from 'express';
import type { operations } from '../../generated/openapi.ts';
import { confirmPayment, merchantOf } from '../../domain/payment-attempts.ts';
import { clientOf } from '../client-address.ts';
import { presentCheckout } from '../presenters/checkout.ts';
import type { OperationDeps, OperationHandler } from './deps.ts';

type Body = operations['confirmPaymentIntent']['requestBody']['content']['application/json'];

export function confirmPaymentIntent(deps: OperationDeps): OperationHandler {
  return async function confirmPaymentIntent(req: Request<{ id: string }>, res: Response) {
    const body = req.body as Body;
    const intent = await confirmPayment(req.em, deps.payments, req.params.id, body.client_secret, { ...body, client: clientOf(req) });
    res.json(presentCheckout(intent, await merchantOf(req.em, intent)));
  };
}
