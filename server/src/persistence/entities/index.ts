import { ApiKey } from './api-key.ts';
import { Event } from './event.ts';
import { IdempotencyKey } from './idempotency-key.ts';
import { Merchant } from './merchant.ts';
import { PaymentAttempt } from './payment-attempt.ts';
import { PaymentIntent, PAYMENT_INTENT_STATUSES, type PaymentIntentStatus } from './payment-intent.ts';
import { Refund } from './refund.ts';
import { WebhookDelivery } from './webhook-delivery.ts';
import { WebhookEndpoint } from './webhook-endpoint.ts';

export { ApiKey, Event, IdempotencyKey, Merchant, PaymentAttempt, PaymentIntent, Refund, WebhookDelivery, WebhookEndpoint, PAYMENT_INTENT_STATUSES, type PaymentIntentStatus };
export const entities = [Merchant, ApiKey, PaymentIntent, IdempotencyKey, PaymentAttempt, Refund, Event, WebhookEndpoint, WebhookDelivery];
