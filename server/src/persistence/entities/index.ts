import { ApiKey } from './api-key.ts';
import { IdempotencyKey } from './idempotency-key.ts';
import { Merchant } from './merchant.ts';
import { PaymentIntent, PAYMENT_INTENT_STATUSES, type PaymentIntentStatus } from './payment-intent.ts';

export { ApiKey, IdempotencyKey, Merchant, PaymentIntent, PAYMENT_INTENT_STATUSES, type PaymentIntentStatus };
export const entities = [Merchant, ApiKey, PaymentIntent, IdempotencyKey];
