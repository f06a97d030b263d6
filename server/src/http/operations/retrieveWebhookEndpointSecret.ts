import type { Request, Response } from 'express';
import type { OperationHandler } from './deps.ts';
import { revealSecret } from '../../domain/webhook-endpoints.ts';
import { requirePasswordConfirmation } from '../auth.ts';
import { callerOf } from '../context.ts';
import { presentEndpoint } from '../presenters/webhook-endpoint.ts';

export function retrieveWebhookEndpointSecret(): OperationHandler {
  return async function retrieveWebhookEndpointSecret(req: Request, res: Response) {
    requirePasswordConfirmation(req, "see the webhook endpoint's signing secret");
    const { view, secret } = await revealSecret(req.em, callerOf(req));
    // The secret is in this answer only: never cached.
    res.set('Cache-Control', 'no-store').json({ ...presentEndpoint(view), secret });
  };
}
