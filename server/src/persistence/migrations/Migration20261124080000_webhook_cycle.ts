import { Migration } from '@mikro-orm/migrations';
import { WEBHOOK_CLAIM_LOCK } from './Migration20261124030000_webhook_queue.ts';

const LOOKUP_PLANS = 'set plan_cache_mode = force_generic_plan set enable_seqscan = off set enable_mergejoin = off set enable_hashjoin = off';

export class Migration20261124080000_webhook_cycle extends Migration {
  override name = 'Migration20261124080000_webhook_cycle';

  override up(): void {
    // Each endpoint's waiting attempts in the exact order they are taken (due time, then event):
    // attempts due at the same instant (a burst) are not read and sorted to take the first few.
    this.addSql(`drop index webhook_queue_endpoint_waiting`);
    this.addSql(`create index webhook_queue_endpoint_waiting on webhook_queue (endpoint_id, due_at, event_id) where leased_until is null`);
    // The queue's functions run a dozen statements a turn, each a handful of index lookups for at
    // most a batch of rows. They are planned once per connection (planning them every call took
    // longer than running them), and planned as what they are, index lookups joined by nested
    // loops, whatever the tables' statistics say: a plan made while a table was nearly empty (a new
    // install, the first minute after a deploy) would otherwise read the whole table (a scan, or
    // the whole of an index for a merge or hash join) for as long as the connection lives,
    // however large the table has grown since.
    this.addSql(`alter function webhook_record(text, boolean, integer, text, text, integer, bigint, integer) ${LOOKUP_PLANS}`);

    // As before (see the webhook_fairness migration), with every table reached by key from the
    // claimed events (= any (v_events)) or by a lateral lookup that cannot become a join: the
    // planner has no plan to choose that would read more than the rows a claim touches.
    this.addSql(`
      create or replace function webhook_claim(p_limit integer, p_per_endpoint integer, p_failing_limit integer, p_lease_ms integer, p_ids text[])
      returns table (event_id text, endpoint_id text, step integer, delivery_id text, attempt integer,
                     url text, secrets text[], payload text, livemode boolean, failing boolean)
      language plpgsql ${LOOKUP_PLANS}
      as $$
      #variable_conflict use_column
      declare
        v_now timestamptz := now();
        v_events text[];
      begin
        perform pg_advisory_xact_lock(${WEBHOOK_CLAIM_LOCK});
        update webhook_queue q set leased_until = null where q.leased_until <= v_now;
        with recursive due_endpoints as (
            (select q.endpoint_id from webhook_queue q
              where q.leased_until is null and q.due_at <= v_now
              order by q.endpoint_id limit 1)
          union all
            select (select q.endpoint_id from webhook_queue q
                     where q.leased_until is null and q.due_at <= v_now and q.endpoint_id > d.endpoint_id
                     order by q.endpoint_id limit 1)
              from due_endpoints d where d.endpoint_id is not null
        ), busy as (
          select b.endpoint_id, count(*)::integer as n from webhook_queue b where b.leased_until is not null group by b.endpoint_id
        ), room as (
          select d.endpoint_id, coalesce(busy.n, 0) as busy, w.tier, w.cap - coalesce(busy.n, 0) as free
            from due_endpoints d
            cross join lateral (
              select case when w.failing_since is not null then 2 when w.last_succeeded_at is null then 1 else 0 end as tier,
                     case when w.failing_since is null and w.last_succeeded_at is not null then p_per_endpoint else 1 end as cap
                from webhook_endpoints w where w.id = d.endpoint_id and w.disabled_at is null limit 1) w
            left join busy on busy.endpoint_id = d.endpoint_id
           where d.endpoint_id is not null
        ), candidates as (
          select x.event_id, x.due_at, r.tier, r.busy + x.rn as rank
            from room r
            cross join lateral (
              select q.event_id, q.due_at, row_number() over (order by q.due_at, q.event_id) as rn
                from webhook_queue q
               where q.endpoint_id = r.endpoint_id and q.leased_until is null and q.due_at <= v_now
               order by q.due_at, q.event_id
               limit greatest(r.free, 0)) x
        ), chosen as (
            (select c.event_id, c.tier, c.rank, c.due_at from candidates c where c.tier < 2
              order by c.tier, c.rank, c.due_at limit p_limit)
          union all
            (select c.event_id, c.tier, c.rank, c.due_at from candidates c where c.tier = 2
              order by c.rank, c.due_at limit greatest(least(p_failing_limit, p_limit), 0))
        )
        select array_agg(p.event_id) into v_events
          from (select ch.event_id from chosen ch order by ch.tier, ch.rank, ch.due_at limit p_limit) p;
        if v_events is null then
          return;
        end if;
        update webhook_queue q set leased_until = v_now + make_interval(secs => p_lease_ms / 1000.0) where q.event_id = any (v_events);
        -- A step's first attempt gets its delivery row (and its event one more attempt); an attempt
        -- whose lease ran out is made again under the row it had.
        with fresh as (
          select q.event_id, q.step, q.endpoint_id, row_number() over (order by q.event_id) as i
            from webhook_queue q
           where q.event_id = any (v_events)
             and (select d.id from webhook_deliveries d
                   where d.event_id = any (v_events) and d.event_id = q.event_id and d.schedule_step = q.step limit 1) is null
        ), bumped as (
          update events e set attempts = e.attempts + 1, next_attempt_at = null
           where e.id = any (array(select f.event_id from fresh f))
          returning e.id, e.attempts
        )
        insert into webhook_deliveries (id, event_id, attempt, trigger, schedule_step, url, started_at)
        select p_ids[f.i], f.event_id, b.attempts, 'scheduled', f.step,
               (select w.url from webhook_endpoints w where w.id = f.endpoint_id), v_now
          from fresh f join bumped b on b.id = f.event_id;
        update webhook_deliveries d set started_at = v_now, url = x.url
          from (select q.event_id, q.step, (select w.url from webhook_endpoints w where w.id = q.endpoint_id) as url
                  from webhook_queue q where q.event_id = any (v_events)) x
         where d.event_id = any (v_events) and d.event_id = x.event_id and d.schedule_step = x.step
           and d.finished_at is null and d.started_at < v_now;
        return query
          select q.event_id, q.endpoint_id, q.step, d.id, d.attempt, w.url,
                 array(select s.secret from webhook_secrets s
                        where s.endpoint_id = w.id and (s.expires_at is null or s.expires_at > v_now)
                        order by s.created_at desc, s.id desc),
                 e.payload, e.livemode, w.failing_since is not null
            from webhook_queue q
            cross join lateral (select e.payload, e.livemode from events e where e.id = q.event_id limit 1) e
            cross join lateral (select w.id, w.url, w.failing_since from webhook_endpoints w where w.id = q.endpoint_id limit 1) w
            cross join lateral (select d.id, d.attempt from webhook_deliveries d
                                 where d.event_id = q.event_id and d.schedule_step = q.step limit 1) d
           where q.event_id = any (v_events);
      end $$`);
    // One round trip per turn of a worker's dispatcher, however much it has to do: record the
    // results of the attempts that ended since its last turn (each exactly as webhook_record does,
    // in the order given), then take up to p_limit due attempts (webhook_claim, which counts the
    // places just freed), then say when the next waiting attempt is due if fewer were taken than
    // asked for. Rows come back in that order: one per recorded result (delivery_id and what it
    // became in `recorded`), one per claim, and a last one with only next_due_ms when asked.
    this.addSql(`
      create function webhook_cycle(
        p_deliveries text[], p_ok boolean[], p_status integer[], p_body text[], p_error text[], p_duration integer[],
        p_retry_ms bigint[], p_disable_after_s integer,
        p_limit integer, p_per_endpoint integer, p_failing_limit integer, p_lease_ms integer, p_ids text[])
      returns table (event_id text, endpoint_id text, step integer, delivery_id text, attempt integer,
                     url text, secrets text[], payload text, livemode boolean, failing boolean,
                     recorded text, next_due_ms bigint)
      language plpgsql ${LOOKUP_PLANS}
      as $$
      declare
        v_claimed integer := 0;
      begin
        for i in 1 .. coalesce(array_length(p_deliveries, 1), 0) loop
          delivery_id := p_deliveries[i];
          recorded := webhook_record(p_deliveries[i], p_ok[i], p_status[i], p_body[i], p_error[i], p_duration[i], p_retry_ms[i], p_disable_after_s);
          return next;
        end loop;
        delivery_id := null;
        recorded := null;
        if p_limit > 0 then
          return query select c.*, null::text, null::bigint from webhook_claim(p_limit, p_per_endpoint, p_failing_limit, p_lease_ms, p_ids) c;
          get diagnostics v_claimed = row_count;
        end if;
        if v_claimed < p_limit or p_limit = 0 then
          select case when min(q.due_at) is null then null
                      else greatest(0, ceil(extract(epoch from min(q.due_at) - clock_timestamp()) * 1000)) end::bigint
            into next_due_ms
            from webhook_queue q where q.leased_until is null;
          return next;
        end if;
      end $$`);
  }
}
