import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiError } from './errors.ts';
import { balanceOf, cardNetwork, lockBalances, merchantAccount, merchantPending, post, type LedgerTransactionKind } from './ledger.ts';
import { koboFromDb, koboFromRequest, MAX_TEST_TOP_UP_BALANCE, nairaText, negate, type Kobo } from './money.ts';
import { sql } from '../persistence/sql.ts';
import type { Caller } from './merchants.ts';
import type { ProcessorReports } from './processor/processor.ts';

/** The caller's available balance in its mode. */
export async function availableBalance(em: EntityManager, caller: Caller): Promise<Kobo> {
  return balanceOf(em, merchantAccount(caller.livemode, caller.merchant.id));
}

/** The caller's balances in its mode: available, pending (live payments not settled yet) and in transit (payouts on their way). */
export async function balances(em: EntityManager, caller: Caller): Promise<{ available: Kobo; pending: Kobo; inTransit: Kobo }> {
  const rows = await sql<{ kind: string; balance: string }>(
    em,
    `select kind, balance from ledger_accounts
      where livemode = $1 and merchant_id = $2 and kind in ('merchant_available', 'merchant_pending', 'merchant_in_transit')`,
    [caller.livemode, caller.merchant.id],
  );
  const of = (kind: string): Kobo => koboFromDb(rows.find((row) => row.kind === kind)?.balance ?? 0);
  return { available: of('merchant_available'), pending: of('merchant_pending'), inTransit: of('merchant_in_transit') };
}

/** What is still pending of one live payment's net (its share of the merchant's pending balance). */
export async function pendingOfPayment(em: EntityManager, intentId: string): Promise<Kobo> {
  const [row] = await sql<{ pending: string }>(
    em,
    `select coalesce(sum(e.amount), 0)::text as pending
       from ledger_transactions t
       join ledger_entries e on e.transaction_id = t.id
       join ledger_accounts a on a.id = e.account_id and a.kind = 'merchant_pending'
      where t.payment_intent_id = $1`,
    [intentId],
  );
  return koboFromDb(row?.pending ?? 0);
}

/**
 * Moves up to `batch` live payments whose settlement time has come from the pending balance to the
 * available one, each by what is still pending of it (less what its refunds drew from it), each in
 * a transaction of its own (one merchant's accounts at a time, so that two workers never lock two
 * merchants' in opposite orders). Answers how many it moved. A payment another transaction holds
 * (a refund) is left for the next run.
 */
export async function releaseDueFunds(em: EntityManager, batch = 100): Promise<number> {
  let moved = 0;
  while (moved < batch) {
    const released = await em.transactional(async (tx) => {
      const [intent] = await sql<{ id: string; merchant_id: string }>(
        tx,
        `select id, merchant_id from payment_intents
          where funds_available_at <= now() and funds_settled_at is null
          order by funds_available_at limit 1 for update skip locked`,
      );
      if (intent === undefined) return false;
      const pending = await pendingOfPayment(tx, intent.id);
      if (pending > 0n) {
        await post(tx, {
          livemode: true,
          kind: 'settlement',
          merchantId: intent.merchant_id,
          paymentIntentId: intent.id,
          entries: [
            { account: merchantPending(true, intent.merchant_id), amount: negate(pending) },
            { account: merchantAccount(true, intent.merchant_id), amount: pending },
          ],
        });
      }
      await sql(tx, 'update payment_intents set funds_settled_at = now() where id = $1', [intent.id]);
      return true;
    });
    if (!released) break;
    moved += 1;
  }
  return moved;
}

/** The processor reports these charges settled: their payments' nets become available at the next release. */
export async function fundsSettledByProcessor(em: EntityManager, processor: string, references: readonly string[]): Promise<number> {
  if (references.length === 0) return 0;
  const rows = await sql(
    em,
    `update payment_intents i set funds_available_at = now()
       from payment_attempts a
      where a.payment_intent_id = i.id and a.status = 'succeeded' and a.processor = $1 and a.processor_reference = any($2::text[])
        and i.funds_settled_at is null and i.funds_available_at > now()
      returning i.id`,
    [processor, references],
  );
  return rows.length;
}

/** Test mode only: adds funds to the merchant's test balance (from the card network, like a payment). */
export async function topUp(em: EntityManager, caller: Caller, amount: number): Promise<Kobo> {
  if (caller.livemode) {
    // Live money only arrives by real payments: in live mode this endpoint does not exist.
    throw new ApiError('resource_missing', 'Test helpers exist only in test mode; use a test secret key.');
  }
  return em.transactional(async (tx) => {
    const kobo = koboFromRequest(amount);
    const account = merchantAccount(false, caller.merchant.id);
    const source = cardNetwork(false, caller.merchant.id);
    // Locked, so top-ups racing each other cannot together pass the cap.
    const [available] = await lockBalances(tx, [account, source]);
    if (available! + kobo > MAX_TEST_TOP_UP_BALANCE) {
      throw new ApiError(
        'invalid_request',
        `Top-ups can take a test balance to at most ${MAX_TEST_TOP_UP_BALANCE} kobo (${nairaText(MAX_TEST_TOP_UP_BALANCE)}); it is ${available} kobo now.`,
        'amount',
      );
    }
    await post(tx, {
      livemode: false,
      kind: 'top_up',
      merchantId: caller.merchant.id,
      param: 'amount',
      entries: [
        { account: source, amount: negate(kobo) },
        { account, amount: kobo },
      ],
    });
    return balanceOf(tx, account);
  });
}

