import type { Request, Response } from 'express';
import * as payouts from '../../domain/payouts.ts';
import { callerOf } from '../context.ts';
import { presentPayoutAccount } from '../presenters/payout.ts';
import type { OperationHandler } from './deps.ts';

export function retrievePayoutAccount(): OperationHandler {
  return async function retrievePayoutAccount(req: Request, res: Response) {
    res.json(presentPayoutAccount(await payouts.retrievePayoutAccount(req.em, callerOf(req))));
  };
}
