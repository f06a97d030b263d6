import type { Request, Response } from 'express';
import type { operations } from '../../generated/openapi.ts';
import { merchantOf, submitOtp } from '../../domain/payment-attempts.ts';
import { clientOf } from '../client-address.ts';
import { presentCheckout } from '../presenters/checkout.ts';
import type { OperationDeps, OperationHandler } from './deps.ts';

type Body = operations['submitPaymentIntentOtp']['requestBody']['content']['application/json'];

export function submitPaymentIntentOtp(deps: OperationDeps): OperationHandler {
  return async function submitPaymentIntentOtp(req: Request<{ id: string }>, res: Response) {
    const body = req.body as Body;
    const intent = await submitOtp(req.em, deps.payments, req.params.id, body.client_secret, { otp: body.otp, client: clientOf(req) });
    res.json(presentCheckout(intent, await merchantOf(req.em, intent)));
  };
}
