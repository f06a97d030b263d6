import type { Request, Response } from 'express';
import { listPaymentAttempts } from '../../domain/payment-attempts.ts';
import { callerOf } from '../context.ts';
import { presentPaymentAttempt } from '../presenters/payment-intent.ts';

export default () => async (req: Request<{ id: string }>, res: Response) => {
  const attempts = await listPaymentAttempts(req.em, callerOf(req), req.params.id);
  res.json({ object: 'list', data: attempts.map(presentPaymentAttempt), has_more: false });
};
