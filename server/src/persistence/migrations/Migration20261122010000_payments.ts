import { Migration } from '@mikro-orm/migrations';

export class Migration20261122010000_payments extends Migration {
  override name = 'Migration20261122010000_payments';

  override up(): void {
    // One row per payment attempt: the card's brand and last four digits only, never the number.
    this.addSql(`
      create table payment_attempts (
        id text primary key,
        payment_intent_id text not null references payment_intents (id),
        livemode boolean not null,
        method text not null check (method = 'card'),
        card_brand text not null,
        card_last4 text not null check (card_last4 ~ '^[0-9]{4}$'),
        status text not null check (status in ('requires_otp', 'processing', 'succeeded', 'failed', 'abandoned')),
        failure_code text,
        processor_reference text,
        created_at timestamptz(3) not null,
        completed_at timestamptz(3)
      )`);
    this.addSql(`create index payment_attempts_intent on payment_attempts (payment_intent_id, created_at)`);

    // The double-entry ledger. An account's balance is kept beside its entries (updated in the same
    // transaction) so reads are one row; 'ledger verify' proves the two always agree.
    this.addSql(`
      create table ledger_accounts (
        id bigserial primary key,
        livemode boolean not null,
        kind text not null check (kind in ('merchant_available', 'customer', 'platform_fees', 'card_network')),
        merchant_id text references merchants (id),
        customer_email text,
        balance bigint not null default 0,
        -- Every account but a customer's belongs to one merchant: the card network and platform fee
        -- accounts are kept per merchant, so no merchant's payments wait on another's locks (or can
        -- push a shared balance out of range).
        check ((kind = 'customer') = (merchant_id is null)),
        check ((kind = 'customer') = (customer_email is not null)),
        check (customer_email is null or customer_email = lower(customer_email)),
        -- A merchant's available balance never goes below zero: the last line of defence for refunds.
        check (kind <> 'merchant_available' or balance >= 0)
      )`);
    this.addSql(`
      create unique index ledger_accounts_identity
        on ledger_accounts (livemode, kind, coalesce(merchant_id, ''), coalesce(customer_email, ''))`);
    this.addSql(`
      create table ledger_transactions (
        id bigserial primary key,
        livemode boolean not null,
        kind text not null check (kind in ('payment', 'refund', 'top_up')),
        merchant_id text not null references merchants (id),
        payment_intent_id text references payment_intents (id),
        refund_id text,
        created_at timestamptz(3) not null
      )`);
    this.addSql(`
      create table ledger_entries (
        id bigserial primary key,
        transaction_id bigint not null references ledger_transactions (id),
        account_id bigint not null references ledger_accounts (id),
        amount bigint not null check (amount <> 0)
      )`);
    this.addSql(`create index ledger_entries_transaction on ledger_entries (transaction_id)`);
    this.addSql(`create index ledger_entries_account on ledger_entries (account_id, id)`);
    // Every transaction's entries sum to zero, checked by PostgreSQL when the transaction commits.
    this.addSql(`
      create function ledger_transaction_balances() returns trigger language plpgsql as $$
      declare
        v_sum numeric;
      begin
        select coalesce(sum(amount), 0) into v_sum from ledger_entries where transaction_id = new.transaction_id;
        if v_sum <> 0 then
          raise exception 'ledger transaction % does not balance (entries sum to %)', new.transaction_id, v_sum;
        end if;
        return null;
      end $$`);
    this.addSql(`
      create constraint trigger ledger_entries_balance
        after insert or update on ledger_entries
        deferrable initially deferred
        for each row execute function ledger_transaction_balances()`);

    this.addSql(`
      create table refunds (
        id text primary key,
        merchant_id text not null references merchants (id),
        livemode boolean not null,
        payment_intent_id text not null references payment_intents (id),
        amount bigint not null check (amount > 0),
        status text not null check (status = 'succeeded'),
        created_at timestamptz(3) not null
      )`);
    this.addSql(`create index refunds_list on refunds (merchant_id, livemode, created_at desc, id desc)`);
    this.addSql(`create index refunds_intent on refunds (payment_intent_id)`);

    // Events are written in the same transaction as the change they report; payload holds the
    // exact JSON bytes every delivery of the event sends.
    this.addSql(`
      create table events (
        id text primary key,
        merchant_id text not null references merchants (id),
        livemode boolean not null,
        type text not null,
        payment_intent_id text,
        payload text not null,
        created_at timestamptz(3) not null
      )`);
    this.addSql(`create index events_list on events (merchant_id, livemode, created_at desc, id desc)`);
    this.addSql(`create index events_intent on events (payment_intent_id) where payment_intent_id is not null`);
  }
}
