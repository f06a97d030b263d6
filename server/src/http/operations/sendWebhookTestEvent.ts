import type { Request, Response } from 'express';
import { recordEvent } from '../../domain/events.ts';
import { requireEndpoint } from '../../domain/webhook-endpoints.ts';
import { callerOf } from '../context.ts';
import { presentEvent } from '../presenters/webhooks.ts';
import type { OperationDeps } from './deps.ts';

export default (deps: OperationDeps) => async (req: Request, res: Response) => {
  const caller = callerOf(req);
  const event = await req.em.transactional(async (tx) => {
    await requireEndpoint(tx, caller); // 404 when there is nowhere to send it
    return recordEvent(tx, { merchantId: caller.merchant.id, livemode: caller.livemode }, 'webhook.test', { test: true });
  });
  res.status(201).json(presentEvent(event));
};
