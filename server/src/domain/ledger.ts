// The double-entry ledger. Every movement of money is one ledger transaction whose entries sum to
// zero (PostgreSQL checks that at commit), and every account's balance is the sum of its entries
// (kept beside them in the same transaction; `npm run cli -- ledger verify` proves it).
import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiError } from './errors.ts';
import { MAX_BALANCE, sumKobo, withinBalanceLimit, type Kobo } from './money.ts';

export type AccountKind =
  | 'merchant_available'
  | 'merchant_pending'
  | 'merchant_in_transit'
  | 'customer'
  | 'platform_fees'
  | 'card_network'
  | 'processor_fees'
  | 'merchant_bank';

/** Every account belongs to one merchant, so no merchant's postings can touch another's balances. */
export interface AccountRef {
  livemode: boolean;
  kind: AccountKind;
  merchantId: string;
  /** A customer's balance with the merchant is keyed by lower-cased e-mail. */
  customerEmail?: string;
}

export const merchantAccount = (livemode: boolean, merchantId: string): AccountRef => ({ livemode, kind: 'merchant_available', merchantId });
/** A live payment's net, until the processor settles it (then it moves to the available balance). */
export const merchantPending = (livemode: boolean, merchantId: string): AccountRef => ({ livemode, kind: 'merchant_pending', merchantId });
/** Payouts on their way to the merchant's bank. */
export const merchantInTransit = (livemode: boolean, merchantId: string): AccountRef => ({ livemode, kind: 'merchant_in_transit', merchantId });
/** The outside world the merchant's payouts go to (its bank account): a payout paid leaves the ledger here. */
export const merchantBank = (livemode: boolean, merchantId: string): AccountRef => ({ livemode, kind: 'merchant_bank', merchantId });
/** What a merchant's refunds have paid a customer (by e-mail). */
export const customerAccount = (livemode: boolean, merchantId: string, email: string): AccountRef => ({
  livemode,
  kind: 'customer',
  merchantId,
  customerEmail: email.toLowerCase(),
});
/** The platform's fees earned from one merchant (the platform's total is the sum over merchants). */
export const platformFees = (livemode: boolean, merchantId: string): AccountRef => ({ livemode, kind: 'platform_fees', merchantId });
/** What the card processor kept of one merchant's live payments (its fees come out of the service fee). */
export const processorFees = (livemode: boolean, merchantId: string): AccountRef => ({ livemode, kind: 'processor_fees', merchantId });
/** The outside world, as seen from one merchant: card money enters the ledger from here (negative balance). */
export const cardNetwork = (livemode: boolean, merchantId: string): AccountRef => ({ livemode, kind: 'card_network', merchantId });

/** The account's id, opening it (at zero) on first use. */
export async function accountId(em: EntityManager, ref: AccountRef): Promise<string> {
  const params = [ref.livemode, ref.kind, ref.merchantId, ref.customerEmail ?? null];
  const [inserted] = await em.execute<{ id: string }[]>(
    `insert into ledger_accounts (livemode, kind, merchant_id, customer_email) values (?, ?, ?, ?)
     on conflict (livemode, kind, coalesce(merchant_id, ''), coalesce(customer_email, '')) do nothing
     returning id`,
    params,
  );
  if (inserted !== undefined) return String(inserted.id);
  const [existing] = await em.execute<{ id: string }[]>(
    `select id from ledger_accounts
      where livemode = ? and kind = ? and coalesce(merchant_id, '') = coalesce(?, '') and coalesce(customer_email, '') = coalesce(?, '')`,
    params,
  );
  return String(existing!.id);
}

/** The balance of an account (0 for one not opened yet); `lock` holds it until the transaction ends. */
export async function balanceOf(em: EntityManager, ref: AccountRef, options: { lock?: boolean } = {}): Promise<Kobo> {
  if (options.lock === true) {
    const id = await accountId(em, ref);
    const [row] = await em.execute<{ balance: string }[]>('select balance from ledger_accounts where id = ? for update', [id]);
    return BigInt(row!.balance);
  }
  const [row] = await em.execute<{ balance: string }[]>(
    `select balance from ledger_accounts
      where livemode = ? and kind = ? and coalesce(merchant_id, '') = coalesce(?, '') and coalesce(customer_email, '') = coalesce(?, '')`,
    [ref.livemode, ref.kind, ref.merchantId, ref.customerEmail ?? null],
  );
  return row === undefined ? 0n : BigInt(row.balance);
}

