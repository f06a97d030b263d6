import type { components } from '../../generated/openapi.ts';
import type { Event } from '../../persistence/entities/index.ts';

type Schemas = components['schemas'];

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
