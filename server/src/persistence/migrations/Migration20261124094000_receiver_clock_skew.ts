import { Migration } from '@mikro-orm/migrations';

const LOOKUP_PLANS = 'set plan_cache_mode = force_generic_plan set enable_seqscan = off set enable_mergejoin = off set enable_hashjoin = off';

export class Migration20261124094000_receiver_clock_skew extends Migration {
  override name = 'Migration20261124094000_receiver_clock_skew';

  override up(): void {
    // Each attempt's reading of the receiver's clock (its answer's Date), so a clock drifting
    // towards the signature's 5-minute tolerance is seen long before deliveries start failing.
    this.addSql(`alter table webhook_deliveries add column receiver_clock_skew_seconds integer`);
    // webhook_cycle with the results' skews: they are written to the attempts' rows, then the turn
    // is the same turn as before (the 13-argument function), still one round trip.
    this.addSql(`
      create function webhook_cycle(
        p_deliveries text[], p_ok boolean[], p_status integer[], p_body text[], p_error text[], p_duration integer[],
        p_retry_ms bigint[], p_disable_after_s integer,
        p_limit integer, p_per_endpoint integer, p_failing_limit integer, p_lease_ms integer, p_ids text[],
        p_skew integer[])
      returns table (event_id text, endpoint_id text, step integer, delivery_id text, attempt integer,
                     url text, secrets text[], payload text, livemode boolean, failing boolean,
                     recorded text, next_due_ms bigint)
      language plpgsql ${LOOKUP_PLANS}
      as $$
      begin
        update webhook_deliveries d set receiver_clock_skew_seconds = r.skew
          from unnest(p_deliveries, p_skew) as r(id, skew)
         where d.id = r.id and r.skew is not null and d.finished_at is null;
        return query select * from webhook_cycle(p_deliveries, p_ok, p_status, p_body, p_error, p_duration,
                                                  p_retry_ms, p_disable_after_s, p_limit, p_per_endpoint,
                                                  p_failing_limit, p_lease_ms, p_ids);
      end $$`);
  }
}
