import type { Request, Response } from 'express';
import type { OperationHandler } from './deps.ts';
import { viewEndpoint } from '../../domain/webhook-endpoints.ts';
import { callerOf } from '../context.ts';
import { presentEndpoint } from '../presenters/webhook-endpoint.ts';

export function retrieveWebhookEndpoint(): OperationHandler {
  return async function retrieveWebhookEndpoint(req: Request, res: Response) {
    res.json(presentEndpoint(await viewEndpoint(req.em, callerOf(req))));
  };
}
