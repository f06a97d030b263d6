import type { Request, Response } from 'express';
import type { operations } from '../../generated/openapi.ts';
import { koboToWire } from '../../domain/money.ts';
import { summary } from '../../domain/reports.ts';
import { callerOf } from '../context.ts';
import type { OperationHandler } from './deps.ts';

type Query = operations['retrieveReportSummary']['parameters']['query'];

export function retrieveReportSummary(): OperationHandler {
  return async function retrieveReportSummary(req: Request, res: Response) {
    const query = req.query as unknown as Query;
    const caller = callerOf(req);
    const report = await summary(req.em, caller, query.from, query.to);
    const figures = (f: { volume: bigint; count: number; fees: bigint; refunded: bigint; net: bigint }) => ({
      volume: koboToWire(f.volume),
      count: f.count,
      fees: koboToWire(f.fees),
      refunded: koboToWire(f.refunded),
      net: koboToWire(f.net),
    });
    res.json({
      livemode: caller.livemode,
      currency: 'NGN',
      from: report.from,
      to: report.to,
      time_zone: report.timeZone,
      ...figures(report.totals),
      days: report.days.map((day) => ({ date: day.date, ...figures(day) })),
    });
  };
}
