// Recovering what a broken receiver missed: one new attempt for every event since a time whose
// delivery has not succeeded, queued in one statement.
import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiError } from '../domain/errors.ts';
import { WEBHOOK_CHANNEL } from '../domain/events.ts';
import type { Caller } from '../domain/merchants.ts';
import { noEndpoint } from '../domain/webhook-endpoints.ts';
import { sql } from '../persistence/sql.ts';

/** Events looked at per transaction: each batch's locks are held for a moment, not for the whole recovery. */
const BATCH = 2_000;

/**
 * Queues an attempt due now for each of the caller's events created at or after `since` that is
 * not delivered and not already due: a new queue row (at the step after its last scheduled one),
 * or a waiting retry brought forward. Returns how many. Works through the events oldest first, a
 * batch per transaction, so that however many there are, nothing else waits on it for long: not
 * the merchant's payments (which record events against the endpoint), not the dispatcher.
 */
export async function recoverDeliveries(em: EntityManager, caller: Caller, since: Date): Promise<number> {
  let queued = 0;
  let after: { created_at: string; id: string } | undefined;
  for (;;) {
    const batch = await em.transactional(async (tx) => {
      // The endpoint is only kept from being deleted (a key-share lock: payments recording events
      // and the dispatcher updating it go on), and recoveries of one endpoint take turns.
      const [endpoint] = await sql<{ id: string; disabled: boolean }>(
        tx,
        'select id, disabled_at is not null as disabled from webhook_endpoints where merchant_id = $1 and livemode = $2 for key share',
        [caller.merchant.id, caller.livemode],
      );
      if (endpoint === undefined) throw noEndpoint();
      if (endpoint.disabled) {
        throw new ApiError(
          'invalid_request',
          'The webhook endpoint is disabled: enable it by setting its URL again (PUT /v1/webhook_endpoint), then recover.',
        );
      }
      await sql(tx, 'select pg_advisory_xact_lock(hashtextextended($1, 0))', [`webhook_recover:${endpoint.id}`]);
      // An event with a queue row already has its attempt coming (`on conflict`): only one whose
      // retry waits beyond now is brought forward. The queue rows' snapshot is the statement's, so
      // `moved` never sees the rows `queued` inserts.
      const [row] = await sql<{ queued: number; last_created_at: string | null; last_id: string | null; seen: number }>(
        tx,
        `with page as (
           select e.id, e.created_at, e.delivery_status
             from events e
            where e.merchant_id = $1 and e.livemode = $2 and e.created_at >= $3
              and ($5::timestamptz is null or (e.created_at, e.id) > ($5::timestamptz, $6::text))
            order by e.created_at, e.id
            limit $7
         ), candidates as (
           select p.id,
                  coalesce((select max(d.schedule_step) from webhook_deliveries d where d.event_id = p.id), 0) + 1 as step
             from page p where p.delivery_status <> 'succeeded'
         ), queued as (
           insert into webhook_queue (event_id, endpoint_id, step, due_at)
           select c.id, $4, c.step, now() from candidates c
           on conflict (event_id) do nothing
           returning event_id
         ), moved as (
           update webhook_queue q set due_at = now()
            where q.event_id in (select c.id from candidates c) and q.leased_until is null and q.due_at > now()
           returning q.event_id
         ), recovered as (
           select event_id from queued union all select event_id from moved
         ), marked as (
           update events e set delivery_status = 'pending', next_attempt_at = now()
            where e.id in (select event_id from recovered)
         ), last as (
           select created_at, id from page order by created_at desc, id desc limit 1
         )
         select (select count(*)::integer from recovered) as queued,
                (select count(*)::integer from page) as seen,
                (select created_at from last)::text as last_created_at,
                (select id from last) as last_id`,
        [caller.merchant.id, caller.livemode, since, endpoint.id, after?.created_at ?? null, after?.id ?? null, BATCH],
      );
      if (row!.queued > 0) await sql(tx, "select pg_notify($1, '')", [WEBHOOK_CHANNEL]);
      return row!;
    });
    queued += batch.queued;
    if (batch.seen < BATCH || batch.last_id === null) return queued;
    after = { created_at: batch.last_created_at!, id: batch.last_id };
  }
}
