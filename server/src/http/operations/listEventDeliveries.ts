import type { Request, Response } from 'express';
import { listDeliveries } from '../../webhooks/deliver.ts';
import { callerOf } from '../context.ts';
import { presentDelivery } from '../presenters/webhooks.ts';

export default () => async (req: Request<{ id: string }>, res: Response) => {
  const deliveries = await listDeliveries(req.em, callerOf(req), req.params.id);
  res.json({ object: 'list', data: deliveries.map(presentDelivery), has_more: false });
};
