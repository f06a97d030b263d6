// Webhooks: the endpoint (see webhook-endpoint.js) and this mode's events, filtered by type and by
// delivery status (both in the address, so a filtered list can be linked to and reloaded).
import { h } from '../../shared/dom.js';
import { DELIVERY_STATUS, EVENT_TYPES, keysOf, wordsFor } from '../../shared/words.js';
import { ApiError, SessionEnded, api, v1 } from '../api.js';
import { eventsTable } from '../events-table.js';
import { here } from '../routes.js';
import { state } from '../state.js';
import { PAGE_SIZE, cursorQuery, heading, inlineError, link, pagerIfPaged, section } from '../ui.js';
import { endpointSection } from './webhook-endpoint.js';

/** @typedef {import('../../shared/words.js').Schemas} Schemas */

/** @type {import('../render.js').View} */
export async function viewWebhooks(route) {
  // A value the API does not know (an old or mistyped link) filters nothing rather than failing the list.
  const type = wordsFor(EVENT_TYPES, route.query.get('type')) === undefined ? '' : /** @type {string} */ (route.query.get('type'));
  const status = wordsFor(DELIVERY_STATUS, route.query.get('delivery_status')) === undefined ? '' : /** @type {string} */ (route.query.get('delivery_status'));
  const filters = { type, delivery_status: status };
  /** @type {[Schemas['WebhookEndpoint'] | null, Schemas['EventList'] | Error]} */
  const [endpoint, events] = await Promise.all([
    api('GET', v1('webhook_endpoint')).catch((err) => {
      if (err instanceof ApiError && err.status === 404) return null;
      throw err;
    }),
    api('GET', v1('events', { limit: PAGE_SIZE, ...filters, ...cursorQuery(route) })).catch((err) => err),
  ]);
  if (events instanceof SessionEnded) throw events;

  const typeSelect = h(
    'select',
    { id: 'event-type-filter' },
    h('option', { value: '' }, 'All events'),
    keysOf(EVENT_TYPES).map((value) => h('option', { value, selected: value === type }, `${EVENT_TYPES[value]} (${value})`)),
  );
  const statusSelect = h(
    'select',
    { id: 'event-status-filter' },
    h('option', { value: '' }, 'Any'),
    keysOf(DELIVERY_STATUS).map((value) => h('option', { value, selected: value === status }, DELIVERY_STATUS[value].label)),
  );
  const filter = () => {
    location.hash = here(['webhooks'], { type: typeSelect.value, delivery_status: statusSelect.value });
  };
  typeSelect.addEventListener('change', filter);
  statusSelect.addEventListener('change', filter);
  const filtered = type !== '' || status !== '';

  return h(
    'div',
    { class: 'view view-webhooks' },
    heading('Webhooks', { lead: `Nairaflow POSTs every ${state.mode}-mode event to your endpoint, signed with its secret.` }),
    endpointSection(endpoint),
    section(
      'Events',
      h(
        'div',
        { class: 'events-filters' },
        h('div', { class: 'field' }, h('label', { for: 'event-type-filter' }, 'Type'), typeSelect),
        h('div', { class: 'field' }, h('label', { for: 'event-status-filter' }, 'Delivery'), statusSelect),
      ),
      events instanceof Error
        ? inlineError(events)
        : [
            eventsTable(events.data, emptyText(type, status)),
            filtered && events.data.length === 0 ? h('p', {}, link(here(['webhooks']), 'Show all events')) : null,
            pagerIfPaged(route, events, filters),
          ],
    ),
  );
}

/**
 * What an empty list says, naming its filters: "No webhook.test events with delivery “Pending”."
 * @param {string} type
 * @param {string} status
 */
function emptyText(type, status) {
  const label = wordsFor(DELIVERY_STATUS, status)?.label;
  if (type === '' && label === undefined) return 'No events yet.';
  return `No ${type === '' ? '' : `${type} `}events${label === undefined ? '' : ` with delivery “${label}”`}.`;
}
