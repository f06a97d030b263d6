// Payouts: money from the merchant's available balance to its bank account. The payout account is
// resolved at its bank before it is saved; a payout moves its amount from available to in transit
// in the same transaction that queues its transfer (a job: jobs/money-jobs.ts), and the job sends
// the transfer (our payout id as its reference, so that the processor refuses a second one) and
// follows it to the end: paid, or failed, which returns the amount to available, once. A transfer
// reversed after it was paid returns it too, once.
import type { EntityManager } from '@mikro-orm/postgresql';
import { newPayoutId } from '../ids.ts';
import { sql } from '../persistence/sql.ts';
import { ApiError, notFound } from './errors.ts';
import { recordEvent } from './events.ts';
import { PAYOUT_QUEUE, type JobQueue } from './jobs.ts';
import { lockBalances, merchantAccount, merchantBank, merchantInTransit, post } from './ledger.ts';
import type { Caller } from './merchants.ts';
import { koboFromDb, koboFromRequest, koboToWire, negate, type Kobo } from './money.ts';
import { pageOf, type Page, type PageOptions } from './pagination.ts';
import { ProcessorUnavailableError, type Bank, type PayoutRail, type TransferState } from './processor/processor.ts';

/** What payouts need: the rail of each mode (null: live payouts are off), and where their jobs go. */
export interface PayoutsContext {
  rails: { test: PayoutRail; live: PayoutRail | null };
  jobs: JobQueue;
  /** How long a transfer sent may take to show at the processor before it counts as never sent. */
  sendLeaseMs: number;
  /** TEST_PAYOUT_DELAY_SECONDS: how long the simulator's payouts take (they are asked about a few times in that span). */
  testPayoutDelaySeconds: number;
}

function railOf(ctx: PayoutsContext, livemode: boolean): PayoutRail {
  const rail = livemode ? ctx.rails.live : ctx.rails.test;
  if (rail === null) {
    throw new ApiError('service_unavailable', 'Live payouts are not enabled on this Nairaflow service: its operator has set no live processor (LIVE_PROCESSOR). Nothing was moved.');
  }
  return rail;
}

/** A processor that cannot be reached: 503, with nothing changed. */
async function reaching<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (!(error instanceof ProcessorUnavailableError)) throw error;
    throw new ApiError('service_unavailable', 'The bank could not be reached just now; nothing was changed. Try again in a minute.', undefined, { retryAfterSeconds: 30 });
  }
}

