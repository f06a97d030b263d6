// Payments: the list, newest first, found by what the merchant knows of a payment (an e-mail, a
// phone, an id, a word of its description), narrowed by how it stands and the days it was made. The
// filters live in the fragment's query, so a search can be shared, reloaded and gone back to; above
// the list, the figures of everything the filter finds; and the same payments as a CSV.
import { h, uniqueId } from '../../shared/dom.js';
import { clearFieldError, setBusy, setFieldError } from '../../shared/forms.js';
import { formatKobo } from '../../shared/money.js';
import { DISPLAY_STATUS, keysOf, wordsFor } from '../../shared/words.js';
import { api, v1 } from '../api.js';
import { here } from '../routes.js';
import { state } from '../state.js';
import { PAGE_SIZE, badge, busyButton, cursorQuery, formAlert, heading, link, pagerIfPaged, stat, table, timeEl } from '../ui.js';

/** @typedef {import('../../shared/words.js').Schemas} Schemas */
/** @typedef {{ q: string, status: Schemas['PaymentIntentDisplayStatus'] | '', from: string, to: string }} Filters */

/** How long a downloaded CSV's object URL is kept: long enough for the browser to start saving it. */
const DOWNLOAD_URL_LIFETIME_MS = 60_000;

/** @type {import('../render.js').View} */
export async function viewPayments(route) {
  const filters = filtersOf(route.query);
  /** @type {Schemas['PaymentIntentList']} */
  const list = await api('GET', v1('payment_intents', { limit: PAGE_SIZE, ...apiQuery(filters), include: 'totals', ...cursorQuery(route) }));

  return h(
    'div',
    { class: 'view' },
    heading('Payments', { lead: 'Newest first.' }),
    filterForm(filters),
    list.totals === undefined ? null : totalsOf(list.totals, filters),
    table({
      caption: 'Payments, newest first',
      columns: [{ label: 'Amount', class: 'num' }, { label: 'Description' }, { label: 'Customer' }, { label: 'Status' }, { label: 'Date' }],
      rows: list.data.map((pi) => {
        const status = wordsFor(DISPLAY_STATUS, pi.display_status)?.label ?? pi.display_status;
        return {
          linked: true,
          cells: [
            link(here(['payments', pi.id]), formatKobo(pi.amount), { class: 'row-link', 'aria-label': `${formatKobo(pi.amount)}, ${status}, ${pi.description || pi.id}` }),
            pi.description ? h('span', { class: 'truncate' }, pi.description) : h('span', { class: 'mono muted' }, pi.id),
            customerOf(pi),
            badge(DISPLAY_STATUS, pi.display_status),
            timeEl(pi.created_at, { short: true }),
          ],
        };
      }),
      empty: emptyText(filters),
    }),
    pagerIfPaged(route, list, filters),
  );
}

/**
 * The filters in the fragment's query; what is not a filter this page offers is left out.
 * @param {URLSearchParams} query
 * @returns {Filters}
 */
function filtersOf(query) {
  const status = query.get('status') ?? '';
  return {
    q: (query.get('q') ?? '').trim(),
    status: wordsFor(DISPLAY_STATUS, status) === undefined ? '' : /** @type {Schemas['PaymentIntentDisplayStatus']} */ (status),
    from: dayOrEmpty(query.get('from')),
    to: dayOrEmpty(query.get('to')),
  };
}

/**
 * The filters as the API takes them: the days become the merchant's own midnights (this browser's
 * time zone), the last day included.
 * @param {Filters} filters
 */
function apiQuery({ q, status, from, to }) {
  return { q, status, 'created[gte]': from === '' ? undefined : localMidnight(from), 'created[lt]': to === '' ? undefined : localMidnight(to, 1) };
}

/**
 * "2026-01-31" as it is, or "" for anything that is not a real day.
 * @param {string | null} text
 */
function dayOrEmpty(text) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text ?? '');
  if (match === null) return '';
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return date.getMonth() === Number(match[2]) - 1 && date.getDate() === Number(match[3]) ? /** @type {string} */ (text) : '';
}

/**
 * The Unix second at which the day `days` after "YYYY-MM-DD" starts, in this browser's time zone.
 * @param {string} day
 * @param {number} [days]
 */
function localMidnight(day, days = 0) {
  const [year, month, date] = day.split('-').map(Number);
  const midnight = new Date(0, 0, 1);
  // setFullYear, not the constructor: new Date(99, ...) would be 1999, not the year 99.
  midnight.setFullYear(/** @type {number} */ (year), /** @type {number} */ (month) - 1, /** @type {number} */ (date) + days);
  // Within what the API takes (Unix seconds from 1970 to the end of 9999): a day outside it finds
  // what the nearest bound would.
  return Math.min(Math.max(Math.floor(midnight.getTime() / 1000), 0), LAST_SECOND);
}

/** The API's largest `created[...]` (9999-12-31T23:59:59Z). */
const LAST_SECOND = 253402300799;

/**
 * The search box, the status, the days; submitting puts them in the fragment, which draws the list.
 * @param {Filters} filters
 */