export interface BalanceEntry {
  /** The entry's id as the API shows it (random; see the balance_history migration). */
  id: string;
  type: LedgerTransactionKind;
  amount: Kobo;
  /** For a (test-mode) payment: the service fee kept from it before its net reached the balance. */
  fee: Kobo;
  /** The available balance right after this entry. */
  balanceAfter: Kobo;
  paymentIntentId: string | null;
  refundId: string | null;
  payoutId: string | null;
  createdAt: Date;
}

/**
 * The ledger entries of the caller's available balance, newest first (in the order the balance
 * moved). `startingAfter` / `endingBefore` are entry ids; one that is not an entry of this
 * balance is refused, as other lists refuse a foreign cursor.
 */
export async function listBalanceEntries(
  em: EntityManager,
  caller: Caller,
  options: { limit: number; startingAfter?: string; endingBefore?: string },
): Promise<{ data: BalanceEntry[]; hasMore: boolean }> {
  if (options.startingAfter !== undefined && options.endingBefore !== undefined) {
    throw new ApiError('invalid_request', 'Give starting_after or ending_before, not both.', 'ending_before');
  }
  const [account] = await sql<{ id: string }>(
    em,
    `select id from ledger_accounts where livemode = $1 and kind = 'merchant_available' and merchant_id = $2`,
    [caller.livemode, caller.merchant.id],
  );
  const cursorId = options.startingAfter ?? options.endingBefore;
  let cursor: string | null = null;
  if (cursorId !== undefined) {
    const param = options.startingAfter !== undefined ? 'starting_after' : 'ending_before';
    const [found] = account === undefined ? [] : await sql<{ id: string }>(em, 'select id from ledger_entries where public_id = $1 and account_id = $2', [cursorId, account.id]);
    if (found === undefined) throw new ApiError('invalid_request', `${param} names no entry of your balance in this mode: '${cursorId}'.`, param);
    cursor = found.id;
  }
  if (account === undefined) return { data: [], hasMore: false };
  const newerFirst = options.endingBefore === undefined;
  const rows = await sql<{
    public_id: string;
    amount: string;
    balance_after: string;
    fee: string;
    kind: BalanceEntry['type'];
    payment_intent_id: string | null;
    refund_id: string | null;
    payout_id: string | null;
    created_at: Date;
  }>(
    em,
    `select e.public_id, e.amount, e.balance_after, t.kind, t.payment_intent_id, t.refund_id, t.payout_id, t.created_at,
            case when t.kind = 'payment' then coalesce(i.service_fee, 0) else 0 end as fee
       from ledger_entries e
       join ledger_transactions t on t.id = e.transaction_id
       left join payment_intents i on i.id = t.payment_intent_id
      where e.account_id = $1 and ($2::bigint is null or e.id ${newerFirst ? '<' : '>'} $2)
      order by e.id ${newerFirst ? 'desc' : 'asc'}
      limit $3`,
    [account.id, cursor, options.limit + 1],
  );
  const page = rows.slice(0, options.limit).map((row) => ({
    id: row.public_id,
    type: row.kind,
    amount: koboFromDb(row.amount),
    fee: koboFromDb(row.fee),
    balanceAfter: koboFromDb(row.balance_after),
    paymentIntentId: row.payment_intent_id,
    refundId: row.refund_id,
    payoutId: row.payout_id,
    createdAt: new Date(row.created_at), // text on this connection (see payment-intent-rows.ts)
  }));
  return { data: newerFirst ? page : page.reverse(), hasMore: rows.length > options.limit };
}

/**
 * Reads the processor's settlements, newest first, until a page of them was all applied already
 * (or ten pages), and makes each new settlement's payments available at the next release. Answers
 * how many settlements and payments it applied. A settlement is applied once (processor_settlements).
 */
export async function applyProcessorSettlements(em: EntityManager, reports: ProcessorReports): Promise<{ settlements: number; payments: number }> {
  let settlements = 0;
  let payments = 0;
  for (let page = 1; page <= 10; page++) {
    const { settlements: batch, pageCount } = await reports.settlements(page);
    let unseen = 0;
    for (const settlement of batch) {
      // Not final (pending, processing): looked at again next time.
      if (settlement.status !== 'success' && settlement.status !== 'settled') {
        unseen += 1;
        continue;
      }
      const [seen] = await sql(em, 'select 1 from processor_settlements where processor = $1 and id = $2', [reports.name, settlement.id]);
      if (seen !== undefined) continue;
      unseen += 1;
      const references = await reports.settledCharges(settlement.id);
      payments += await fundsSettledByProcessor(em, reports.name, references);
      await sql(em, 'insert into processor_settlements (processor, id, payments, applied_at) values ($1, $2, $3, now()) on conflict do nothing', [reports.name, settlement.id, references.length]);
      settlements += 1;
    }
    // A page all applied already: the older ones were too (a run cut short applies the rest next time).
    if (unseen === 0 || page >= pageCount) break;
  }
  return { settlements, payments };
}
