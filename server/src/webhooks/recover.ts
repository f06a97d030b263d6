// Recovering what a broken receiver missed: one new attempt for every event since a time whose
// delivery has not succeeded, queued in one statement.
import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiError } from '../domain/errors.ts';
import { WEBHOOK_CHANNEL } from '../domain/events.ts';
import type { Caller } from '../domain/merchants.ts';
import { noEndpoint } from '../domain/webhook-endpoints.ts';
import { sql } from '../persistence/sql.ts';

/**
 * Queues an attempt due now for each of the caller's events created at or after `since` that is
 * not delivered and not already due: a new queue row (at the step after its last scheduled one),
 * or a waiting retry brought forward. Returns how many.
 */
export async function recoverDeliveries(em: EntityManager, caller: Caller, since: Date): Promise<number> {
  return em.transactional(async (tx) => {
    // Locked until this transaction ends: recoveries of one endpoint take turns, and the endpoint
    // cannot be deleted or disabled under them.
    const [endpoint] = await sql<{ id: string; disabled: boolean }>(
      tx,
      'select id, disabled_at is not null as disabled from webhook_endpoints where merchant_id = $1 and livemode = $2 for update',
      [caller.merchant.id, caller.livemode],
    );
    if (endpoint === undefined) throw noEndpoint();
    if (endpoint.disabled) {
      throw new ApiError(
        'invalid_request',
        'The webhook endpoint is disabled: enable it by setting its URL again (PUT /v1/webhook_endpoint), then recover.',
      );
    }
    // An event with a queue row already has its attempt coming (`on conflict`): only one whose
    // retry waits beyond now is brought forward. The queue rows' snapshot is the statement's, so
    // `moved` never sees the rows `queued` inserts.
    const [row] = await sql<{ queued: number }>(
      tx,
      `with candidates as (
         select e.id,
                coalesce((select max(d.schedule_step) from webhook_deliveries d where d.event_id = e.id), 0) + 1 as step
           from events e
          where e.merchant_id = $1 and e.livemode = $2 and e.created_at >= $3 and e.delivery_status <> 'succeeded'
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
       )
       select count(*)::integer as queued from recovered`,
      [caller.merchant.id, caller.livemode, since, endpoint.id],
    );
    const queued = row!.queued;
    if (queued > 0) await sql(tx, "select pg_notify($1, '')", [WEBHOOK_CHANNEL]);
    return queued;
  });
}
