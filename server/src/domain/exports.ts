// Exports: a merchant's payments as CSV for a spreadsheet, whatever their number, streamed from a
// database cursor a thousand rows at a time (flat memory), with the list's filters.
import type { MikroORM } from '@mikro-orm/postgresql';
import { cursorRows } from '../persistence/cursor.ts';
import { intentFromRow, PAYMENT_INTENT_COLUMNS } from '../persistence/payment-intent-rows.ts';
import { csvLine, UTF8_BOM } from './csv.ts';
import type { Caller } from './merchants.ts';
import { nairaDecimal, netOfFeesAndRefunds } from './money.ts';
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
