import type { Request, Response } from 'express';
import { listBanks as banks } from '../../domain/payouts.ts';
import { callerOf } from '../context.ts';
import type { OperationDeps, OperationHandler } from './deps.ts';

export function listBanks(deps: OperationDeps): OperationHandler {
  return async function listBanks(req: Request, res: Response) {
    const data = await banks(deps.payouts, callerOf(req));
    res.json({ object: 'list', data: data.map(({ code, name }) => ({ code, name })), has_more: false });
  };
}
