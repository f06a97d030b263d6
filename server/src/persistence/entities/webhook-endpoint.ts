import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** A merchant's one webhook endpoint per mode. Its signing secrets live in webhook_secrets. */
export const WebhookEndpoint = defineEntity({
  name: 'WebhookEndpoint',
  tableName: 'webhook_endpoints',
  properties: {
    id: p.string().primary(),
    merchant_id: p.string(),
    livemode: p.boolean(),
    url: p.string(),
    created_at: p.datetime(3),
    updated_at: p.datetime(3),
    /** When its current run of failed deliveries began; null after a success. */
    failing_since: p.datetime(3).nullable(),
    /** Set when it was disabled for failing too long; cleared by setting its URL again. */
    disabled_at: p.datetime(3).nullable(),
    disabled_reason: p.string().nullable(),
    /** When a delivery to it last succeeded (written at most once a minute); null if none has. */
    last_succeeded_at: p.datetime(3).nullable(),
  },
});
export type WebhookEndpoint = InferEntity<typeof WebhookEndpoint>;
