// Daily reconciliation: the processor's own record of a day (its charges, transfers and refunds,
// read through its list APIs) against ours (live attempts, payouts and refunds), by reference and
// amount. Each mismatch (missing on one side, the amount or the status differs) is recorded with
// both sides' figures; running a day again replaces that day's findings.
//
// A day is a day in Lagos (Africa/Lagos, UTC+1 all year). Each side is read an hour wider than the
// day, so that an item stamped just before midnight on one side and just after on the other is
// not taken for missing.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../persistence/sql.ts';
import { koboFromDb, type Kobo } from './money.ts';
import type { ProcessorReports, ReportedItem } from './processor/processor.ts';

export type ItemKind = 'charge' | 'transfer' | 'refund';
export type Problem = 'missing_ours' | 'missing_theirs' | 'amount' | 'status';

export interface Mismatch {
  kind: ItemKind;
  reference: string;
  problem: Problem;
  /** The merchant whose item it is; null for one only the processor has. */
  merchantId: string | null;
  ours: { amount: Kobo; status: string } | null;
  theirs: { amount: Kobo; status: string } | null;
}

export interface Reconciliation {
  date: string;
  counts: Record<ItemKind, { ours: number; theirs: number }>;
  mismatches: Mismatch[];
}

const LAGOS_OFFSET = '+01:00';
const MARGIN_MS = 3_600_000;

/** The day `date` (YYYY-MM-DD) in Lagos, as [from, to). */
export function lagosDay(date: string): { from: Date; to: Date } {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(new Date(`${date}T00:00:00${LAGOS_OFFSET}`).getTime()) || new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date) {
    throw new RangeError(`not a date (YYYY-MM-DD): ${date}`);
  }
  const from = new Date(`${date}T00:00:00${LAGOS_OFFSET}`);
  return { from, to: new Date(from.getTime() + 86_400_000) };
}

/** Yesterday in Lagos, as YYYY-MM-DD. */
export function lagosYesterday(now = new Date()): string {
  return new Date(now.getTime() + MARGIN_MS - 86_400_000).toISOString().slice(0, 10);
}

interface Ours {
  reference: string;
  amount: Kobo;
  status: string;
  merchantId: string;
  createdAt: Date;
  /** Whether the processor must have it: a charge that succeeded or is under way, a transfer sent, a refund it took. */
  expected: boolean;
}

/** Whether our status and the processor's say the same about the money. */
const AGREE: Record<ItemKind, (ours: string, theirs: string) => boolean> = {
  // A charge refunded in full shows `reversed` at Paystack once the refund is through (`success`
  // until then); a reversal our refunds did not make (a dispute lost, a refund from Paystack's
  // dashboard) is a difference.
  charge: (ours, theirs) =>
    theirs === 'reversed' ? ours === 'refunded' : theirs === 'success' ? ours === 'succeeded' || ours === 'refunded' : ours !== 'succeeded' && ours !== 'refunded',
  transfer: (ours, theirs) => transferClass(ours) === transferClass(theirs),
  refund: (ours, theirs) => refundClass(ours) === refundClass(theirs),
};

function transferClass(status: string): 'paid' | 'failed' | 'under way' {
  if (status === 'paid' || status === 'success') return 'paid';
  if (['failed', 'reversed', 'abandoned', 'rejected', 'blocked'].includes(status)) return 'failed';
  return 'under way';
}

function refundClass(status: string): 'succeeded' | 'failed' | 'under way' {
  if (status === 'succeeded' || status === 'processed') return 'succeeded';
  if (status === 'failed') return 'failed';
  return 'under way';
}

async function collect(items: AsyncIterable<ReportedItem>): Promise<Map<string, ReportedItem>> {
  const byReference = new Map<string, ReportedItem>();
  for await (const item of items) byReference.set(item.reference, item);
  return byReference;
}

