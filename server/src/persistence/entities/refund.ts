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
    /** Live mode: the money's way back to the card through the processor (pending, succeeded, failed); null in test mode. */
    destination_status: p.string().nullable(),
    /** The processor's id for the refund it made (Paystack's refund id). */
    processor_refund_id: p.string().nullable(),
    /** When the refund was (last) sent to the processor: after a lost answer, it is looked for before it is sent again. */
    destination_sent_at: p.datetime(3).nullable(),
    /** Why the processor failed the refund for good, in its words (for the operator; not shown to customers). */
    destination_failure: p.string().nullable(),
  },
});
export type Refund = InferEntity<typeof Refund>;
