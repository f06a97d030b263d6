import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const Merchant = defineEntity({
  name: 'Merchant',
  tableName: 'merchants',
  properties: {
    id: p.string().primary(),
    name: p.string(),
    logo_url: p.string().nullable(),
    created_at: p.datetime(3),
  },
});
export type Merchant = InferEntity<typeof Merchant>;
