import type { Request, Response } from 'express';
import { deliverManually } from '../../webhooks/deliver.ts';
import { callerOf } from '../context.ts';
import { presentDelivery } from '../presenters/webhooks.ts';
import type { OperationDeps } from './deps.ts';

export default (deps: OperationDeps) => async (req: Request<{ id: string }>, res: Response) => {
  res.json(presentDelivery(await deliverManually(req.em, deps.webhooks, callerOf(req), req.params.id)));
};
