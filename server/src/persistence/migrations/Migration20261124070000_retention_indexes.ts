import { Migration } from '@mikro-orm/migrations';

export class Migration20261124070000_retention_indexes extends Migration {
  override name = 'Migration20261124070000_retention_indexes';

  override up(): void {
    // The retention job finds what has aged out by time, a small batch at a time: each table it
    // prunes is indexed by the time it prunes on, so no batch reads the whole table.
    this.addSql(`create index events_created on events (created_at)`);
    this.addSql(`create index rate_limit_hits_time on rate_limit_hits (hit_at)`);
    this.addSql(`create index dashboard_sign_in_attempts_time on dashboard_sign_in_attempts (last_attempt_at)`);
    this.addSql(`create index payment_attempt_failures_time on payment_attempt_failures (failed_at)`);
    // A list filtered by status reads only the intents in that status, newest first.
    this.addSql(`create index payment_intents_status on payment_intents (merchant_id, livemode, status, created_at desc, id desc)`);
  }
}
