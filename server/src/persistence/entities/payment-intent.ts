import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const PAYMENT_INTENT_STATUSES = ['requires_authentication', 'processing', 'succeeded', 'canceled'] as const;
export type PaymentIntentStatus = (typeof PAYMENT_INTENT_STATUSES)[number];

export const PaymentIntent = defineEntity({
  name: 'PaymentIntent',
  tableName: 'payment_intents',
  properties: {
    id: p.string().primary(),
    merchant_id: p.string(),
    livemode: p.boolean(),
    amount: p.bigint('bigint'),
    currency: p.string(),
    description: p.string(),
    metadata: p.json<Record<string, unknown>>(),
    status: p.enum(PAYMENT_INTENT_STATUSES),
    method: p.string().nullable(),
    customer_email: p.string().nullable(),
    customer_phone: p.string().nullable(),
    // The client secret authenticates the customer's browser; like API keys, only its hash is kept.
    client_secret_hash: p.string(),
    amount_refunded: p.bigint('bigint'),
    service_fee: p.bigint('bigint').nullable(),
    last_error: p.string().nullable(),
    next_action: p.string().nullable(),
    /** The processor's words for the step in next_action (filtered to plain text), or null for our own. */
    next_action_message: p.string().nullable(),
    cancellation_reason: p.string().nullable(),
    // The merchant's page the payment sheet sends the customer back to; null when none was given.
    return_url: p.string().nullable(),
    created_at: p.datetime(3),
    expires_at: p.datetime(3),
    succeeded_at: p.datetime(3).nullable(),
    canceled_at: p.datetime(3).nullable(),
    /** When a live payment's net leaves the pending balance for the available one; null in test mode. */
    funds_available_at: p.datetime(3).nullable(),
    /** When it did. */
    funds_settled_at: p.datetime(3).nullable(),
  },
});
export type PaymentIntent = InferEntity<typeof PaymentIntent>;
