import type { Request, Response } from 'express';
import type { OperationHandler } from './deps.ts';
import { availableBalance } from '../../domain/balance.ts';
import { koboToWire } from '../../domain/money.ts';
import { callerOf } from '../context.ts';

export function retrieveBalance(): OperationHandler {
  return async function retrieveBalance(req: Request, res: Response) {
    const caller = callerOf(req);
    const available = await availableBalance(req.em, caller);
    res.json({ livemode: caller.livemode, currency: 'NGN', available: koboToWire(available) });
  };
}
