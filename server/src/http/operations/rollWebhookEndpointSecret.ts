import type { Request, Response } from 'express';
import type { OperationHandler } from './deps.ts';
import type { operations } from '../../generated/openapi.ts';
import { DEFAULT_ROLL_OVERLAP_SECONDS, rollSecret } from '../../domain/webhook-endpoints.ts';
import { callerOf } from '../context.ts';
import { requirePasswordConfirmation } from '../auth.ts';
import { presentEndpoint } from '../presenters/webhook-endpoint.ts';

type Body = NonNullable<operations['rollWebhookEndpointSecret']['requestBody']>['content']['application/json'];

export function rollWebhookEndpointSecret(): OperationHandler {
  return async function rollWebhookEndpointSecret(req: Request, res: Response) {
    const body = (req.body ?? {}) as Body;
    requirePasswordConfirmation(req, "roll the webhook endpoint's signing secret");
    const { view, secret } = await rollSecret(req.em, callerOf(req), body.expires_in ?? DEFAULT_ROLL_OVERLAP_SECONDS);
    res.json({ ...presentEndpoint(view), secret });
  };
}
