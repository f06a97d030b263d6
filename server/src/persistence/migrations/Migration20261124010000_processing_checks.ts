import { Migration } from '@mikro-orm/migrations';

export class Migration20261124010000_processing_checks extends Migration {
  override name = 'Migration20261124010000_processing_checks';

  override up(): void {
    // A processing attempt is settled when the processor answers. Each one carries when to ask
    // next and how often it has been asked, so that every attempt is retried on its own, with
    // back-off, and none can be forgotten (the reconciler asks about every one that is due).
    this.addSql(`
      alter table payment_attempts
        add column checks integer not null default 0,
        add column next_check_at timestamptz(3)`);
    this.addSql(`update payment_attempts set next_check_at = created_at where status = 'processing'`);
    this.addSql(`create index payment_attempts_due on payment_attempts (next_check_at) where status = 'processing'`);
    // Processing attempts used to be completed by pg-boss jobs; the reconciler has them now.
    // (A new database has no pg-boss schema yet: pg-boss makes it after the migrations.)
    this.addSql(`
      do $$ begin
        if to_regclass('pgboss.job') is not null then
          delete from pgboss.job where name = 'payment-completion' and state in ('created', 'retry', 'active');
        end if;
      end $$`);
  }
}
