import type { Request, Response } from 'express';
import type { operations } from '../../generated/openapi.ts';
import { setEndpoint } from '../../domain/webhook-endpoints.ts';
import { callerOf } from '../context.ts';
import { requirePasswordConfirmation } from '../auth.ts';
import { presentEndpoint } from '../presenters/webhook-endpoint.ts';
import type { OperationDeps, OperationHandler } from './deps.ts';

type Body = operations['updateWebhookEndpoint']['requestBody']['content']['application/json'];

export function updateWebhookEndpoint(deps: OperationDeps): OperationHandler {
  return async function updateWebhookEndpoint(req: Request, res: Response) {
    const { url } = req.body as Body;
    requirePasswordConfirmation(req, 'change the webhook endpoint');
    const { view, secret } = await setEndpoint(req.em, callerOf(req), url, deps.webhooks.targets);
    if (secret === null) res.status(200).json(presentEndpoint(view));
    else res.status(201).json({ ...presentEndpoint(view), secret });
  };
}
