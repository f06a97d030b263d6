import type { Request, Response } from 'express';
import { deliverManually } from '../../domain/webhook-deliveries.ts';
import { callerOf } from '../context.ts';
import { presentDelivery } from '../presenters/webhook-delivery.ts';
import type { OperationDeps, OperationHandler } from './deps.ts';

export function redeliverEvent(deps: OperationDeps): OperationHandler {
  return async function redeliverEvent(req: Request<{ id: string }>, res: Response) {
    res.json(presentDelivery(await deliverManually(req.em, deps.webhooks, callerOf(req), req.params.id)));
  };
}
