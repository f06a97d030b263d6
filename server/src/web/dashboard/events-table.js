// The events table, on the webhooks page (all events) and a payment's page (its events).
import { DELIVERY_STATUS } from '../shared/words.js';
import { here } from './routes.js';
import { badge, link, table, timeEl } from './ui.js';

/** @typedef {import('../shared/words.js').Schemas['EventResource']} EventResource */

/**
 * Events with their delivery: what tells them apart (type, delivery, time) first, so on a phone,
 * where each row stacks into labelled lines, those lead; `compact` leaves out the attempts where
 * the column is narrow.
 * @param {EventResource[]} events
 * @param {string} empty
 * @param {{ compact?: boolean }} [options]
 */
export function eventsTable(events, empty, { compact = false } = {}) {
  /** @type {{ label: string, class?: string }[]} */
  const columns = [{ label: 'Event' }, { label: 'Delivery' }, { label: 'Created' }];
  if (!compact) columns.push({ label: 'Attempts', class: 'num' }, { label: 'Next attempt' });
  return table({
    caption: 'Events, newest first',
    columns,
    rows: events.map((event) => ({
      linked: true,
      cells: [
        link(here(['webhooks', 'events', event.id]), event.type, { class: 'row-link mono' }),
        badge(DELIVERY_STATUS, event.delivery_status),
        timeEl(event.created, { short: true }),
        String(event.attempts),
        timeEl(event.next_attempt_at, { short: true }),
      ].slice(0, columns.length),
    })),
    empty,
  });
}
