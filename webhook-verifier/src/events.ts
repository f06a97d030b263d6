import type { NairaflowEvent, WebhookTestEvent } from './generated/events.ts';

export type {
  NairaflowEvent,
  PaymentIntentCanceledEvent,
  PaymentIntentFailedEvent,
  PaymentIntentSucceededEvent,
  RefundSucceededEvent,
  WebhookTestEvent,
} from './generated/events.ts';

/** The kinds of event, e.g. 'payment_intent.succeeded'. */
export type NairaflowEventType = NairaflowEvent['type'];

/**
 * Spec 6.3.6: a test event (the dashboard's "Send test event") carries no payment; answer it with
 * 200 and fulfil nothing. Narrows the event, so the other branch knows it is a real one.
 */
export function isTestEvent(event: NairaflowEvent): event is WebhookTestEvent {
  return event.type === 'webhook.test';
}
