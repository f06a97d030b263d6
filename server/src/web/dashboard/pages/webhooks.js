// Webhooks: the endpoint (see webhook-endpoint.js) and this mode's events, filtered by type.
import { h } from '../../shared/dom.js';
import { EVENT_TYPES, keysOf } from '../../shared/words.js';
import { ApiError, SessionEnded, api, v1 } from '../api.js';
import { eventsTable } from '../events-table.js';
import { here } from '../routes.js';
import { state } from '../state.js';
import { PAGE_SIZE, cursorQuery, heading, inlineError, pagerIfPaged, section } from '../ui.js';
import { endpointSection } from './webhook-endpoint.js';

/** @typedef {import('../../shared/words.js').Schemas} Schemas */

/** @type {import('../render.js').View} */
export async function viewWebhooks(route) {
  const type = route.query.get('type') ?? '';
  /** @type {[Schemas['WebhookEndpoint'] | null, Schemas['EventList'] | Error]} */
  const [endpoint, events] = await Promise.all([
    api('GET', v1('webhook_endpoint')).catch((err) => {
      if (err instanceof ApiError && err.status === 404) return null;
      throw err;
    }),
    api('GET', v1('events', { limit: PAGE_SIZE, type, ...cursorQuery(route) })).catch((err) => err),
  ]);
  if (events instanceof SessionEnded) throw events;

  const select = h(
    'select',
    { id: 'event-type-filter' },
    h('option', { value: '' }, 'All events'),
    keysOf(EVENT_TYPES).map((value) => h('option', { value, selected: value === type }, `${EVENT_TYPES[value]} (${value})`)),
  );
  select.addEventListener('change', () => {
    location.hash = here(['webhooks'], { type: select.value });
  });

  return h(
    'div',
    { class: 'view' },
    heading('Webhooks', { lead: `Nairaflow POSTs every ${state.mode}-mode event to your endpoint, signed with its secret.` }),
    endpointSection(endpoint),
    section(
      'Events',
      h('div', { class: 'toolbar' }, h('div', { class: 'field field-inline' }, h('label', { for: 'event-type-filter' }, 'Type'), select)),
      events instanceof Error
        ? inlineError(events)
        : [eventsTable(events.data, type === '' ? 'No events yet.' : `No ${type} events.`), pagerIfPaged(route, events, { type })],
    ),
  );
}