/** The banks payouts can go to in the caller's mode, by name. */
export async function listBanks(ctx: PayoutsContext, caller: Caller): Promise<Bank[]> {
  const banks = await reaching(railOf(ctx, caller.livemode).banks());
  return [...banks].sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

export interface PayoutAccount {
  livemode: boolean;
  bankCode: string;
  bankName: string;
  accountName: string;
  accountNumber: string;
  updatedAt: Date;
}

interface PayoutAccountRow {
  livemode: boolean;
  bank_code: string;
  bank_name: string;
  account_name: string;
  account_number: string;
  recipient_code: string | null;
  updated_at: string | Date;
}

const accountOf = (row: PayoutAccountRow): PayoutAccount => ({
  livemode: row.livemode,
  bankCode: row.bank_code,
  bankName: row.bank_name,
  accountName: row.account_name,
  accountNumber: row.account_number,
  updatedAt: new Date(row.updated_at),
});

export async function retrievePayoutAccount(em: EntityManager, caller: Caller): Promise<PayoutAccount> {
  const [row] = await sql<PayoutAccountRow>(em, 'select * from payout_accounts where merchant_id = $1 and livemode = $2', [caller.merchant.id, caller.livemode]);
  if (row === undefined) throw new ApiError('resource_missing', 'No payout account is set in this mode yet; set one with PUT /v1/payout_account.');
  return accountOf(row);
}

/**
 * Sets where the caller's payouts go, once its bank has said whose the account is. Asked before
 * anything is written, and outside any transaction.
 */
export async function updatePayoutAccount(em: EntityManager, ctx: PayoutsContext, caller: Caller, input: { bank_code: string; account_number: string }): Promise<PayoutAccount> {
  const rail = railOf(ctx, caller.livemode);
  const bank = (await reaching(rail.banks())).find((b) => b.code === input.bank_code);
  if (bank === undefined) throw new ApiError('invalid_request', `No bank has the code '${input.bank_code}'; GET /v1/banks lists them.`, 'bank_code');
  const accountName = await reaching(rail.resolveAccount(bank.code, input.account_number));
  if (accountName === null) {
    throw new ApiError(
      'invalid_request',
      `The account number '${input.account_number}' is not an account at ${bank.name} (${bank.code}); check the number and the bank.`,
      'account_number',
    );
  }
  const [row] = await sql<PayoutAccountRow>(
    em,
    `insert into payout_accounts (merchant_id, livemode, bank_code, bank_name, account_number, account_name, recipient_code, updated_at)
     values ($1, $2, $3, $4, $5, $6, null, now())
     on conflict (merchant_id, livemode) do update
       set bank_code = excluded.bank_code, bank_name = excluded.bank_name, account_number = excluded.account_number,
           account_name = excluded.account_name, updated_at = excluded.updated_at,
           recipient_code = case when payout_accounts.bank_code = excluded.bank_code and payout_accounts.account_number = excluded.account_number
                                 then payout_accounts.recipient_code end
     returning *`,
    [caller.merchant.id, caller.livemode, bank.code, bank.name, input.account_number, accountName],
  );
  return accountOf(row!);
}

export type PayoutStatus = 'pending' | 'in_transit' | 'paid' | 'failed';
export type PayoutFailureCode = 'account_invalid' | 'transfer_failed' | 'transfer_reversed' | 'processor_configuration';

export interface Payout {
  id: string;
  merchant_id: string;
  livemode: boolean;
  amount: Kobo;
  status: PayoutStatus;
  failure_code: PayoutFailureCode | null;
  bank_code: string;
  bank_name: string;
  account_number: string;
  account_name: string;
  recipient_code: string | null;
  sent_at: Date | null;
  created_at: Date;
  paid_at: Date | null;
  failed_at: Date | null;
  returned: boolean;
}

const PAYOUT_COLUMNS = [
  'id', 'merchant_id', 'livemode', 'amount', 'status', 'failure_code', 'bank_code', 'bank_name', 'account_number', 'account_name',
  'recipient_code', 'sent_at', 'created_at', 'paid_at', 'failed_at', 'returned',
] as const;

type PayoutRow = Record<(typeof PAYOUT_COLUMNS)[number], unknown>;

const date = (value: unknown): Date | null => (value == null ? null : new Date(value as string));

function payoutOf(row: PayoutRow): Payout {
  return {
    ...(row as unknown as Payout),
    amount: koboFromDb(row.amount as string),
    sent_at: date(row.sent_at),
    created_at: new Date(row.created_at as string),
    paid_at: date(row.paid_at),
    failed_at: date(row.failed_at),
  };
}

/**
 * Pays `amount` of the available balance out to the payout account: the amount moves to in
 * transit and the transfer's job is queued, in `em`'s transaction. The available balance's row
 * lock serialises everything that spends it, so racing payouts never overdraw it.
 */
export async function createPayout(em: EntityManager, ctx: PayoutsContext, caller: Caller, input: { amount: number }): Promise<Payout> {
  railOf(ctx, caller.livemode);
  const amount = koboFromRequest(input.amount);
  return em.transactional(async (tx) => {
    const [account] = await sql<PayoutAccountRow>(tx, 'select * from payout_accounts where merchant_id = $1 and livemode = $2', [caller.merchant.id, caller.livemode]);
    if (account === undefined) {
      throw new ApiError('invalid_request', 'Set a payout account first (PUT /v1/payout_account): there is nowhere to pay out to.');
    }
    const available = merchantAccount(caller.livemode, caller.merchant.id);
    const inTransit = merchantInTransit(caller.livemode, caller.merchant.id);
    const [balance] = await lockBalances(tx, [available, inTransit]);
    if (balance! < amount) {
      throw new ApiError('insufficient_balance', `Your available balance (${balance} kobo) cannot cover this payout of ${amount} kobo; nothing was moved.`);
    }
    const id = newPayoutId();
    const [row] = await sql<PayoutRow>(
      tx,
      `insert into payouts (id, merchant_id, livemode, amount, status, bank_code, bank_name, account_number, account_name, recipient_code, created_at)
       values ($1, $2, $3, $4, 'pending', $5, $6, $7, $8, $9, now())
       returning ${PAYOUT_COLUMNS.join(', ')}`,
      [id, caller.merchant.id, caller.livemode, amount.toString(), account.bank_code, account.bank_name, account.account_number, account.account_name, account.recipient_code],
    );
    await post(tx, {
      livemode: caller.livemode,
      kind: 'payout',
      merchantId: caller.merchant.id,
      payoutId: id,
      param: 'amount',
      entries: [
        { account: available, amount: negate(amount) },
        { account: inTransit, amount },
      ],
    });
    // The simulator's payouts arrive after a known delay: asked about a few times in it, not with back-off.
    await ctx.jobs.send(tx, PAYOUT_QUEUE, id, caller.livemode ? {} : { everySeconds: Math.max(1, Math.ceil(ctx.testPayoutDelaySeconds / 4)) });
    return payoutOf(row!);
  });
}

export async function retrievePayout(em: EntityManager, caller: Caller, id: string): Promise<Payout> {
  const [row] = await sql<PayoutRow>(em, `select ${PAYOUT_COLUMNS.join(', ')} from payouts where id = $1 and merchant_id = $2 and livemode = $3`, [id, caller.merchant.id, caller.livemode]);
  if (row === undefined) throw notFound('payout', id);
  return payoutOf(row);
}

export async function listPayouts(em: EntityManager, caller: Caller, options: PageOptions): Promise<Page<Payout>> {
  return pageOf(
    em,
    { table: 'payouts', columns: PAYOUT_COLUMNS, fromRow: payoutOf, merchantId: caller.merchant.id, livemode: caller.livemode, filters: {}, noun: 'payout' },
    options,
  );
}

/**
 * Takes a payout one step on: sends its transfer, or asks how it stands, and applies what the
 * processor says. Answers 'pending' while the money is on its way (the job asks again later).
 */
export async function advancePayout(em: EntityManager, ctx: PayoutsContext, payoutId: string): Promise<'done' | 'pending'> {
  const [row] = await sql<PayoutRow>(em.fork(), `select ${PAYOUT_COLUMNS.join(', ')} from payouts where id = $1`, [payoutId]);
  if (row === undefined) return 'done';
  const payout = payoutOf(row);
  if (payout.status === 'failed' || (payout.status === 'paid' && payout.returned)) return 'done';
  const rail = railOf(ctx, payout.livemode);
  let state: TransferState | null = null;
  if (payout.sent_at !== null) {
    state = await rail.checkTransfer({ reference: payout.id, accountNumber: payout.account_number, sentAt: payout.sent_at });
    // Sent, and the processor has no such transfer: the request never arrived; once it cannot
    // arrive any more, send it again (the same reference: the processor refuses a second one).
    if (state === null && Date.now() - payout.sent_at.getTime() < ctx.sendLeaseMs) return 'pending';
  }
  if (state === null) {
    const recipient = payout.recipient_code ?? (await recipientFor(em, rail, payout));
    if (recipient === null) {
      // The processor will not pay this account: the payout fails, and its money goes back.
      await applyTransferState(em, payout.id, { outcome: 'failed', reason: 'the processor refused the account as a transfer recipient', accountInvalid: true });
      return 'done';
    }
    const [marked] = await sql<{ sent_at: string }>(
      em.fork(),
      `update payouts set sent_at = clock_timestamp() where id = $1 and status = 'pending' and sent_at is not distinct from $2::timestamptz returning sent_at`,
      [payout.id, payout.sent_at?.toISOString() ?? null],
    );
    if (marked === undefined) return 'pending'; // another worker is sending it
    state = await rail.transfer({ reference: payout.id, amount: payout.amount, recipient, accountNumber: payout.account_number });
    // Sent again after the processor showed none: a refusal now may be of the first one after all,
    // which may yet pay. It is asked about, never taken as a failure that returns the money.
    if (payout.sent_at !== null && state.outcome === 'failed') return 'pending';
  }
  await applyTransferState(em, payout.id, state);
  const [now] = await sql<{ status: PayoutStatus }>(em.fork(), 'select status from payouts where id = $1', [payout.id]);
  // A reversal after it was paid comes by webhook (or reconciliation), which asks again.
  return now!.status === 'paid' || now!.status === 'failed' ? 'done' : 'pending';
}

/** The processor's recipient for the payout's account: made once per account, and kept. */
async function recipientFor(em: EntityManager, rail: PayoutRail, payout: Payout): Promise<string | null> {
  const recipient = await rail.recipient({ bankCode: payout.bank_code, accountNumber: payout.account_number, accountName: payout.account_name });
  if (recipient === null) return null;
  await sql(em.fork(), 'update payouts set recipient_code = $2 where id = $1', [payout.id, recipient]);
  await sql(
    em.fork(),
    'update payout_accounts set recipient_code = $3 where merchant_id = $1 and livemode = $2 and account_number = $4 and bank_code = $5',
    [payout.merchant_id, payout.livemode, recipient, payout.account_number, payout.bank_code],
  );
  return recipient;
}

/** Applies a transfer's state to its payout (and the ledger, and the events), once per change. */
export async function applyTransferState(em: EntityManager, payoutId: string, state: TransferState): Promise<void> {
  await em.transactional(async (tx) => {
    const [row] = await sql<PayoutRow>(tx, `select ${PAYOUT_COLUMNS.join(', ')} from payouts where id = $1 for update`, [payoutId]);
    const payout = payoutOf(row!);
    const scope = { merchantId: payout.merchant_id, livemode: payout.livemode };
    switch (state.outcome) {
      case 'in_transit':
        if (payout.status === 'pending') await sql(tx, `update payouts set status = 'in_transit', failure_code = null where id = $1`, [payout.id]);
        return;
      case 'otp':
        // The processor wants its owner's OTP to approve transfers: a setting to turn off, not
        // something to retry. The payout waits; it fails if the processor abandons the transfer.
        if (payout.failure_code !== 'processor_configuration') await sql(tx, `update payouts set failure_code = 'processor_configuration' where id = $1`, [payout.id]);
        return;
      case 'paid':
        if (payout.status !== 'pending' && payout.status !== 'in_transit') return;
        await sql(tx, `update payouts set status = 'paid', failure_code = null, paid_at = now() where id = $1`, [payout.id]);
        await post(tx, {
          livemode: payout.livemode,
          kind: 'payout_paid',
          merchantId: payout.merchant_id,
          payoutId: payout.id,
          entries: [
            { account: merchantInTransit(payout.livemode, payout.merchant_id), amount: negate(payout.amount) },
            { account: merchantBank(payout.livemode, payout.merchant_id), amount: payout.amount },
          ],
        });
        await recordEvent(tx, scope, 'payout.paid', { id: payout.id, amount: koboToWire(payout.amount), status: 'paid', failure_code: null });
        return;
      case 'failed':
      case 'reversed': {
        if (payout.returned) return;
        const code: PayoutFailureCode =
          state.outcome === 'reversed' ? 'transfer_reversed' : payout.failure_code === 'processor_configuration' ? 'processor_configuration' : state.outcome === 'failed' && state.accountInvalid === true ? 'account_invalid' : 'transfer_failed';
        // Back to available from wherever it is: in transit, or (reversed after it was paid) the bank.
        const from = payout.status === 'paid' ? merchantBank(payout.livemode, payout.merchant_id) : merchantInTransit(payout.livemode, payout.merchant_id);
        await sql(tx, `update payouts set status = 'failed', failure_code = $2, failed_at = now(), returned = true where id = $1`, [payout.id, code]);
        await post(tx, {
          livemode: payout.livemode,
          kind: 'payout_failed',
          merchantId: payout.merchant_id,
          payoutId: payout.id,
          entries: [
            { account: from, amount: negate(payout.amount) },
            { account: merchantAccount(payout.livemode, payout.merchant_id), amount: payout.amount },
          ],
        });
        await recordEvent(tx, scope, 'payout.failed', { id: payout.id, amount: koboToWire(payout.amount), status: 'failed', failure_code: code });
        return;
      }
    }
  });
}

/** The processor says something happened to this transfer (its webhook): its payout is asked about now. */
export async function askAboutPayoutNow(em: EntityManager, ctx: PayoutsContext, reference: string): Promise<boolean> {
  const [row] = await sql<{ id: string }>(em, `select id from payouts where id = $1 and not returned`, [reference]);
  if (row === undefined) return false;
  await ctx.jobs.send(em, PAYOUT_QUEUE, row.id);
  return true;
}

/** Payouts not ended after `minutes` (their jobs may have run out of tries): queued again. */
export async function requeueUnfinishedPayouts(em: EntityManager, ctx: PayoutsContext, minutes: number, limit: number): Promise<number> {
  const rows = await sql<{ id: string }>(
    em,
    `select id from payouts where status in ('pending', 'in_transit') and created_at < now() - make_interval(mins => $1) order by created_at limit $2`,
    [minutes, limit],
  );
  for (const row of rows) await ctx.jobs.send(em, PAYOUT_QUEUE, row.id);
  return rows.length;
}
