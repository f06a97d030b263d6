import type { Request, Response } from 'express';
import type { OperationHandler } from './deps.ts';
import type { components } from '../../generated/openapi.ts';
import { ApiError } from '../../domain/errors.ts';
import { recoverDeliveries } from '../../webhooks/recover.ts';
import { callerOf } from '../context.ts';

type Body = components['schemas']['RecoverRequest'];

export function recoverWebhookEndpoint(): OperationHandler {
  return async function recoverWebhookEndpoint(req: Request, res: Response) {
    const { since } = req.body as Body;
    // Unix seconds or an RFC 3339 time (the contract checked which); answered in Unix seconds.
    const from = typeof since === 'number' ? new Date(since * 1000) : new Date(since);
    // RFC 3339 allows a leap second (23:59:60), which JavaScript's dates cannot hold.
    if (Number.isNaN(from.getTime())) {
      throw new ApiError('invalid_request', 'since must be a time JavaScript can read: Unix seconds, or a date and time such as 2026-01-01T09:00:00Z (no leap second).', 'since');
    }
    const queued = await recoverDeliveries(req.em, callerOf(req), from);
    res.json({ object: 'webhook_recovery', since: Math.floor(from.getTime() / 1000), queued } satisfies components['schemas']['WebhookRecovery']);
  };
}
