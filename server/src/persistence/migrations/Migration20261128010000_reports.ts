import { Migration } from '@mikro-orm/migrations';

export class Migration20261128010000_reports extends Migration {
  override name = 'Migration20261128010000_reports';

  override up(): void {
    // The merchant's days begin and end in its own time zone (reports, the dashboard's charts).
    this.addSql(`alter table merchants add column time_zone text not null default 'Africa/Lagos'`);
    // What a report adds up: each merchant's payments by when they succeeded. Refunds by when they
    // were made are served by refunds_list (merchant_id, livemode, created_at).
    this.addSql(`create index payment_intents_succeeded on payment_intents (merchant_id, livemode, succeeded_at) include (amount, service_fee) where succeeded_at is not null`);
  }
}
