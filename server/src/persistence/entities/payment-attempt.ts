import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const PAYMENT_ATTEMPT_STATUSES = ['requires_otp', 'requires_action', 'processing', 'succeeded', 'failed', 'abandoned'] as const;

/** One try at paying an intent. Only the card's brand and last four digits are kept. */
export const PaymentAttempt = defineEntity({
  name: 'PaymentAttempt',
  tableName: 'payment_attempts',
  properties: {
    id: p.string().primary(),
    payment_intent_id: p.string(),
    livemode: p.boolean(),
    method: p.string(),
    card_brand: p.string(),
    card_last4: p.string(),
    status: p.enum(PAYMENT_ATTEMPT_STATUSES),
    failure_code: p.string().nullable(),
    /** Who was asked to charge the card: simulator, sandbox or paystack (null on attempts from before it was kept). */
    processor: p.string().nullable(),
    /** The processor's handle on the charge: our reference for it (the attempt's id with `-` for `_`), or the simulator's. */
    processor_reference: p.string().nullable(),
    /** What the processor kept of a succeeded charge, in kobo (the ledger's processor_fees). */
    processor_fee: p.bigint('bigint').nullable(),
    created_at: p.datetime(3),
    completed_at: p.datetime(3).nullable(),
    /** How often the processor has been asked about a processing attempt without an answer. */
    checks: p.integer(),
    /** When to ask the processor about a processing attempt (next). */
    next_check_at: p.datetime(3).nullable(),
    /** Who made it (a client key), for failures that come after its request was answered. */
    client: p.string().nullable(),
  },
});
export type PaymentAttempt = InferEntity<typeof PaymentAttempt>;
