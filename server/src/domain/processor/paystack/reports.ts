// Paystack's own record of a day, read back for reconciliation: GET /transaction, GET /transfer
// and GET /refund with `from` and `to`, page by page (`perPage`, `page`, until `meta.pageCount`).
import type { ProcessorReports, ReportedItem } from '../processor.ts';
import { paystackCall, type PaystackSettings } from './client.ts';
import { readShape, wireAmount, type WireShape } from './wire.ts';

const PER_PAGE = 100;
/** A runaway list (a meta that never ends) stops here: 100,000 items a day. */
const MAX_PAGES = 1000;

export function paystackReports(settings: PaystackSettings): ProcessorReports {
  async function* pages(path: string, from: Date, to: Date, shape: WireShape, item: (data: any) => ReportedItem): AsyncIterable<ReportedItem> {
    for (let page = 1; page <= MAX_PAGES; page++) {
      const envelope = await paystackCall(settings, { method: 'GET', path, query: { from: from.toISOString(), to: to.toISOString(), perPage: PER_PAGE, page } });
      const data = Array.isArray(envelope.data) ? envelope.data : [];
      for (const entry of data) yield item(readShape(shape, entry));
      const pageCount = Number(envelope.meta?.pageCount ?? 1);
      if (page >= pageCount || data.length === 0) return;
    }
  }
  const createdAt = (data: { created_at?: string; createdAt?: string }): Date => new Date(data.created_at ?? data.createdAt ?? 0);
  return {
    name: 'paystack',
    async settlements(page) {
      const envelope = await paystackCall(settings, { method: 'GET', path: '/settlement', query: { perPage: PER_PAGE, page } });
      const data = Array.isArray(envelope.data) ? envelope.data : [];
      return {
        settlements: data.map((item) => readShape('settlement', item)).map((s) => ({ id: String(s.id), status: s.status })),
        pageCount: Number(envelope.meta?.pageCount ?? 1),
      };
    },
    async settledCharges(settlementId) {
      const references: string[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const envelope = await paystackCall(settings, { method: 'GET', path: `/settlement/${encodeURIComponent(settlementId)}/transactions`, query: { perPage: PER_PAGE, page } });
        const data = Array.isArray(envelope.data) ? envelope.data : [];
        for (const item of data) references.push(readShape('transaction', item).reference);
        if (page >= Number(envelope.meta?.pageCount ?? 1) || data.length === 0) break;
      }
      return references;
    },
    transactions: (from, to) =>
      pages('/transaction', from, to, 'transaction', (t) => ({ reference: t.reference, amount: BigInt(t.amount), status: t.status, createdAt: createdAt(t) })),
    transfers: (from, to) =>
      pages('/transfer', from, to, 'transfer', (t) => ({ reference: t.reference, amount: BigInt(t.amount), status: t.status, createdAt: createdAt(t) })),
    refunds: (from, to) =>
      pages('/refund', from, to, 'refund', (r) => ({
        reference: String(r.id),
        amount: wireAmount(r.amount),
        status: r.status,
        createdAt: createdAt(r),
        ...(typeof r.transaction_reference === 'string' ? { chargeReference: r.transaction_reference } : {}),
      })),
  };
}
