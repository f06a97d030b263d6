import type { Request, Response } from 'express';
import * as payouts from '../../domain/payouts.ts';
import { callerOf } from '../context.ts';
import { presentPayout } from '../presenters/payout.ts';
import type { OperationHandler } from './deps.ts';

export function retrievePayout(): OperationHandler {
  return async function retrievePayout(req: Request<{ id: string }>, res: Response) {
    res.json(presentPayout(await payouts.retrievePayout(req.em, callerOf(req), req.params.id)));
  };
}
