import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

// A merchant's secret key. Only its SHA-256 hash is kept: the key itself is shown once.
export const ApiKey = defineEntity({
  name: 'ApiKey',
  tableName: 'api_keys',
  properties: {
    id: p.string().primary(),
    merchant_id: p.string(),
    livemode: p.boolean(),
    key_hash: p.string(),
    last4: p.string(),
    created_at: p.datetime(3),
    revoked_at: p.datetime(3).nullable(),
  },
});
export type ApiKey = InferEntity<typeof ApiKey>;
