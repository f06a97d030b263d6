import { Migration } from '@mikro-orm/migrations';
import { WEBHOOK_CLAIM_LOCK } from './Migration20261124030000_webhook_queue.ts';

export class Migration20261124040000_webhook_fairness extends Migration {
  override name = 'Migration20261124040000_webhook_fairness';

  override up(): void {
    // When the endpoint last failed: a run of failures that stopped (no events for days) is not
    // "failing for 5 days"; a failure more than a day after the last one starts a new run.
    this.addSql(`alter table webhook_endpoints add column last_failed_at timestamptz(3), add column last_succeeded_at timestamptz(3)`);
    this.addSql(`
      update webhook_endpoints w set last_succeeded_at = (
        select max(d.finished_at) from webhook_deliveries d join events e on e.id = d.event_id
         where e.merchant_id = w.merchant_id and e.livemode = w.livemode and d.response_status between 200 and 299)`);
    this.addSql(`update webhook_endpoints set last_failed_at = now() where failing_since is not null`);
    // Each endpoint's waiting attempts in due order: the claim reads a few per endpoint from here
    // instead of ranking the whole backlog.
    this.addSql(`create index webhook_queue_endpoint_waiting on webhook_queue (endpoint_id, due_at) where leased_until is null`);

    // As before (see the webhook_queue migration), and fairer. Endpoints come in three tiers:
    // healthy (its last attempt succeeded) gets p_per_endpoint attempts in flight; new (never
    // succeeded, not failing) and failing ones get one, and failing ones together at most
    // p_failing_limit more in this claim. Healthy endpoints' due attempts are taken first, then new
    // ones', then failing ones'; within a tier, each endpoint's next attempt ranks after those it
    // has in flight (round-robin), then by due time. So dead endpoints, however many, cannot fill a
    // worker's places. Endpoints with due attempts are found by a loose index scan and each gives
    // at most its free places: the cost of a claim does not grow with the backlog.
    this.addSql(`drop function webhook_claim(integer, integer, integer, text[])`);
    this.addSql(`
      create function webhook_claim(p_limit integer, p_per_endpoint integer, p_failing_limit integer, p_lease_ms integer, p_ids text[])
      returns table (event_id text, endpoint_id text, step integer, delivery_id text, attempt integer,
                     url text, secrets text[], payload text, livemode boolean, failing boolean)
      language plpgsql as $$
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
          select d.endpoint_id, coalesce(busy.n, 0) as busy,
                 case when w.failing_since is not null then 2 when w.last_succeeded_at is null then 1 else 0 end as tier,
                 (case when w.failing_since is null and w.last_succeeded_at is not null then p_per_endpoint else 1 end)
                   - coalesce(busy.n, 0) as free
            from due_endpoints d
            join webhook_endpoints w on w.id = d.endpoint_id and w.disabled_at is null
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
        with fresh as (
          select q.event_id, q.step, q.endpoint_id, row_number() over (order by q.event_id) as i
            from webhook_queue q
           where q.event_id = any (v_events)
             and not exists (select 1 from webhook_deliveries d where d.event_id = q.event_id and d.schedule_step = q.step)
        ), bumped as (
          update events e set attempts = e.attempts + 1, next_attempt_at = null
            from fresh f where e.id = f.event_id
          returning e.id, e.attempts
        )
        insert into webhook_deliveries (id, event_id, attempt, trigger, schedule_step, url, started_at)
        select p_ids[f.i], f.event_id, b.attempts, 'scheduled', f.step, w.url, v_now
          from fresh f
          join bumped b on b.id = f.event_id
          join webhook_endpoints w on w.id = f.endpoint_id;
        update webhook_deliveries d set started_at = v_now, url = w.url
          from webhook_queue q join webhook_endpoints w on w.id = q.endpoint_id
         where q.event_id = any (v_events) and d.event_id = q.event_id and d.schedule_step = q.step
           and d.finished_at is null and d.started_at < v_now;
        return query
          select q.event_id, q.endpoint_id, q.step, d.id, d.attempt, w.url,
                 array(select s.secret from webhook_secrets s
                        where s.endpoint_id = w.id and (s.expires_at is null or s.expires_at > v_now)
                        order by s.created_at desc, s.id desc),
                 e.payload, e.livemode, w.failing_since is not null
            from webhook_queue q
            join events e on e.id = q.event_id
            join webhook_endpoints w on w.id = q.endpoint_id
            join webhook_deliveries d on d.event_id = q.event_id and d.schedule_step = q.step
           where q.event_id = any (v_events);
      end $$`);

    // As before, with a failing run that restarts after a quiet day (see last_failed_at), and an
    // endpoint row written only when its state changes.
    this.addSql(`
      create or replace function webhook_record(p_delivery text, p_ok boolean, p_status integer, p_body text, p_error text,
                                                p_duration integer, p_retry_ms bigint, p_disable_after_s integer)
      returns text
      language plpgsql as $$
      declare
        v_event text;
        v_step integer;
        v_endpoint text;
        v_since timestamptz;
        v_next timestamptz;
      begin
        update webhook_deliveries d
           set finished_at = now(), duration_ms = p_duration, response_status = p_status, response_body = p_body, error = p_error
         where d.id = p_delivery and d.finished_at is null
        returning d.event_id, d.schedule_step into v_event, v_step;
        if v_event is null then
          return null;
        end if;
        select q.endpoint_id into v_endpoint from webhook_queue q where q.event_id = v_event and q.step = v_step for update;
        if p_ok then
          update events set delivery_status = 'succeeded', next_attempt_at = null where id = v_event;
          delete from webhook_queue where event_id = v_event;
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
          update events set delivery_status = 'failed', next_attempt_at = null where id = v_event and delivery_status <> 'succeeded';
          delete from webhook_queue where event_id = v_event;
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
      end $$`);
  }
}
