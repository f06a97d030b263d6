import { Migration } from '@mikro-orm/migrations';

export class Migration20261124000000_failed_attempts extends Migration {
  override name = 'Migration20261124000000_failed_attempts';

  override up(): void {
    // An intent whose customer failed too often is canceled: it can no longer be paid.
    this.addSql(`alter table payment_intents drop constraint if exists payment_intents_cancellation_reason_check`);
    this.addSql(`
      alter table payment_intents add constraint payment_intents_cancellation_reason_check
        check (cancellation_reason in ('requested_by_merchant', 'expired', 'too_many_failed_attempts'))`);

    // Failed payment attempts per client (an IPv4 address or an IPv6 /64), for any intent, kept for
    // the window they count in. A row is written before the card is tried (a reservation) and
    // removed again unless the attempt failed, so racing attempts are counted too.
    this.addSql(`
      create table payment_attempt_failures (
        id bigserial primary key,
        client text not null,
        failed_at timestamptz(3) not null
      )`);
    this.addSql(`create index payment_attempt_failures_client on payment_attempt_failures (client, failed_at)`);
    // One round trip: forget the client's failures older than the window, and either reserve a place
    // (answering its id) or answer how many seconds until the oldest counted failure leaves the
    // window. The advisory lock serialises one client's reservations across every process.
    this.addSql(`
      create function payment_attempt_reserve(p_client text, p_limit integer, p_window_seconds integer,
                                              out reservation bigint, out retry_after integer)
      language plpgsql as $$
      declare
        v_now timestamptz := clock_timestamp();
        v_used integer;
        v_oldest timestamptz;
      begin
        perform pg_advisory_xact_lock(hashtextextended('payment_attempts:' || p_client, 0));
        delete from payment_attempt_failures where client = p_client and failed_at <= v_now - make_interval(secs => p_window_seconds);
        select count(*), min(failed_at) into v_used, v_oldest from payment_attempt_failures where client = p_client;
        if v_used >= p_limit then
          retry_after := greatest(1, ceil(extract(epoch from v_oldest + make_interval(secs => p_window_seconds) - v_now)))::integer;
          return;
        end if;
        insert into payment_attempt_failures (client, failed_at) values (p_client, v_now) returning id into reservation;
      end $$`);
  }
}
