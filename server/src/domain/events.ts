import type { EntityManager } from '@mikro-orm/postgresql';
import type { components } from '../generated/openapi.ts';
import { Event } from '../persistence/entities/index.ts';
import { EVENT_STREAM_CHANNEL, eventStreamKey } from '../persistence/notifications.ts';
import { sql } from '../persistence/sql.ts';
import { queueFirstAttempt } from '../persistence/webhook-queue.ts';
import { newId } from '../ids.ts';
import { notFound } from './errors.ts';
import type { Caller } from './merchants.ts';
import { pageOf, type Page, type PageOptions } from './pagination.ts';

type Schemas = components['schemas'];
export type EventBody =
  | Schemas['PaymentIntentSucceededEvent']
  | Schemas['PaymentIntentFailedEvent']
  | Schemas['PaymentIntentCanceledEvent']
  | Schemas['RefundSucceededEvent']
  | Schemas['RefundDestinationSucceededEvent']
  | Schemas['RefundDestinationFailedEvent']
  | Schemas['PayoutPaidEvent']
  | Schemas['PayoutFailedEvent']
  | Schemas['WebhookTestEvent'];
export type EventType = EventBody['type'];

/** Every event type, as the contract's EventType lists them. */
export const EVENT_TYPES = [
  'payment_intent.succeeded',
  'payment_intent.failed',
  'payment_intent.canceled',
  'refund.succeeded',
  'refund.destination_succeeded',
  'refund.destination_failed',
  'payout.paid',
  'payout.failed',
  'webhook.test',
] as const satisfies readonly EventType[];
// And no type of the contract is missing from the list.
const everyType: Exclude<EventType, (typeof EVENT_TYPES)[number]> extends never ? true : never = true;
void everyType;

type DataOf<T extends EventType> = Extract<EventBody, { type: T }>['data'];

/**
 * Records an event in the caller's transaction, so it exists exactly when the change it reports
 * does, together with its first delivery (a row of the webhook queue: the outbox the dispatchers
 * read) when the merchant has an enabled endpoint: a committed event always has its delivery, a
 * rolled-back change has neither. The envelope is serialised once, here: every delivery sends
 * these same bytes.
 */
export async function recordEvent<T extends EventType>(
  em: EntityManager,
  scope: { merchantId: string; livemode: boolean },
  type: T,
  data: DataOf<T>,
  paymentIntentId: string | null = null,
): Promise<Event> {
  const now = new Date();
  const id = newId('evt');
  // Notifications are delivered at commit (and only then), and those alike in one transaction
  // are sent once: the merchant's event streams are woken by whichever statement below runs
  // anyway, never by a round trip of its own unless none does.
  const streamKey = eventStreamKey(scope.merchantId, scope.livemode);
  // One more than the intent's previous event. The counter's row stays locked until this
  // transaction ends, so the intent's events are numbered in the order they commit.
  const sequence =
    paymentIntentId === null
      ? undefined
      : (
          await sql<{ n: number }>(
            em,
            'update payment_intents set event_sequence = event_sequence + 1 where id = $1 returning event_sequence as n, pg_notify($2, $3)',
            [paymentIntentId, EVENT_STREAM_CHANNEL, streamKey],
          )
        )[0]!.n;
  const envelope = { id, type, created: Math.floor(now.getTime() / 1000), livemode: scope.livemode, ...(sequence === undefined ? {} : { sequence }), data };
  // Share-locked until this transaction ends: the endpoint cannot be deleted or disabled between
  // this look and the queue row's insert (which would leave the event pending for ever).
  const [endpoint] = await sql<{ id: string; disabled: boolean }>(
    em,
    'select id, disabled_at is not null as disabled from webhook_endpoints where merchant_id = $1 and livemode = $2 for share',
    [scope.merchantId, scope.livemode],
  );
  const deliver = endpoint !== undefined && !endpoint.disabled;
  const event = em.create(Event, {
    id,
    merchant_id: scope.merchantId,
    livemode: scope.livemode,
    type,
    payment_intent_id: paymentIntentId,
    payload: JSON.stringify(envelope),
    created_at: now,
    delivery_status: endpoint === undefined ? 'no_endpoint' : endpoint.disabled ? 'endpoint_disabled' : 'pending',
    attempts: 0,
    next_attempt_at: deliver ? now : null,
  });
  await em.flush();
  if (deliver) {
    await queueFirstAttempt(em, id, endpoint.id, now, streamKey);
  } else if (sequence === undefined) {
    await sql(em, 'select pg_notify($1, $2)', [EVENT_STREAM_CHANNEL, streamKey]);
  }
  return event;
}

export async function retrieveEvent(em: EntityManager, caller: Caller, id: string): Promise<Event> {
  const event = await em.findOne(Event, { id, merchant_id: caller.merchant.id, livemode: caller.livemode });
  if (event === null) throw notFound('event', id);
  return event;
}

const EVENT_COLUMNS = [
  'id', 'merchant_id', 'livemode', 'type', 'payment_intent_id', 'payload', 'created_at', 'delivery_status', 'attempts', 'next_attempt_at',
] as const satisfies readonly (keyof Event)[];

/** An event row as it arrives on this connection (timestamps as text). */
export function eventFromRow(row: Record<(typeof EVENT_COLUMNS)[number], unknown>): Event {
  return {
    ...(row as unknown as Event),
    created_at: new Date(row.created_at as string),
    next_attempt_at: row.next_attempt_at === null ? null : new Date(row.next_attempt_at as string),
  };
}

export async function listEvents(
  em: EntityManager,
  caller: Caller,
  options: PageOptions & {
    type?: EventType;
    paymentIntent?: string;
    deliveryStatus?: Event['delivery_status'];
    /** Unix seconds, as events' `created`: only events created in [gte, lt). */
    created?: { gte?: number; lt?: number };
  },
): Promise<Page<Event>> {
  return pageOf(
    em,
    {
      table: 'events',
      columns: EVENT_COLUMNS,
      fromRow: eventFromRow,
      merchantId: caller.merchant.id,
      livemode: caller.livemode,
      filters: { type: options.type, payment_intent_id: options.paymentIntent, delivery_status: options.deliveryStatus },
      created: {
        ...(options.created?.gte === undefined ? {} : { gte: new Date(options.created.gte * 1000) }),
        ...(options.created?.lt === undefined ? {} : { lt: new Date(options.created.lt * 1000) }),
      },
      noun: 'event',
    },
    options,
  );
}

/**
 * Forgets up to `limit` events created more than `days` ago, oldest first, with their delivery
 * attempts; an event still being delivered is kept until its delivery ends.
 */
export async function purgeOldEvents(em: EntityManager, days: number, limit: number): Promise<number> {
  const rows = await sql(
    em,
    `with old as (
       select id from events
        where created_at < now() - make_interval(days => $1) and delivery_status <> 'pending'
        order by created_at limit $2 for update skip locked
     ), attempts as (
       delete from webhook_deliveries d using old where d.event_id = old.id
     )
     delete from events e using old where e.id = old.id returning 1`,
    [days, limit],
  );
  return rows.length;
}
