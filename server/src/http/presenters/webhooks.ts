import type { components } from '../../generated/openapi.ts';
import type { Event, WebhookDelivery } from '../../persistence/entities/index.ts';
import type { EndpointView } from '../../domain/webhook-endpoints.ts';

type Schemas = components['schemas'];

export function presentEndpoint({ endpoint, previousSecretExpiresAt }: EndpointView): Schemas['WebhookEndpoint'] {
  return {
    id: endpoint.id,
    livemode: endpoint.livemode,
    url: endpoint.url,
    created_at: endpoint.created_at.toISOString(),
    updated_at: endpoint.updated_at.toISOString(),
    previous_secret_expires_at: previousSecretExpiresAt?.toISOString() ?? null,
    failing_since: endpoint.failing_since?.toISOString() ?? null,
    disabled_at: endpoint.disabled_at?.toISOString() ?? null,
    disabled_reason: endpoint.disabled_reason ?? null,
  };
}

/** An event as the API lists it: the delivered envelope, plus how its delivery is going. */
export function presentEvent(event: Event): Schemas['EventResource'] {
  const envelope = JSON.parse(event.payload) as Pick<Schemas['EventResource'], 'id' | 'type' | 'created' | 'livemode' | 'sequence' | 'data'>;
  return {
    ...envelope,
    delivery_status: event.delivery_status,
    attempts: event.attempts,
    next_attempt_at: event.next_attempt_at?.toISOString() ?? null,
  };
}

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
