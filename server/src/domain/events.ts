import type { EntityManager } from '@mikro-orm/postgresql';
import type { components } from '../generated/openapi.ts';
import { Event } from '../persistence/entities/index.ts';
import { newId } from '../ids.ts';

type Schemas = components['schemas'];
export type EventBody =
  | Schemas['PaymentIntentSucceededEvent']
  | Schemas['PaymentIntentFailedEvent']
  | Schemas['PaymentIntentCanceledEvent']
  | Schemas['RefundSucceededEvent']
  | Schemas['WebhookTestEvent'];
export type EventType = EventBody['type'];
type DataOf<T extends EventType> = Extract<EventBody, { type: T }>['data'];

/**
 * Records an event in the caller's transaction, so it exists exactly when the change it reports
 * does. The envelope is serialised once, here: every delivery sends these same bytes.
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
  const envelope = { id, type, created: Math.floor(now.getTime() / 1000), livemode: scope.livemode, data };
  const event = em.create(Event, {
    id,
    merchant_id: scope.merchantId,
    livemode: scope.livemode,
    type,
    payment_intent_id: paymentIntentId,
    payload: JSON.stringify(envelope),
    created_at: now,
  });
  await em.flush();
  return event;
}
