import type { Request, Response } from 'express';
import type { operations } from '../../generated/openapi.ts';
import { authenticatePayment, merchantOf } from '../../domain/payment-attempts.ts';
import type { StepAnswer } from '../../domain/processor/processor.ts';
import { clientOf } from '../client-address.ts';
import { presentCheckout } from '../presenters/checkout.ts';
import type { OperationDeps, OperationHandler } from './deps.ts';

type Body = operations['authenticatePaymentIntent']['requestBody']['content']['application/json'];

/** The one answer the body carries (the contract lets exactly one through with the client secret). */
function answerOf(body: Body): StepAnswer {
  if (body.pin !== undefined) return { step: 'pin', pin: body.pin };
  if (body.otp !== undefined) return { step: 'otp', otp: body.otp };
  if (body.phone !== undefined) return { step: 'phone', phone: body.phone };
  if (body.birthday !== undefined) return { step: 'birthday', birthday: body.birthday };
  if (body.address !== undefined) return { step: 'address', address: body.address };
  throw new Error('the contract lets no body without an answer through');
}

export function authenticatePaymentIntent(deps: OperationDeps): OperationHandler {
  return async function authenticatePaymentIntent(req: Request<{ id: string }>, res: Response) {
    const body = req.body as Body;
    const intent = await authenticatePayment(req.em, deps.payments, req.params.id, body.client_secret, { answer: answerOf(body), client: clientOf(req) });
    res.json(presentCheckout(intent, await merchantOf(req.em, intent)));
  };
}
