import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** One attempt at delivering an event, scheduled or by hand, with what the endpoint answered. */
export const WebhookDelivery = defineEntity({
  name: 'WebhookDelivery',
  tableName: 'webhook_deliveries',
  properties: {
    id: p.string().primary(),
    event_id: p.string(),
    attempt: p.integer(),
    trigger: p.enum(['scheduled', 'manual'] as const),
    schedule_step: p.integer().nullable(),
    url: p.string(),
    started_at: p.datetime(3),
    finished_at: p.datetime(3).nullable(),
    duration_ms: p.integer().nullable(),
    response_status: p.integer().nullable(),
    response_body: p.text().nullable(),
    error: p.text().nullable(),
    next_attempt_at: p.datetime(3).nullable(),
    receiver_clock_skew_seconds: p.integer().nullable(),
  },
});
export type WebhookDelivery = InferEntity<typeof WebhookDelivery>;
