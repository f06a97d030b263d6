// Payments: the list, newest first, filtered by status.
import { h } from '../../shared/dom.js';
import { formatKobo } from '../../shared/money.js';
import { PAYMENT_STATUS, keysOf, wordsFor } from '../../shared/words.js';
import { api, v1 } from '../api.js';
import { here } from '../routes.js';
import { state } from '../state.js';
import { PAGE_SIZE, badge, cursorQuery, heading, link, pagerIfPaged, table, timeEl } from '../ui.js';

/** @typedef {import('../../shared/words.js').Schemas} Schemas */

/** @type {import('../render.js').View} */
export async function viewPayments(route) {
  const status = route.query.get('status') ?? '';
  /** @type {Schemas['PaymentIntentList']} */
  const list = await api('GET', v1('payment_intents', { limit: PAGE_SIZE, status, ...cursorQuery(route) }));

  const select = h(
    'select',
    { id: 'status-filter', name: 'status' },
    h('option', { value: '' }, 'All payments'),
    keysOf(PAYMENT_STATUS).map((value) => h('option', { value, selected: value === status }, PAYMENT_STATUS[value].label)),
  );
  select.addEventListener('change', () => {
    location.hash = here(['payments'], { status: select.value });
  });

  const empty =
    status !== ''
      ? `No payments are ${wordsFor(PAYMENT_STATUS, status)?.label.toLowerCase() ?? status}.`
      : state.mode === 'live'
        ? 'No live payments yet. They appear here once your server creates payment intents with your live key.'
        : 'No test payments yet. Create a payment intent with your test key and it appears here.';

  return h(
    'div',
    { class: 'view' },
    heading('Payments', { lead: 'Newest first.' }),
    h('div', { class: 'toolbar' }, h('div', { class: 'field field-inline' }, h('label', { for: 'status-filter' }, 'Status'), select)),
    table({
      caption: 'Payments, newest first',
      columns: [
        { label: 'Amount', class: 'num' },
        { label: 'Status', class: 'optional' },
        { label: 'Description', class: 'optional' },
        { label: 'Customer', class: 'optional' },
        { label: 'Created' },
      ],
      rows: list.data.map((pi) => ({
        linked: true,
        cells: [
          [
            link(here(['payments', pi.id]), formatKobo(pi.amount), { class: 'row-link', 'aria-label': `${formatKobo(pi.amount)}, ${wordsFor(PAYMENT_STATUS, pi.status)?.label ?? pi.status}, ${pi.description || pi.id}` }),
            // On a phone the status column is folded in here (the link's name already says it).
            h('span', { class: 'phone-only', 'aria-hidden': 'true' }, badge(PAYMENT_STATUS, pi.status)),
          ],
          badge(PAYMENT_STATUS, pi.status),
          pi.description ? h('span', { class: 'truncate' }, pi.description) : h('span', { class: 'mono muted' }, pi.id),
          pi.customer?.email ?? '—',
          timeEl(pi.created_at, { short: true }),
        ],
      })),
      empty,
    }),
    pagerIfPaged(route, list, { status }),
  );
}
