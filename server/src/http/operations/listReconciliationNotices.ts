import type { Request, Response } from 'express';
import { merchantNotices } from '../../domain/reconciliation.ts';
import { koboToWire } from '../../domain/money.ts';
import { callerOf } from '../context.ts';
import type { OperationHandler } from './deps.ts';

export function listReconciliationNotices(): OperationHandler {
  return async function listReconciliationNotices(req: Request, res: Response) {
    const notices = await merchantNotices(req.em, callerOf(req).merchant.id);
    res.json({
      object: 'list',
      has_more: false,
      data: notices.map((n) => ({
        date: n.date,
        kind: n.kind,
        reference: n.reference,
        problem: n.problem,
        ours_amount: n.oursAmount === null ? null : koboToWire(n.oursAmount),
        ours_status: n.oursStatus,
        processor_amount: n.theirsAmount === null ? null : koboToWire(n.theirsAmount),
        processor_status: n.theirsStatus,
      })),
    });
  };
}
