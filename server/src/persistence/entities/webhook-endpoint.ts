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
  },
});
export type WebhookEndpoint = InferEntity<typeof WebhookEndpoint>;
