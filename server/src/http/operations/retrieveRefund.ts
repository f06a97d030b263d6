import type { Request, Response } from 'express';
import { retrieveRefund } from '../../domain/refunds.ts';
import { callerOf } from '../context.ts';
import { presentRefund } from '../presenters/refund.ts';

export default () => async (req: Request<{ id: string }>, res: Response) => {
  res.json(presentRefund(await retrieveRefund(req.em, callerOf(req), req.params.id)));
};