function filterForm(filters) {
  const id = uniqueId('payments-filter');
  const q = h('input', {
    id: `${id}-q`,
    name: 'q',
    type: 'search',
    value: filters.q,
    maxlength: '200',
    autocomplete: 'off',
    spellcheck: 'false',
    enterkeyhint: 'search',
    'aria-describedby': `${id}-q-hint`,
  });
  const status = h(
    'select',
    { id: `${id}-status`, name: 'status' },
    h('option', { value: '' }, 'All payments'),
    keysOf(DISPLAY_STATUS).map((value) => h('option', { value, selected: value === filters.status }, DISPLAY_STATUS[value].label)),
  );
  const from = h('input', { id: `${id}-from`, name: 'from', type: 'date', value: filters.from });
  const to = h('input', { id: `${id}-to`, name: 'to', type: 'date', value: filters.to });
  const filtered = filters.q !== '' || filters.status !== '' || filters.from !== '' || filters.to !== '';

  const form = h(
    'form',
    { class: 'payments-filters', role: 'search', 'aria-label': 'Find payments', novalidate: true },
    h(
      'div',
      { class: 'field filter-search' },
      h('label', { for: q.id }, 'Search payments'),
      q,
      h('p', { class: 'hint', id: `${id}-q-hint` }, 'An e-mail, a phone number, a payment ID, a word of the description or a metadata value.'),
    ),
    h('div', { class: 'field' }, h('label', { for: status.id }, 'Status'), status),
    h('div', { class: 'field' }, h('label', { for: from.id }, 'From'), from),
    h('div', { class: 'field' }, h('label', { for: to.id }, 'To'), to, h('p', { class: 'field-error', id: `${to.id}-error`, hidden: true })),
    h(
      'div',
      { class: 'filter-actions' },
      h('button', { type: 'submit', class: 'button button-primary' }, 'Search'),
      filtered ? link(here(['payments']), 'Clear', { class: 'button button-quiet' }) : null,
    ),
  );
  const apply = () => {
    clearFieldError(to);
    if (from.value !== '' && to.value !== '' && to.value < from.value) {
      setFieldError(to, 'The last day is before the first day.');
      to.focus();
      return;
    }
    location.hash = here(['payments'], { q: q.value.trim(), status: status.value, from: from.value, to: to.value });
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    apply();
  });
  // A status is one choice, not typing: it applies at once.
  status.addEventListener('change', apply);
  return form;
}

/**
 * The figures of every payment the filter finds, all pages together, and their CSV.
 * @param {NonNullable<Schemas['PaymentIntentList']['totals']>} totals
 * @param {Filters} filters
 */
function totalsOf(totals, filters) {
  const titleId = uniqueId('totals');
  const alert = formAlert();
  const button = busyButton('Export CSV', { class: 'button button-secondary' });
  button.addEventListener('click', async () => {
    alert.textContent = '';
    setBusy(button, true);
    try {
      await downloadCsv(v1('payment_intents/export.csv', apiQuery(filters)), `payments-${state.mode}.csv`);
    } catch (err) {
      alert.textContent = err instanceof Error ? err.message : 'The export failed. Try again.';
    } finally {
      setBusy(button, false);
    }
  });
  return h(
    'section',
    { class: 'card payments-totals', 'aria-labelledby': titleId },
    h('div', { class: 'totals-head' }, h('h2', { class: 'card-title', id: titleId }, filtersSaid(filters)), button),
    h(
      'dl',
      { class: 'totals' },
      stat('Payments', totals.count.toLocaleString('en-NG')),
      stat('Gross volume', formatKobo(totals.volume)),
      stat('Service fees', formatKobo(totals.fees)),
      stat('Refunded', formatKobo(totals.refunded)),
      stat('Net to your balance', formatKobo(totals.net)),
    ),
    h('p', { class: 'hint' }, 'Volume, fees and refunds count the paid payments among them.'),
    alert,
  );
}

/**
 * What the totals are of, in words.
 * @param {Filters} filters
 */
function filtersSaid(filters) {
  return filters.q === '' && filters.status === '' && filters.from === '' && filters.to === '' ? 'All payments' : 'Payments this search finds';
}

/**
 * What the list says when it has nothing to show.
 * @param {Filters} filters
 */
function emptyText(filters) {
  if (filters.q !== '' || filters.from !== '' || filters.to !== '') return 'No payments match this search.';
  if (filters.status !== '') return `No payments are ${DISPLAY_STATUS[filters.status].label.toLowerCase()}.`;
  return state.mode === 'live'
    ? 'No live payments yet. They appear here once your server creates payment intents with your live key.'
    : 'No test payments yet. Create a payment intent with your test key and it appears here.';
}

/**
 * Who paid, as far as the payment says: the e-mail and the phone.
 * @param {Schemas['PaymentIntent']} pi
 */
function customerOf(pi) {
  const said = [pi.customer?.email, pi.customer?.phone].filter((part) => typeof part === 'string' && part !== '');
  return said.length === 0 ? '—' : h('span', { class: 'customer' }, said.join(' · '));
}

/**
 * Saves the CSV at `path` (a /v1 export) as a file. It is fetched with the session and this mode's
 * header, which a plain link could not send, then handed to the browser to save.
 * @param {string} path
 * @param {string} fallbackName the file's name when the answer does not give one
 */
async function downloadCsv(path, fallbackName) {
  let response;
  try {
    response = await fetch(path, { headers: { Accept: 'text/csv', 'Nairaflow-Mode': state.mode }, credentials: 'same-origin', cache: 'no-store', referrerPolicy: 'no-referrer' });
  } catch {
    throw new Error("Couldn't reach Nairaflow. Check your internet connection and try again.");
  }
  if (!response.ok) {
    const body = await response.json().catch(() => null);
    throw new Error(typeof body?.error?.message === 'string' ? body.error.message : `The export failed (HTTP ${response.status}). Try again.`);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const anchor = h('a', { href: url, download: name, hidden: true });
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_LIFETIME_MS);
}
