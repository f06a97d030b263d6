import type { Request, Response } from 'express';
import { recordEvent } from '../../domain/events.ts';
import { requireEndpoint } from '../../domain/webhook-endpoints.ts';
import { callerOf } from '../context.ts';
import { presentEvent } from '../presenters/event.ts';
import type { OperationDeps, OperationHandler } from './deps.ts';

export function sendWebhookTestEvent(deps: OperationDeps): OperationHandler {
  return async function sendWebhookTestEvent(req: Request, res: Response) {
    const caller = callerOf(req);
    const event = await req.em.transactional(async (tx) => {
      // In live mode a test event with nowhere to go is a mistake (404). In test mode it is still
      // recorded, for the event stream: `nairaflow listen` on a laptop needs no endpoint.
      if (caller.livemode) await requireEndpoint(tx, caller);
      return recordEvent(tx, { merchantId: caller.merchant.id, livemode: caller.livemode }, 'webhook.test', { test: true });
    });
    res.status(201).json(presentEvent(event));
  };
}
