import type { components } from '../../generated/openapi.ts';
import type { ApiKeyView } from '../../domain/api-keys.ts';
import type { DashboardSession } from '../../domain/dashboard-sessions.ts';

type Schemas = components['schemas'];

export function presentSession(session: DashboardSession): Schemas['DashboardSession'] {
  return {
    user: session.user,
    merchant: session.merchant,
    csrf_token: session.csrfToken,
    expires_at: session.expiresAt.toISOString(),
    password_confirmed_until: session.passwordConfirmedUntil?.toISOString() ?? null,
  };
}

export function presentApiKey(key: ApiKeyView): Schemas['ApiKey'] {
  return {
    id: key.id,
    livemode: key.livemode,
    prefix: key.livemode ? 'sk_live_' : 'sk_test_',
    last4: key.last4,
    created_at: key.created_at.toISOString(),
  };
}