/** Reads both sides of `date` and compares them; records nothing (see recordReconciliation). */
export async function reconcileDay(em: EntityManager, reports: ProcessorReports, date: string): Promise<Reconciliation> {
  const { from, to } = lagosDay(date);
  const wideFrom = new Date(from.getTime() - MARGIN_MS);
  const wideTo = new Date(to.getTime() + MARGIN_MS);
  const theirs: Record<ItemKind, Map<string, ReportedItem>> = {
    charge: await collect(reports.transactions(wideFrom, wideTo)),
    transfer: await collect(reports.transfers(wideFrom, wideTo)),
    refund: await collect(reports.refunds(wideFrom, wideTo)),
  };
  const ours: Record<ItemKind, Map<string, Ours>> = {
    charge: await ourCharges(em, reports.name, wideFrom, wideTo),
    transfer: await ourTransfers(em, wideFrom, wideTo),
    refund: await ourRefunds(em, wideFrom, wideTo),
  };
  const inDay = (at: Date) => at >= from && at < to;
  const mismatches: Mismatch[] = [];
  const counts = {} as Reconciliation['counts'];
  for (const kind of ['charge', 'transfer', 'refund'] as const) {
    counts[kind] = { ours: [...ours[kind].values()].filter((o) => inDay(o.createdAt)).length, theirs: [...theirs[kind].values()].filter((t) => inDay(t.createdAt)).length };
    for (const item of theirs[kind].values()) {
      if (!inDay(item.createdAt)) continue;
      const mine = ours[kind].get(item.reference) ?? (await ourByReference(em, kind, reports.name, item.reference));
      const base = { kind, reference: item.reference, theirs: { amount: item.amount, status: item.status } };
      if (mine === undefined) {
        mismatches.push({ ...base, problem: 'missing_ours', merchantId: null, ours: null });
        continue;
      }
      const both = { ...base, merchantId: mine.merchantId, ours: { amount: mine.amount, status: mine.status } };
      if (mine.amount !== item.amount) mismatches.push({ ...both, problem: 'amount' });
      else if (!AGREE[kind](mine.status, item.status)) mismatches.push({ ...both, problem: 'status' });
    }
    for (const mine of ours[kind].values()) {
      if (!inDay(mine.createdAt) || !mine.expected || theirs[kind].has(mine.reference)) continue;
      mismatches.push({ kind, reference: mine.reference, problem: 'missing_theirs', merchantId: mine.merchantId, ours: { amount: mine.amount, status: mine.status }, theirs: null });
    }
  }
  return { date, counts, mismatches };
}

type OurRow = { reference: string; amount: string; status: string; merchant_id: string; created_at: string | Date; expected: boolean };
const ourOf = (row: OurRow): Ours => ({
  reference: row.reference,
  amount: koboFromDb(row.amount),
  status: row.status,
  merchantId: row.merchant_id,
  createdAt: new Date(row.created_at),
  expected: row.expected,
});
const byReference = (rows: OurRow[]) => new Map(rows.map((row) => [row.reference, ourOf(row)]));

const CHARGES = `select a.processor_reference as reference, i.amount::text as amount,
                        case when a.status = 'succeeded' and i.amount_refunded = i.amount then 'refunded' else a.status end as status,
                        i.merchant_id, a.created_at,
                        a.status in ('succeeded', 'processing', 'requires_otp', 'requires_action') as expected
                   from payment_attempts a join payment_intents i on i.id = a.payment_intent_id
                  where a.livemode and a.processor = $1 and a.processor_reference is not null`;
const TRANSFERS = `select id as reference, amount::text as amount, status, merchant_id, created_at, sent_at is not null as expected
                     from payouts where livemode`;
const REFUNDS = `select processor_refund_id as reference, amount::text as amount, destination_status as status, merchant_id, created_at, true as expected
                   from refunds where livemode and processor_refund_id is not null and processor_refund_id <> ''`;

async function ourCharges(em: EntityManager, processor: string, from: Date, to: Date): Promise<Map<string, Ours>> {
  return byReference(await sql<OurRow>(em, `${CHARGES} and a.created_at >= $2 and a.created_at < $3`, [processor, from.toISOString(), to.toISOString()]));
}

async function ourTransfers(em: EntityManager, from: Date, to: Date): Promise<Map<string, Ours>> {
  return byReference(await sql<OurRow>(em, `${TRANSFERS} and created_at >= $1 and created_at < $2`, [from.toISOString(), to.toISOString()]));
}

