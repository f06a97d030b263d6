import type { Request, Response } from 'express';
import type { OperationHandler } from './deps.ts';
import * as refunds from '../../domain/refunds.ts';
import { callerOf } from '../context.ts';
import { presentRefund } from '../presenters/refund.ts';

export function retrieveRefund(): OperationHandler {
  return async function retrieveRefund(req: Request<{ id: string }>, res: Response) {
    res.json(presentRefund(await refunds.retrieveRefund(req.em, callerOf(req), req.params.id)));
  };
}
