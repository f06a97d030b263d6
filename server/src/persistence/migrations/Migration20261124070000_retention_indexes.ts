import { Migration } from '@mikro-orm/migrations';

export class Migration20261124070000_retention_indexes extends Migration {
  override name = 'Migration20261124070000_retention_indexes';

  override up(): void {
    // `if not exists`: on a large live database, build these first without blocking writes
    // (`create index concurrently if not exists ...`, the same definitions); the migration then
    // finds them built and only records itself.
    // The retention job finds what has aged out by time, a small batch at a time: each table it
    // prunes is indexed by the time it prunes on, so no batch reads the whole table.
    this.addSql(`create index if not exists events_created on events (created_at)`);
    this.addSql(`create index if not exists rate_limit_hits_time on rate_limit_hits (hit_at)`);
    this.addSql(`create index if not exists dashboard_sign_in_attempts_time on dashboard_sign_in_attempts (last_attempt_at)`);
    this.addSql(`create index if not exists payment_attempt_failures_time on payment_attempt_failures (failed_at)`);
    // A list filtered by status reads only the intents in that status, newest first.
    this.addSql(`create index if not exists payment_intents_status on payment_intents (merchant_id, livemode, status, created_at desc, id desc)`);
  }
}