/**
 * Locks accounts until the transaction ends, in account-id order (the order every posting locks
 * them in, so no two transactions can wait on each other), and answers their balances in the
 * order of `refs`.
 */
export async function lockBalances(em: EntityManager, refs: readonly AccountRef[]): Promise<Kobo[]> {
  const ids = await Promise.all(refs.map((ref) => accountId(em, ref)));
  const rows = await em.execute<{ id: string; balance: string }[]>(
    'select id, balance from ledger_accounts where id = any(?::bigint[]) order by id for update',
    [`{${ids.join(',')}}`],
  );
  const byId = new Map(rows.map((row) => [String(row.id), BigInt(row.balance)]));
  return ids.map((id) => byId.get(id)!);
}

/** A posting that would take a balance past MAX_BALANCE: refused, and nothing moves. */
export class BalanceLimitError extends ApiError {
  constructor(param?: string) {
    super(
      'invalid_request',
      `This would take a balance past the largest balance the service keeps (${MAX_BALANCE} kobo either way); nothing was changed.`,
      param,
    );
  }
}

/** Whether `posting` would keep every balance within MAX_BALANCE, as the balances stand now. */
export async function hasRoomFor(em: EntityManager, entries: Posting['entries']): Promise<boolean> {
  for (const entry of entries) {
    if (!withinBalanceLimit((await balanceOf(em, entry.account)) + entry.amount)) return false;
  }
  return true;
}

/** What moved the money, as the ledger records it (and the balance history shows it). */
export type LedgerTransactionKind =
  | 'payment'
  | 'refund'
  | 'top_up'
  | 'settlement'
  | 'refund_paid'
  | 'refund_failed'
  | 'payout'
  | 'payout_paid'
  | 'payout_failed';

export interface Posting {
  livemode: boolean;
  kind: LedgerTransactionKind;
  merchantId: string;
  paymentIntentId?: string;
  refundId?: string;
  payoutId?: string;
  /** Amounts added to each account; they must sum to zero. */
  entries: { account: AccountRef; amount: Kobo }[];
  /** The request field that set the amount, named when a balance limit refuses the posting. */
  param?: string;
}

/** Writes one balanced ledger transaction and moves the balances with it. */
export async function post(em: EntityManager, posting: Posting): Promise<void> {
  const entries = posting.entries.filter((e) => e.amount !== 0n);
  const sum = sumKobo(entries.map((e) => e.amount));
  if (sum !== 0n) throw new Error(`unbalanced ledger posting (${posting.kind}): entries sum to ${sum}`);
  const [txRow] = await em.execute<{ id: string }[]>(
    `insert into ledger_transactions (livemode, kind, merchant_id, payment_intent_id, refund_id, payout_id, created_at)
     values (?, ?, ?, ?, ?, ?, now()) returning id`,
    [posting.livemode, posting.kind, posting.merchantId, posting.paymentIntentId ?? null, posting.refundId ?? null, posting.payoutId ?? null],
  );
  const resolved = await Promise.all(entries.map(async (e) => ({ id: await accountId(em, e.account), amount: e.amount })));
  // Balances are updated in account-id order so concurrent postings lock rows in one order (no deadlocks).
  resolved.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  for (const entry of resolved) {
    // The limit is checked in numeric, where the sum cannot overflow, as the row is updated. The
    // entry is written after, under the account's row lock: its balance_after is the running
    // balance, and entry numbers follow the order the balance moved in.
    const [moved] = await em.execute<{ balance: string }[]>(
      'update ledger_accounts set balance = balance + ? where id = ? and abs(balance::numeric + ?) <= ? returning balance::text as balance',
      [entry.amount.toString(), entry.id, entry.amount.toString(), MAX_BALANCE.toString()],
    );
    if (moved === undefined) throw new BalanceLimitError(posting.param);
    await em.execute('insert into ledger_entries (transaction_id, account_id, amount, balance_after) values (?, ?, ?, ?)', [
      txRow!.id,
      entry.id,
      entry.amount.toString(),
      moved.balance,
    ]);
  }
}

