import type { Request, Response } from 'express';
import type { operations } from '../../generated/openapi.ts';
import * as paymentIntents from '../../domain/payment-intents.ts';
import { callerOf } from '../context.ts';
import { sendIdempotentlyAutocommit } from '../idempotency.ts';
import { presentPaymentIntent } from '../presenters/payment-intent.ts';
import type { OperationDeps, OperationHandler } from './deps.ts';

type Body = operations['createPaymentIntent']['requestBody']['content']['application/json'];

export function createPaymentIntent(deps: OperationDeps): OperationHandler {
  return async function createPaymentIntent(req: Request, res: Response) {
    const caller = callerOf(req);
    const body = req.body as Body;
    await sendIdempotentlyAutocommit(req, res, 'createPaymentIntent', async (runner) => {
      const { intent, clientSecret } = await paymentIntents.createPaymentIntent(runner, caller, body, { ttlSeconds: deps.config.intentTtlSeconds });
      return {
        status: 201,
        body: presentPaymentIntent(intent, caller.merchant, { clientSecret, publicBaseUrl: deps.publicBaseUrl() }),
      };
    });
  };
}
