import type { components } from '../../generated/openapi.ts';
import type { EndpointView } from '../../domain/webhook-endpoints.ts';

type Schemas = components['schemas'];

/** The merchant's webhook endpoint in one mode (its secret is never shown here). */
export function presentEndpoint({ endpoint, previousSecretExpiresAt, lastError }: EndpointView): Schemas['WebhookEndpoint'] {
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
    last_succeeded_at: endpoint.last_succeeded_at?.toISOString() ?? null,
    last_error: lastError,
  };
}