/**
 * Recomputes every balance from its entries (and each entry's running balance), checks every transaction sums to zero, and that each
 * payment's fees split its service fee between the platform and the processor as recorded.
 */
export async function verifyLedger(em: EntityManager): Promise<{ accounts: number; transactions: number; discrepancies: string[] }> {
  const unbalanced = await em.execute<{ id: string; total: string }[]>(
    `select t.id, coalesce(sum(e.amount), 0)::text as total
       from ledger_transactions t left join ledger_entries e on e.transaction_id = t.id
      group by t.id having coalesce(sum(e.amount), 0) <> 0 or count(e.id) = 0
      order by t.id`,
  );
  const drifted = await em.execute<{ id: string; kind: string; balance: string; total: string }[]>(
    `select a.id, a.kind, a.balance::text as balance, coalesce(sum(e.amount), 0)::text as total
       from ledger_accounts a left join ledger_entries e on e.account_id = a.id
      group by a.id having a.balance <> coalesce(sum(e.amount), 0)
      order by a.id`,
  );
  // Each entry's running balance is its account's entries summed in order up to it.
  const misrun = await em.execute<{ id: string; account_id: string; balance_after: string; running: string }[]>(
    `select id, account_id, balance_after::text as balance_after, running::text as running
       from (select id, account_id, balance_after, sum(amount) over (partition by account_id order by id) as running from ledger_entries) r
      where balance_after <> running
      order by id limit 100`,
  );
  // Each payment's fees: the platform's share and the processor's add up to the intent's service
  // fee, and the processor's is what its succeeded attempt recorded the processor kept.
  const misfeed = await em.execute<{ id: string; payment_intent_id: string; platform: string; processor: string; service_fee: string | null; recorded: string }[]>(
    `select t.id, t.payment_intent_id, f.platform::text as platform, f.processor::text as processor,
            i.service_fee::text as service_fee, coalesce(a.processor_fee, 0)::text as recorded
       from ledger_transactions t
       join payment_intents i on i.id = t.payment_intent_id
       left join payment_attempts a on a.payment_intent_id = t.payment_intent_id and a.status = 'succeeded'
       cross join lateral (
         select coalesce(sum(e.amount) filter (where acc.kind = 'platform_fees'), 0) as platform,
                coalesce(sum(e.amount) filter (where acc.kind = 'processor_fees'), 0) as processor
           from ledger_entries e join ledger_accounts acc on acc.id = e.account_id
          where e.transaction_id = t.id) f
      where t.kind = 'payment'
        and (f.platform + f.processor is distinct from i.service_fee or f.processor <> coalesce(a.processor_fee, 0))
      order by t.id`,
  );
  const [counts] = await em.execute<{ accounts: string; transactions: string }[]>(
    'select (select count(*) from ledger_accounts) as accounts, (select count(*) from ledger_transactions) as transactions',
  );
  return {
    accounts: Number(counts!.accounts),
    transactions: Number(counts!.transactions),
    discrepancies: [
      ...unbalanced.map((t) => `ledger transaction ${t.id} sums to ${t.total}, not 0`),
      ...drifted.map((a) => `account ${a.id} (${a.kind}) has balance ${a.balance} but its entries sum to ${a.total}`),
      ...misrun.map((e) => `ledger entry ${e.id} (account ${e.account_id}) says the balance after it was ${e.balance_after}, but its account's entries sum to ${e.running} up to it`),
      ...misfeed.map(
        (t) =>
          `payment ${t.payment_intent_id} (ledger transaction ${t.id}): platform fee ${t.platform} + processor fee ${t.processor} ` +
          `should be its service fee ${t.service_fee ?? 'null'}, with the processor fee its attempt recorded (${t.recorded})`,
      ),
    ],
  };
}
