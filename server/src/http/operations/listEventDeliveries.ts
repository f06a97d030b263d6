import type { Request, Response } from 'express';
import type { OperationHandler } from './deps.ts';
import { listDeliveries } from '../../domain/webhook-deliveries.ts';
import { callerOf } from '../context.ts';
import { presentDelivery } from '../presenters/webhook-delivery.ts';

export function listEventDeliveries(): OperationHandler {
  return async function listEventDeliveries(req: Request<{ id: string }>, res: Response) {
    const deliveries = await listDeliveries(req.em, callerOf(req), req.params.id);
    res.json({ object: 'list', data: deliveries.map(presentDelivery), has_more: false });
  };
}
