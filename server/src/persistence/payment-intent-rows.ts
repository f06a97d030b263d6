// The two hottest statements of the API (create and retrieve an intent) as plain parameterised
// SQL. MikroORM's unit of work and hydration cost several times the query itself on these paths
// (see bench/); everything else about intents goes through the entity manager.
import type { PaymentIntent } from './entities/index.ts';
import { sql, type Runner } from './sql.ts';

export const PAYMENT_INTENT_COLUMNS = [
  'id', 'merchant_id', 'livemode', 'amount', 'currency', 'description', 'metadata', 'status', 'method',
  'customer_email', 'customer_phone', 'client_secret_hash', 'amount_refunded', 'service_fee', 'last_error',
  'next_action', 'next_action_message', 'cancellation_reason', 'created_at', 'expires_at', 'succeeded_at', 'canceled_at', 'return_url',
] as const satisfies readonly (keyof PaymentIntent)[];

const INSERT = `insert into payment_intents (${PAYMENT_INTENT_COLUMNS.join(', ')}) values (${PAYMENT_INTENT_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})`;
const SELECT_OWN = `select ${PAYMENT_INTENT_COLUMNS.join(', ')} from payment_intents where id = $1 and merchant_id = $2 and livemode = $3`;

export async function insertPaymentIntent(runner: Runner, intent: PaymentIntent): Promise<void> {
  await sql(
    runner,
    INSERT,
    PAYMENT_INTENT_COLUMNS.map((column) => {
      const value = intent[column];
      if (typeof value === 'bigint') return value.toString();
      // node-postgres would format a Date in local time field by field; the ISO text is the same instant.
      if (value instanceof Date) return value.toISOString();
      if (column === 'metadata') return JSON.stringify(value);
      return value ?? null;
    }),
  );
}

export async function selectOwnPaymentIntent(runner: Runner, id: string, merchantId: string, livemode: boolean): Promise<PaymentIntent | null> {
  const [row] = await sql<IntentRow>(runner, SELECT_OWN, [id, merchantId, livemode]);
  return row === undefined ? null : intentFromRow(row);
}

export type IntentRow = Record<(typeof PAYMENT_INTENT_COLUMNS)[number], unknown>;

/** MikroORM's connection leaves bigint and timestamptz values as text; they become bigint and Date here. */
export function intentFromRow(row: IntentRow): PaymentIntent {
  const date = (value: unknown): Date | null => (value === null ? null : new Date(value as string));
  return {
    ...(row as unknown as PaymentIntent),
    amount: BigInt(row.amount as string),
    amount_refunded: BigInt(row.amount_refunded as string),
    service_fee: row.service_fee === null ? null : BigInt(row.service_fee as string),
    created_at: date(row.created_at)!,
    expires_at: date(row.expires_at)!,
    succeeded_at: date(row.succeeded_at),
    canceled_at: date(row.canceled_at),
  };
}
