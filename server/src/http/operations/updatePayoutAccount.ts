import type { Request, Response } from 'express';
import type { operations } from '../../generated/openapi.ts';
import * as payouts from '../../domain/payouts.ts';
import { callerOf } from '../context.ts';
import { requirePasswordConfirmation } from '../auth.ts';
import { presentPayoutAccount } from '../presenters/payout.ts';
import type { OperationDeps, OperationHandler } from './deps.ts';

type Body = operations['updatePayoutAccount']['requestBody']['content']['application/json'];

export function updatePayoutAccount(deps: OperationDeps): OperationHandler {
  return async function updatePayoutAccount(req: Request, res: Response) {
    requirePasswordConfirmation(req, 'change the payout bank account');
    res.json(presentPayoutAccount(await payouts.updatePayoutAccount(req.em, deps.payouts, callerOf(req), req.body as Body)));
  };
}
