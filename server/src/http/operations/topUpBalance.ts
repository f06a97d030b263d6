import type { Request, Response } from 'express';
import type { OperationHandler } from './deps.ts';
import type { operations } from '../../generated/openapi.ts';
import { balances, topUp } from '../../domain/balance.ts';
import { presentBalance } from '../presenters/balance.ts';
import { callerOf } from '../context.ts';
import { sendIdempotently } from '../idempotency.ts';

type Body = operations['topUpBalance']['requestBody']['content']['application/json'];

export function topUpBalance(): OperationHandler {
  return async function topUpBalance(req: Request, res: Response) {
    const caller = callerOf(req);
    const body = req.body as Body;
    await sendIdempotently(req, res, 'topUpBalance', async (tx) => {
      await topUp(tx, caller, body.amount);
      return { status: 200, body: presentBalance(caller.livemode, await balances(tx, caller)) };
    });
  };
}
