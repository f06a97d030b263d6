import type { Request, Response } from 'express';
import { sendTestEvent } from '../../domain/webhook-endpoints.ts';
import { callerOf } from '../context.ts';
import { presentEvent } from '../presenters/event.ts';
import type { OperationHandler } from './deps.ts';

export function sendWebhookTestEvent(): OperationHandler {
  return async function sendWebhookTestEvent(req: Request, res: Response) {
    res.status(201).json(presentEvent(await sendTestEvent(req.em, callerOf(req))));
  };
}
