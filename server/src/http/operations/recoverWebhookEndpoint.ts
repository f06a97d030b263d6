import type { Request, Response } from 'express';
import type { OperationHandler } from './deps.ts';
import type { components } from '../../generated/openapi.ts';
import { sinceTime } from '../../domain/times.ts';
import { recoverDeliveries } from '../../domain/webhook-deliveries.ts';
import { callerOf } from '../context.ts';

type Body = components['schemas']['RecoverRequest'];

export function recoverWebhookEndpoint(): OperationHandler {
  return async function recoverWebhookEndpoint(req: Request, res: Response) {
    const { since } = req.body as Body;
    // Unix seconds or an RFC 3339 time (the contract checked which); answered in Unix seconds.
    const from = sinceTime(since);
    const queued = await recoverDeliveries(req.em, callerOf(req), from);
    res.json({ object: 'webhook_recovery', since: Math.floor(from.getTime() / 1000), queued } satisfies components['schemas']['WebhookRecovery']);
  };
}
