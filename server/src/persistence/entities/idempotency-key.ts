import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

// The remembered first 2xx answer to a request sent with an Idempotency-Key.
export const IdempotencyKey = defineEntity({
  name: 'IdempotencyKey',
  tableName: 'idempotency_keys',
  properties: {
    merchant_id: p.string().primary(),
    livemode: p.boolean().primary(),
    key: p.string().primary(),
    operation: p.string(),
    fingerprint: p.string(),
    response_status: p.integer(),
    response_body: p.text(),
    created_at: p.datetime(3),
  },
});
export type IdempotencyKey = InferEntity<typeof IdempotencyKey>;
