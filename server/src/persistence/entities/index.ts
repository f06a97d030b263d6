import { ApiKey } from './api-key.ts';
import { IdempotencyKey } from './idempotency-key.ts';
import { Merchant } from './merchant.ts';
import { PaymentIntent } from './payment-intent.ts';

export { ApiKey, IdempotencyKey, Merchant, PaymentIntent };
export const entities = [Merchant, ApiKey, PaymentIntent, IdempotencyKey];
