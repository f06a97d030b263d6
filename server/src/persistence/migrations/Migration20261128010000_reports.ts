import { Migration } from '@mikro-orm/migrations';

export class Migration20261128010000_reports extends Migration {
  override name = 'Migration20261128010000_reports';

  override up(): void {
    // The merchant's days begin and end in its own time zone (reports, the dashboard's charts).
    this.addSql(`alter table merchants add column time_zone text not null default 'Africa/Lagos'`);
    // What a report adds up: each merchant's payments by when they succeeded. Refunds by when they
    // were made are served by refunds_list (merchant_id, livemode, created_at).
    // Searching a merchant's payments (GET /v1/payment_intents?q=): by customer e-mail or phone, a
    // word of the description, or a value of the metadata (whatever its key).
    this.addSql(`
      create function nf_metadata_values(metadata jsonb) returns text[]
        language sql immutable parallel safe as $$
          select array(select value from jsonb_each_text(case when jsonb_typeof(metadata) = 'object' then metadata else '{}'::jsonb end))
        $$`);
    this.addSql(`create index payment_intents_email on payment_intents (merchant_id, livemode, lower(customer_email)) where customer_email is not null`);
    this.addSql(`create index payment_intents_phone on payment_intents (merchant_id, livemode, customer_phone) where customer_phone is not null`);
    this.addSql(`create index payment_intents_description on payment_intents using gin (to_tsvector('simple', description))`);
    this.addSql(`create index payment_intents_metadata_values on payment_intents using gin (nf_metadata_values(metadata))`);
    // A session ends after DASHBOARD_IDLE_TIMEOUT_SECONDS without a request, as well as 12 hours after sign-in.
    this.addSql(`alter table dashboard_sessions add column last_seen_at timestamptz(3) not null default now()`);
    this.addSql(`create index payment_intents_succeeded on payment_intents (merchant_id, livemode, succeeded_at) include (amount, service_fee) where succeeded_at is not null`);
  }
}
