import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** An event for the merchant's webhook endpoint; `payload` is the exact JSON every delivery sends. */
export const Event = defineEntity({
  name: 'Event',
  tableName: 'events',
  properties: {
    id: p.string().primary(),
    merchant_id: p.string(),
    livemode: p.boolean(),
    type: p.string(),
    payment_intent_id: p.string().nullable(),
    payload: p.text(),
    created_at: p.datetime(3),
    delivery_status: p.enum(['pending', 'succeeded', 'failed', 'no_endpoint', 'endpoint_disabled'] as const),
    attempts: p.integer(),
    next_attempt_at: p.datetime(3).nullable(),
  },
});
export type Event = InferEntity<typeof Event>;
