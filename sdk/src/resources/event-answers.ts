// Where the API's event answers take the webhook event types. The contract types an event's
// `data` as an open object, since its shape depends on `type`; the API returns the very JSON a
// delivery of the event sends, which the contract's webhooks type exactly (see EventResource).
import type { components } from '../generated/openapi.ts';
import type { EventList, EventResource } from '../types.ts';

type Schemas = components['schemas'];

export function asEvent(answer: Promise<Schemas['EventResource']>): Promise<EventResource> {
  return answer as Promise<EventResource>;
}

export function asEventList(answer: Promise<Schemas['EventList']>): Promise<EventList> {
  return answer as Promise<EventList>;
}
