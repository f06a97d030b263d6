import type { Request, Response } from 'express';
import type { OperationHandler } from './deps.ts';
import { deleteEndpoint } from '../../domain/webhook-endpoints.ts';
import { callerOf } from '../context.ts';
import { requirePasswordConfirmation } from '../auth.ts';

export function deleteWebhookEndpoint(): OperationHandler {
  return async function deleteWebhookEndpoint(req: Request, res: Response) {
    requirePasswordConfirmation(req, 'delete the webhook endpoint');
    res.json({ id: await deleteEndpoint(req.em, callerOf(req)), deleted: true });
  };
}
