import { Migration } from '@mikro-orm/migrations';

/** Serialises claims, so that the per-endpoint cap on attempts in flight holds across every worker. */
export const WEBHOOK_CLAIM_LOCK = 7_240_202;

export class Migration20261124030000_webhook_queue extends Migration {
  override name = 'Migration20261124030000_webhook_queue';

  override up(): void {
    // An endpoint that fails without one success for days is disabled (setting its URL again
    // enables it); failing_since is when its current run of failures began.
    this.addSql(`
      alter table webhook_endpoints
        add column failing_since timestamptz(3),
        add column disabled_at timestamptz(3),
        add column disabled_reason text`);
    this.addSql(`alter table events drop constraint if exists events_delivery_status_check`);
    this.addSql(`
      alter table events add constraint events_delivery_status_check
        check (delivery_status in ('pending', 'succeeded', 'failed', 'no_endpoint', 'endpoint_disabled'))`);

    // The scheduled attempts still to make: one row per event being delivered, holding the step
    // of the schedule that is next and when it is due. The row is written with the event (one
    // transaction), so a committed event always has its delivery. A worker leases the rows it takes;
    // a lease that runs out (its worker died) makes the attempt due again, to be taken over.
    this.addSql(`
      create table webhook_queue (
        event_id text primary key references events (id) on delete cascade,
        endpoint_id text not null references webhook_endpoints (id) on delete cascade,
        step integer not null check (step >= 1),
        due_at timestamptz(3) not null,
        leased_until timestamptz(3)
      )`);
    this.addSql(`create index webhook_queue_waiting on webhook_queue (due_at) where leased_until is null`);
    this.addSql(`create index webhook_queue_leased on webhook_queue (leased_until) where leased_until is not null`);
    this.addSql(`create index webhook_queue_endpoint on webhook_queue (endpoint_id)`);

    // Takes up to p_limit due attempts, round-robin across endpoints (every endpoint's first due
    // attempt before anyone's second) and never more than p_per_endpoint in flight per endpoint,
    // counting those other workers hold. Writes each attempt's delivery row (numbered after every
    // earlier attempt of its event, manual ones too), or takes over the row of an attempt whose
    // worker died. p_ids are fresh delivery ids. One round trip per batch.
    this.addSql(`
      create function webhook_claim(p_limit integer, p_per_endpoint integer, p_lease_ms integer, p_ids text[])
      returns table (event_id text, endpoint_id text, step integer, delivery_id text, attempt integer,
                     url text, secrets text[], payload text, livemode boolean)
      language plpgsql as $$
      #variable_conflict use_column
      declare
        v_now timestamptz := now();
        v_events text[];
      begin
        perform pg_advisory_xact_lock(${WEBHOOK_CLAIM_LOCK});
        update webhook_queue q set leased_until = null where q.leased_until <= v_now;
        select array_agg(p.event_id order by p.rn, p.due_at, p.event_id) into v_events
          from (select r.event_id, r.rn, r.due_at
                  from (select q.event_id, q.endpoint_id, q.due_at,
                               row_number() over (partition by q.endpoint_id order by q.due_at, q.event_id) as rn
                          from webhook_queue q
                         where q.leased_until is null and q.due_at <= v_now) r
                  left join (select b.endpoint_id, count(*) as n from webhook_queue b
                              where b.leased_until is not null group by b.endpoint_id) busy
                    on busy.endpoint_id = r.endpoint_id
                 where r.rn <= p_per_endpoint - coalesce(busy.n, 0)
                 order by r.rn, r.due_at, r.event_id
                 limit p_limit) p;
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
                 e.payload, e.livemode
            from webhook_queue q
            join events e on e.id = q.event_id
            join webhook_endpoints w on w.id = q.endpoint_id
            join webhook_deliveries d on d.event_id = q.event_id and d.schedule_step = q.step
           where q.event_id = any (v_events);
      end $$`);

    // Disables an endpoint: nothing more is sent to it until its URL is set again. The events it
    // still had to deliver end as endpoint_disabled (they can be redelivered by hand).
    this.addSql(`
      create function webhook_disable_endpoint(p_endpoint text, p_reason text) returns void
      language plpgsql as $$
      begin
        update webhook_endpoints set disabled_at = now(), disabled_reason = p_reason
         where id = p_endpoint and disabled_at is null;
        update events e set delivery_status = 'endpoint_disabled', next_attempt_at = null
          from webhook_queue q
         where q.endpoint_id = p_endpoint and e.id = q.event_id and e.delivery_status = 'pending';
        delete from webhook_queue where endpoint_id = p_endpoint;
      end $$`);

    // Records a scheduled attempt's result and moves the event's schedule on, in one round trip:
    // done (a 2xx), the next step due p_retry_ms from now, failed for good (p_retry_ms null: that
    // was the last step), or the endpoint disabled (failing without a success for
    // p_disable_after_s). Answers the event's delivery status, or null when the attempt was
    // recorded already.
    this.addSql(`
      create function webhook_record(p_delivery text, p_ok boolean, p_status integer, p_body text, p_error text,
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
          update webhook_endpoints set failing_since = null where id = v_endpoint;
          return 'succeeded';
        end if;
        if v_endpoint is null then
          -- The endpoint was deleted or disabled meanwhile: the event's status says so already.
          return (select delivery_status from events where id = v_event);
        end if;
        update webhook_endpoints w set failing_since = coalesce(w.failing_since, now())
         where w.id = v_endpoint returning w.failing_since into v_since;
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

    // Deliveries that pg-boss jobs were making move to the queue, each at the step it had reached.
    this.addSql(`
      insert into webhook_queue (event_id, endpoint_id, step, due_at)
      select e.id, w.id,
             coalesce((select max(d.schedule_step) from webhook_deliveries d
                        where d.event_id = e.id and d.finished_at is not null), 0) + 1,
             coalesce(e.next_attempt_at, now())
        from events e
        join webhook_endpoints w on w.merchant_id = e.merchant_id and w.livemode = e.livemode
       where e.delivery_status = 'pending'
      on conflict do nothing`);
    this.addSql(`
      do $$ begin
        if to_regclass('pgboss.job') is not null then
          delete from pgboss.job where name = 'webhook-delivery' and state in ('created', 'retry', 'active');
        end if;
      end $$`);
  }
}
