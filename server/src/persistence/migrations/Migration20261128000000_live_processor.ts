import { Migration } from '@mikro-orm/migrations';

export class Migration20261128000000_live_processor extends Migration {
  override name = 'Migration20261128000000_live_processor';

  override up(): void {
    // A step other than an OTP (a PIN, a phone number, a birthday, an address) that a processor
    // asks of the customer; and what the processor said of the charge once it ended.
    this.addSql(`alter table payment_attempts drop constraint payment_attempts_status_check`);
    this.addSql(`
      alter table payment_attempts
        add constraint payment_attempts_status_check
          check (status in ('requires_otp', 'requires_action', 'processing', 'succeeded', 'failed', 'abandoned')),
        add column processor text,
        add column processor_fee bigint check (processor_fee >= 0)`);
    // A processor's webhook names the charge by our reference: it finds its attempt by it.
    this.addSql(`create index payment_attempts_processor_reference on payment_attempts (processor_reference) where processor_reference is not null`);
    // The processor's words for the step it asks for, shown beside it in the payment sheet.
    this.addSql(`alter table payment_intents add column next_action_message text`);
    // What the processor keeps of each live payment, so the platform's own share is the service fee
    // less it; a live payment's net waits in the merchant's pending balance until the processor
    // settles it; a payout waits in transit until the bank has it. Neither may go below zero.
    this.addSql(`alter table ledger_accounts drop constraint ledger_accounts_kind_check`);
    this.addSql(`
      alter table ledger_accounts
        add constraint ledger_accounts_kind_check
          check (kind in ('merchant_available', 'merchant_pending', 'merchant_in_transit', 'customer', 'platform_fees', 'card_network', 'processor_fees', 'merchant_bank')),
        add constraint ledger_accounts_pending_check check (kind <> 'merchant_pending' or balance >= 0),
        add constraint ledger_accounts_in_transit_check check (kind <> 'merchant_in_transit' or balance >= 0)`);
    this.addSql(`alter table ledger_transactions drop constraint ledger_transactions_kind_check`);
    this.addSql(`
      alter table ledger_transactions
        add constraint ledger_transactions_kind_check
          check (kind in ('payment', 'refund', 'top_up', 'settlement', 'refund_paid', 'refund_failed', 'payout', 'payout_paid', 'payout_failed')),
        add column payout_id text`);
    // When a live payment's net becomes available (LIVE_SETTLEMENT_DAYS after it succeeded, or
    // sooner when the processor reports it settled), and when it was moved.
    this.addSql(`alter table payment_intents add column funds_available_at timestamptz(3), add column funds_settled_at timestamptz(3)`);
    this.addSql(`create index payment_intents_unsettled on payment_intents (funds_available_at) where funds_available_at is not null and funds_settled_at is null`);
    // A live refund's second leg: the money travelling back to the card through the processor.
    this.addSql(`
      alter table refunds
        add column destination_status text check (destination_status in ('pending', 'succeeded', 'failed')),
        add column processor_refund_id text,
        add column destination_sent_at timestamptz(3),
        add column destination_failure text`);

    // Where a merchant's payouts go, per mode: the full number is kept to pay into, and shown
    // only as its last four; the processor's recipient for it is made once and kept.
    this.addSql(`
      create table payout_accounts (
        merchant_id text not null references merchants (id),
        livemode boolean not null,
        bank_code text not null,
        bank_name text not null,
        account_number text not null check (account_number ~ '^[0-9]{10}$'),
        account_name text not null,
        recipient_code text,
        updated_at timestamptz(3) not null,
        primary key (merchant_id, livemode)
      )`);
    // A payout keeps the account it was made to, whatever the payout account becomes later.
    this.addSql(`
      create table payouts (
        id text primary key,
        merchant_id text not null references merchants (id),
        livemode boolean not null,
        amount bigint not null check (amount > 0),
        status text not null check (status in ('pending', 'in_transit', 'paid', 'failed')),
        failure_code text check (failure_code in ('account_invalid', 'transfer_failed', 'transfer_reversed', 'processor_configuration')),
        bank_code text not null,
        bank_name text not null,
        account_number text not null,
        account_name text not null,
        recipient_code text,
        transfer_code text,
        sent_at timestamptz(3),
        created_at timestamptz(3) not null,
        paid_at timestamptz(3),
        failed_at timestamptz(3),
        -- Whether its amount went back to the available balance (a failure, or a reversal after it was paid): once.
        returned boolean not null default false
      )`);
    this.addSql(`create index payouts_list on payouts (merchant_id, livemode, created_at, id)`);
    this.addSql(`create index ledger_transactions_payout on ledger_transactions (payout_id) where payout_id is not null`);

    // Daily reconciliation against the processor: each day's run, and what it found (a day run
    // again replaces its findings). A mismatch names its merchant where it is one of ours.
    this.addSql(`
      create table reconciliation_runs (
        run_date date primary key,
        counts jsonb not null,
        mismatches integer not null,
        ran_at timestamptz(3) not null
      )`);
    this.addSql(`
      create table reconciliation_mismatches (
        id bigserial primary key,
        run_date date not null,
        kind text not null check (kind in ('charge', 'transfer', 'refund')),
        reference text not null,
        problem text not null check (problem in ('missing_ours', 'missing_theirs', 'amount', 'status')),
        merchant_id text references merchants (id),
        ours_amount bigint,
        ours_status text,
        theirs_amount bigint,
        theirs_status text,
        found_at timestamptz(3) not null
      )`);
    // The processor's settlements already applied (their payments made available), so each is applied once.
    this.addSql(`
      create table processor_settlements (
        processor text not null,
        id text not null,
        payments integer not null,
        applied_at timestamptz(3) not null,
        primary key (processor, id)
      )`);
    this.addSql(`create index reconciliation_mismatches_day on reconciliation_mismatches (run_date)`);
    this.addSql(`create index reconciliation_mismatches_merchant on reconciliation_mismatches (merchant_id, run_date) where merchant_id is not null`);
  }
}
