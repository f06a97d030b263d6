import type { EntityManager } from '@mikro-orm/postgresql';
import type { components } from '../generated/openapi.ts';
import { sendInTransaction, type Boss } from '../jobs/boss.ts';
import { Event } from '../persistence/entities/index.ts';
import { sql } from '../persistence/sql.ts';
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
  | Schemas['WebhookTestEvent'];
export type EventType = EventBody['type'];
type DataOf<T extends EventType> = Extract<EventBody, { type: T }>['data'];

/** The queue of scheduled webhook attempts: `{ event_id, step }`, step 1 being the first attempt. */
export const WEBHOOK_QUEUE = 'webhook-delivery';

export interface ScheduledAttempt {
  event_id: string;
  step: number;
}

/**
 * Records an event in the caller's transaction, so it exists exactly when the change it reports
 * does, together with its first delivery job when the merchant has an endpoint: a committed event
 * always has its delivery, a rolled-back change has neither. The envelope is serialised once,
 * here: every delivery sends these same bytes.
 */
export async function recordEvent<T extends EventType>(
  em: EntityManager,
  boss: Boss,
  scope: { merchantId: string; livemode: boolean },
  type: T,
  data: DataOf<T>,
  paymentIntentId: string | null = null,
): Promise<Event> {
  const now = new Date();
  const id = newId('evt');
  const envelope = { id, type, created: Math.floor(now.getTime() / 1000), livemode: scope.livemode, data };
  const [endpoint] = await sql<{ id: string }>(em, 'select id from webhook_endpoints where merchant_id = $1 and livemode = $2', [
    scope.merchantId,
    scope.livemode,
  ]);
  const event = em.create(Event, {
    id,
    merchant_id: scope.merchantId,
    livemode: scope.livemode,
    type,
    payment_intent_id: paymentIntentId,
    payload: JSON.stringify(envelope),
    created_at: now,
    delivery_status: endpoint === undefined ? 'no_endpoint' : 'pending',
    attempts: 0,
    next_attempt_at: endpoint === undefined ? null : now,
  });
  await em.flush();
  if (endpoint !== undefined) {
    await sendInTransaction(boss, em, WEBHOOK_QUEUE, { event_id: id, step: 1 } satisfies ScheduledAttempt, {
      singletonKey: `${id}:1`,
    });
  }
  return event;
}

export async function retrieveEvent(em: EntityManager, caller: Caller, id: string): Promise<Event> {
  const event = await em.findOne(Event, { id, merchant_id: caller.merchant.id, livemode: caller.livemode });
  if (event === null) throw notFound('event', id);
  return event;
}

export async function listEvents(
  em: EntityManager,
  caller: Caller,
  options: PageOptions & { type?: EventType; paymentIntent?: string },
): Promise<Page<Event>> {
  const scope = {
    merchant_id: caller.merchant.id,
    livemode: caller.livemode,
    ...(options.type === undefined ? {} : { type: options.type }),
    ...(options.paymentIntent === undefined ? {} : { payment_intent_id: options.paymentIntent }),
  };
  return pageOf(em, Event, scope, options, 'event');
}
