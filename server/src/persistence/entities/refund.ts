import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const Refund = defineEntity({
  name: 'Refund',
  tableName: 'refunds',
  properties: {
    id: p.string().primary(),
    merchant_id: p.string(),
    livemode: p.boolean(),
    payment_intent_id: p.string(),
    amount: p.bigint('bigint'),
    status: p.string(),
    created_at: p.datetime(3),
  },
});
export type Refund = InferEntity<typeof Refund>;
