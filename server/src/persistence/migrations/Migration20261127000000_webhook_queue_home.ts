import { Migration } from '@mikro-orm/migrations';

export class Migration20261127000000_webhook_queue_home extends Migration {
  override name = 'Migration20261127000000_webhook_queue_home';

  override up(): void {
    // The queue's functions in one set, as persistence/webhook-queue.sql defined them when this
    // migration was written (a frozen copy: later changes come in later migrations). The result's
    // receiver clock skew is now an argument of webhook_record, so webhook_cycle is one function
    // again; dropping an endpoint's queue rows now comes before touching their events, the order
    // every other writer of the queue locks in; and a turn expires leases only when asked (about
    // once a second) and skips the claim when nothing is due.
    this.addSql(`drop function webhook_cycle(text[], boolean[], integer[], text[], text[], integer[], bigint[], integer, integer, integer, integer, integer, text[], integer[])`);
    this.addSql(`drop function webhook_cycle(text[], boolean[], integer[], text[], text[], integer[], bigint[], integer, integer, integer, integer, integer, text[])`);
    this.addSql(`drop function webhook_record(text, boolean, integer, text, text, integer, bigint, integer)`);
    this.addSql(`
-- Disables an endpoint that kept failing: its waiting attempts are dropped and their events say so.
create or replace function webhook_disable_endpoint(p_endpoint text, p_reason text) returns void
language plpgsql
set plan_cache_mode = force_generic_plan set enable_seqscan = off set enable_mergejoin = off set enable_hashjoin = off
as $$
begin
  update webhook_endpoints set disabled_at = now(), disabled_reason = p_reason
   where id = p_endpoint and disabled_at is null;
  with dropped as (
    delete from webhook_queue q where q.endpoint_id = p_endpoint returning q.event_id
  )
  update events e set delivery_status = 'endpoint_disabled', next_attempt_at = null
    from dropped
   where e.id = dropped.event_id and e.delivery_status = 'pending';
end $$;

-- Records the result of one scheduled attempt (once: a delivery already finished is left alone)
-- and moves its event's schedule on: delivered (the queue row goes), the next step at
-- now + p_retry_ms, or failed for good after the last step (p_retry_ms null). An endpoint failing
-- without one success for p_disable_after_s is disabled. Returns what the event's delivery
-- status became, or 'endpoint_disabled'.
create or replace function webhook_record(p_delivery text, p_ok boolean, p_status integer, p_body text, p_error text,
                                          p_duration integer, p_retry_ms bigint, p_disable_after_s integer, p_skew integer)
returns text
language plpgsql
set plan_cache_mode = force_generic_plan set enable_seqscan = off set enable_mergejoin = off set enable_hashjoin = off
as $$
declare
  v_event text;
  v_step integer;
  v_endpoint text;
  v_since timestamptz;
  v_next timestamptz;
begin
  update webhook_deliveries d
     set finished_at = now(), duration_ms = p_duration, response_status = p_status, response_body = p_body, error = p_error,
         receiver_clock_skew_seconds = p_skew
   where d.id = p_delivery and d.finished_at is null
  returning d.event_id, d.schedule_step into v_event, v_step;
  if v_event is null then
    return null;
  end if;
  select q.endpoint_id into v_endpoint from webhook_queue q where q.event_id = v_event and q.step = v_step for update;
  if p_ok then
    delete from webhook_queue where event_id = v_event;
    update events set delivery_status = 'succeeded', next_attempt_at = null where id = v_event;
    update webhook_endpoints set failing_since = null, last_failed_at = null, last_succeeded_at = now()
     where id = v_endpoint and (failing_since is not null or last_succeeded_at is null or last_succeeded_at < now() - interval '1 minute');
    return 'succeeded';
  end if;
  if v_endpoint is null then
    -- The endpoint was deleted or disabled meanwhile: the event's status says so already.
    return (select delivery_status from events where id = v_event);
  end if;
  update webhook_endpoints w
     set failing_since = case when w.failing_since is null or w.last_failed_at is null or w.last_failed_at < now() - interval '1 day'
                              then now() else w.failing_since end,
         last_failed_at = now()
   where w.id = v_endpoint
  returning w.failing_since into v_since;
  if v_since <= now() - make_interval(secs => p_disable_after_s) then
    perform webhook_disable_endpoint(v_endpoint, format(
      'No delivery succeeded for %s days (every attempt since %s UTC failed). Set the URL again to enable the endpoint.',
      floor(extract(epoch from now() - v_since) / 86400), to_char(v_since at time zone 'UTC', 'YYYY-MM-DD HH24:MI')));
    return 'endpoint_disabled';
  end if;
  if p_retry_ms is null then
    delete from webhook_queue where event_id = v_event;
    update events set delivery_status = 'failed', next_attempt_at = null where id = v_event and delivery_status <> 'succeeded';
    return (select delivery_status from events where id = v_event);
  end if;
  v_next := now() + make_interval(secs => p_retry_ms / 1000.0);
  update events set delivery_status = 'pending', next_attempt_at = v_next where id = v_event and delivery_status <> 'succeeded';
  if not found then
    -- Delivered by hand meanwhile: the schedule ends here.
    delete from webhook_queue where event_id = v_event;
    return 'succeeded';
  end if;
  update webhook_deliveries set next_attempt_at = v_next where id = p_delivery;
  update webhook_queue set step = v_step + 1, due_at = v_next, leased_until = null where event_id = v_event;
  return 'pending';
end $$;

-- Takes up to p_limit due attempts: round-robin across endpoints (every endpoint's first due
-- attempt before anyone's second), healthy endpoints first, then new ones, then failing ones (at
-- most p_failing_limit of those), and never more than p_per_endpoint in flight to a healthy
-- endpoint or one to any other, counting what every worker holds (claims take turns: the advisory
-- lock). Leases what it takes for p_lease_ms, and writes each attempt's delivery row (numbered
-- after every earlier attempt of its event, manual ones too), or takes over the row of an attempt
-- whose worker died (once webhook_cycle has found its lease run out). p_ids are fresh delivery ids. Every table is reached by key from the taken
-- events or by a lateral lookup that cannot become a join.
create or replace function webhook_claim(p_limit integer, p_per_endpoint integer, p_failing_limit integer, p_lease_ms integer, p_ids text[])
returns table (event_id text, endpoint_id text, step integer, delivery_id text, attempt integer,
               url text, secrets text[], payload text, livemode boolean, failing boolean)
language plpgsql
set plan_cache_mode = force_generic_plan set enable_seqscan = off set enable_mergejoin = off set enable_hashjoin = off
as $$
#variable_conflict use_column
declare
  v_now timestamptz := now();
  v_events text[];
begin
  perform pg_advisory_xact_lock(7240202);
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
end $$;

-- One turn of a worker's dispatcher, in one round trip however much it has to do: records the
-- results of the attempts that ended since its last turn (each as webhook_record does, in the
-- order given), then takes up to p_limit due attempts (webhook_claim, which counts the places just
-- freed), then, if fewer were taken than asked for, says when the next waiting attempt is due.
-- With p_expire_leases (a worker asks about once a second) it first makes the attempts whose
-- lease ran out (their worker died) due again. A turn with nothing due costs two index probes:
-- the claim, and its lock, are skipped.
-- Rows come back in that order: one per recorded result (delivery_id, and what it became in
-- recorded), one per attempt taken, and a last one with only next_due_ms when asked.
create or replace function webhook_cycle(
  p_deliveries text[], p_ok boolean[], p_status integer[], p_body text[], p_error text[], p_duration integer[],
  p_retry_ms bigint[], p_disable_after_s integer,
  p_limit integer, p_per_endpoint integer, p_failing_limit integer, p_lease_ms integer, p_ids text[],
  p_skew integer[], p_expire_leases boolean)
returns table (event_id text, endpoint_id text, step integer, delivery_id text, attempt integer,
               url text, secrets text[], payload text, livemode boolean, failing boolean,
               recorded text, next_due_ms bigint)
language plpgsql
set plan_cache_mode = force_generic_plan set enable_seqscan = off set enable_mergejoin = off set enable_hashjoin = off
as $$
declare
  v_claimed integer := 0;
begin
  for i in 1 .. coalesce(array_length(p_deliveries, 1), 0) loop
    delivery_id := p_deliveries[i];
    recorded := webhook_record(p_deliveries[i], p_ok[i], p_status[i], p_body[i], p_error[i], p_duration[i], p_retry_ms[i],
                               p_disable_after_s, p_skew[i]);
    return next;
  end loop;
  delivery_id := null;
  recorded := null;
  if p_expire_leases then
    update webhook_queue q set leased_until = null where q.leased_until <= now();
  end if;
  -- The first entry of the waiting attempts' index (webhook_queue_waiting, on due_at): a min()
  -- is planned as that one probe whatever the table held when the plan was made.
  if p_limit > 0 and (select min(q.due_at) from webhook_queue q where q.leased_until is null) <= now() then
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
end $$;
`);
  }
}