async function ourRefunds(em: EntityManager, from: Date, to: Date): Promise<Map<string, Ours>> {
  return byReference(await sql<OurRow>(em, `${REFUNDS} and created_at >= $1 and created_at < $2`, [from.toISOString(), to.toISOString()]));
}

/** One of ours outside the day's window (stamped far off on one side): found by its reference. */
async function ourByReference(em: EntityManager, kind: ItemKind, processor: string, reference: string): Promise<Ours | undefined> {
  const [row] =
    kind === 'charge'
      ? await sql<OurRow>(em, `${CHARGES} and a.processor_reference = $2`, [processor, reference])
      : kind === 'transfer'
        ? await sql<OurRow>(em, `${TRANSFERS} and id = $1`, [reference])
        : await sql<OurRow>(em, `${REFUNDS} and processor_refund_id = $1`, [reference]);
  return row === undefined ? undefined : ourOf(row);
}

/** Keeps a day's findings, replacing any from an earlier run of the same day. */
export async function recordReconciliation(em: EntityManager, result: Reconciliation): Promise<void> {
  await em.transactional(async (tx) => {
    await sql(tx, 'delete from reconciliation_mismatches where run_date = $1', [result.date]);
    for (const m of result.mismatches) {
      await sql(
        tx,
        `insert into reconciliation_mismatches (run_date, kind, reference, problem, merchant_id, ours_amount, ours_status, theirs_amount, theirs_status, found_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, now())`,
        [result.date, m.kind, m.reference, m.problem, m.merchantId, m.ours?.amount.toString() ?? null, m.ours?.status ?? null, m.theirs?.amount.toString() ?? null, m.theirs?.status ?? null],
      );
    }
    await sql(
      tx,
      `insert into reconciliation_runs (run_date, counts, mismatches, ran_at) values ($1, $2, $3, now())
       on conflict (run_date) do update set counts = excluded.counts, mismatches = excluded.mismatches, ran_at = excluded.ran_at`,
      [result.date, JSON.stringify(result.counts), result.mismatches.length],
    );
  });
}

export interface MerchantNotice {
  date: string;
  kind: ItemKind;
  reference: string;
  problem: Problem;
  oursAmount: Kobo | null;
  oursStatus: string | null;
  theirsAmount: Kobo | null;
  theirsStatus: string | null;
}

/** What reconciliation found about one merchant's items, newest day first (at most 50). */
export async function merchantNotices(em: EntityManager, merchantId: string): Promise<MerchantNotice[]> {
  const rows = await sql<{ run_date: string | Date; kind: ItemKind; reference: string; problem: Problem; ours_amount: string | null; ours_status: string | null; theirs_amount: string | null; theirs_status: string | null }>(
    em,
    `select run_date::text as run_date, kind, reference, problem, ours_amount::text as ours_amount, ours_status, theirs_amount::text as theirs_amount, theirs_status
       from reconciliation_mismatches where merchant_id = $1 order by run_date desc, id limit 50`,
    [merchantId],
  );
  return rows.map((row) => ({
    date: typeof row.run_date === 'string' ? row.run_date.slice(0, 10) : row.run_date.toISOString().slice(0, 10),
    kind: row.kind,
    reference: row.reference,
    problem: row.problem,
    oursAmount: row.ours_amount === null ? null : koboFromDb(row.ours_amount),
    oursStatus: row.ours_status,
    theirsAmount: row.theirs_amount === null ? null : koboFromDb(row.theirs_amount),
    theirsStatus: row.theirs_status,
  }));
}

/** One line a person can read about a mismatch. */
export function describeMismatch(m: Mismatch): string {
  const side = (s: { amount: Kobo; status: string } | null) => (s === null ? 'none' : `${s.amount} kobo, ${s.status}`);
  const what = { missing_ours: 'only the processor has it', missing_theirs: 'the processor does not have it', amount: 'the amounts differ', status: 'the statuses differ' }[m.problem];
  return `${m.kind} ${m.reference}: ${what} (ours: ${side(m.ours)}; processor's: ${side(m.theirs)})${m.merchantId === null ? '' : ` [merchant ${m.merchantId}]`}`;
}
