import type { components } from '../../generated/openapi.ts';
import type { WebhookDelivery } from '../../persistence/entities/index.ts';

type Schemas = components['schemas'];

/** One attempt at delivering an event, scheduled or by hand, with what the receiver answered. */
export function presentDelivery(delivery: WebhookDelivery): Schemas['Delivery'] {
  return {
    id: delivery.id,
    event: delivery.event_id,
    attempt: delivery.attempt,
    trigger: delivery.trigger,
    url: delivery.url,
    started_at: delivery.started_at.toISOString(),
    // An attempt still under way has no result yet.
    duration_ms: delivery.duration_ms ?? 0,
    response_status: delivery.response_status ?? null,
    response_body: delivery.response_body ?? null,
    error: delivery.error ?? null,
    next_attempt_at: delivery.next_attempt_at?.toISOString() ?? null,
    receiver_clock_skew_seconds: delivery.receiver_clock_skew_seconds ?? null,
  };
}
