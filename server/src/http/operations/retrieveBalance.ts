import type { Request, Response } from 'express';
import type { OperationHandler } from './deps.ts';
import { balances } from '../../domain/balance.ts';
import { presentBalance } from '../presenters/balance.ts';
import { callerOf } from '../context.ts';

export function retrieveBalance(): OperationHandler {
  return async function retrieveBalance(req: Request, res: Response) {
    const caller = callerOf(req);
    res.json(presentBalance(caller.livemode, await balances(req.em, caller)));
  };
}
