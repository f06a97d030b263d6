// Exports: a merchant's payments as CSV for a spreadsheet, whatever their number, streamed from a
// database cursor a thousand rows at a time (flat memory), with the list's filters.
import type { MikroORM } from '@mikro-orm/postgresql';
import { cursorRows } from '../persistence/cursor.ts';
import { intentFromRow, PAYMENT_INTENT_COLUMNS } from '../persistence/payment-intent-rows.ts';
import { csvLine, UTF8_BOM } from './csv.ts';
import type { Caller } from './merchants.ts';
import { addKobo, koboFromDb, nairaDecimal, netOfFeesAndRefunds } from './money.ts';
import { displayStatus, ownIntentsWhere, type ListOptions } from './payment-intents.ts';

export const PAYMENT_EXPORT_HEADER = [
  'id', 'created_at', 'status', 'gross_ngn', 'fee_ngn', 'refunded_ngn', 'net_ngn', 'currency',
  'customer_email', 'customer_phone', 'description', 'metadata', 'succeeded_at', 'livemode',
] as const;

/**
 * The CSV of every payment the filter finds, newest first: first the BOM and the header, then a
 * chunk per batch of rows. Amounts are exact naira decimals; the status is the one the dashboard shows.
 */
export async function* paymentsCsv(orm: MikroORM, caller: Caller, options: Omit<ListOptions, 'limit' | 'startingAfter' | 'endingBefore'>): AsyncGenerator<string> {
  yield UTF8_BOM + csvLine(PAYMENT_EXPORT_HEADER);
  const { where, params } = ownIntentsWhere(caller, options);
  const now = new Date();
  const text = `select ${PAYMENT_INTENT_COLUMNS.join(', ')} from payment_intents where ${where} order by created_at desc, id desc`;
  for await (const rows of cursorRows<Record<string, unknown>>(orm, text, params)) {
    let chunk = '';
    for (const row of rows) {
      const intent = intentFromRow(row as never);
      const fee = intent.service_fee ?? 0n;
      const gross = intent.status === 'succeeded' ? intent.amount : 0n;
      chunk += csvLine([
        intent.id,
        intent.created_at.toISOString(),
        displayStatus(intent, now),
        nairaDecimal(intent.amount),
        nairaDecimal(fee),
        nairaDecimal(intent.amount_refunded),
        nairaDecimal(netOfFeesAndRefunds(gross, fee, intent.amount_refunded)),
        intent.currency,
        intent.customer_email ?? '',
        intent.customer_phone ?? '',
        intent.description,
        Object.keys(intent.metadata ?? {}).length === 0 ? '' : JSON.stringify(intent.metadata),
        intent.succeeded_at?.toISOString() ?? '',
        intent.livemode ? 'true' : 'false',
      ]);
    }
    yield chunk;
  }
}

export const BALANCE_EXPORT_HEADER = [
  'id', 'created_at', 'type', 'gross_ngn', 'fee_ngn', 'net_ngn', 'balance_after_ngn', 'payment_intent', 'refund', 'payout', 'description', 'livemode',
] as const;

/**
 * The CSV of every entry of the caller's available balance, newest first, each with what it
 * moved (a payment's gross, the fee kept and the net that reached the balance) and the balance
 * right after it (the running balance), in exact naira decimals.
 */
export async function* balanceEntriesCsv(orm: MikroORM, caller: Caller): AsyncGenerator<string> {
  yield UTF8_BOM + csvLine(BALANCE_EXPORT_HEADER);
  const text = `select e.public_id, e.amount, e.balance_after, t.kind, t.payment_intent_id, t.refund_id, t.payout_id, t.created_at, i.description,
                       case when t.kind = 'payment' then coalesce(i.service_fee, 0) else 0 end as fee
                  from ledger_accounts a
                  join ledger_entries e on e.account_id = a.id
                  join ledger_transactions t on t.id = e.transaction_id
                  left join payment_intents i on i.id = t.payment_intent_id
                 where a.merchant_id = $1 and a.livemode = $2 and a.kind = 'merchant_available'
                 order by e.id desc`;
  type Row = { public_id: string; amount: string; balance_after: string; kind: string; payment_intent_id: string | null; refund_id: string | null; payout_id: string | null; created_at: string; description: string | null; fee: string };
  for await (const rows of cursorRows<Row>(orm, text, [caller.merchant.id, caller.livemode])) {
    let chunk = '';
    for (const row of rows) {
      const net = koboFromDb(row.amount);
      const fee = koboFromDb(row.fee);
      chunk += csvLine([
        row.public_id,
        new Date(row.created_at).toISOString(),
        row.kind,
        nairaDecimal(addKobo(net, fee)),
        nairaDecimal(fee),
        nairaDecimal(net),
        nairaDecimal(koboFromDb(row.balance_after)),
        row.payment_intent_id ?? '',
        row.refund_id ?? '',
        row.payout_id ?? '',
        row.description ?? '',
        caller.livemode ? 'true' : 'false',
      ]);
    }
    yield chunk;
  }
}
