// The pieces every dashboard view is built from: headings, cards, tables, badges, times, pagers,
// and the places a message or a one-time secret appears after an action.
import { h, uniqueId } from '../shared/dom.js';
import { setFieldError } from '../shared/forms.js';
import { ApiError, SessionEnded } from './api.js';
import { here } from './routes.js';

/** How many rows a page of a list shows. */
export const PAGE_SIZE = 20;

/** @typedef {import('../shared/dom.js').Children} Children */
/** @typedef {import('./routes.js').Route} Route */

/**
 * A coloured badge with the words for `value`; a value without words shows as it is.
 * @param {Record<string, import('../shared/words.js').StatusWords>} map
 * @param {string} value
 */
export function badge(map, value) {
  const known = Object.hasOwn(map, value) ? map[value] : undefined;
  return h('span', { class: `badge badge-${known?.tone ?? 'neutral'}` }, known?.label ?? value);
}

/**
 * @param {string} href
 * @param {Children} text
 * @param {Record<string, unknown>} [props]
 */
export function link(href, text, props = {}) {
  return h('a', { href, ...props }, text);
}

/**
 * JSON, pretty-printed in a focusable (scrollable by keyboard) block.
 * @param {unknown} json
 */
export function pre(json) {
  return h('pre', { class: 'code', tabindex: '0' }, JSON.stringify(json, null, 2));
}

/** @typedef {[label: string, value: Children]} DetailRow */

/**
 * A <dl> from [label, value] rows; rows whose value is undefined are left out, null shows as "—".
 * @param {DetailRow[]} rows
 * @param {string} [className]
 */
export function detailList(rows, className = 'details') {
  return h(
    'dl',
    { class: className },
    rows.filter(([, value]) => value !== undefined).map(([label, value]) => h('div', { class: 'detail' }, h('dt', {}, label), h('dd', {}, value ?? '—'))),
  );
}

/**
 * @typedef {object} Table
 * @property {string} caption read out, not shown
 * @property {{ label: string, class?: string }[]} columns
 * @property {{ cells: Children[], linked?: boolean }[]} rows the first cell heads its row
 * @property {string} empty said instead of an empty table
 */

/**
 * A table in its own container, so a wide one never widens the page. On a phone (up to 640 px)
 * each row becomes a stacked card: every cell on its own line, labelled with its column
 * (`data-label`), so nothing that tells rows apart is hidden or off to the side.
 * @param {Table} table
 */
export function table({ caption, columns, rows, empty }) {
  if (rows.length === 0) return h('p', { class: 'empty', 'data-list-top': '', tabindex: '-1' }, empty);
  const wrapId = uniqueId('table');
  return h(
    'div',
    { class: 'table-wrap', role: 'region', 'aria-labelledby': `${wrapId}-caption`, tabindex: '0', 'data-list-top': '' },
    h(
      'table',
      { class: 'table' },
      h('caption', { class: 'visually-hidden', id: `${wrapId}-caption` }, caption),
      h('thead', {}, h('tr', {}, columns.map((c) => h('th', { scope: 'col', class: c.class }, c.label)))),
      h(
        'tbody',
        {},
        rows.map((row) =>
          h(
            'tr',
            { class: row.linked ? 'row-linked' : undefined },
            columns.map((c, i) => h(i === 0 ? 'th' : 'td', { scope: i === 0 ? 'row' : undefined, class: c.class, 'data-label': c.label }, row.cells[i])),
          ),
        ),
      ),
    ),
  );
}

/**
 * A card with its own heading, named by it.
 * @param {string} title
 * @param {...Children} children
 */
export function section(title, ...children) {
  const id = uniqueId('section');
  return h('section', { class: 'card', 'aria-labelledby': id }, h('h2', { class: 'card-title', id }, title), children);
}

/**
 * The view's h1 (focused after navigation), with a lead line and anything beside it.
 * @param {string} text
 * @param {{ lead?: Children, extra?: Children }} [options]
 */
export function heading(text, { lead, extra } = {}) {
  return h('div', { class: 'page-head' }, h('div', {}, h('h1', { class: 'page-title', tabindex: '-1' }, text), lead ? h('p', { class: 'lead' }, lead) : null), extra ?? null);
}

/**
 * @param {string} href
 * @param {string} text
 */
export function backLink(href, text) {
  return h('p', { class: 'back' }, h('a', { href }, h('span', { 'aria-hidden': 'true' }, '← '), text));
}

/**
 * @param {string} label
 * @param {Children} value
 */
export function stat(label, value) {
  return h('div', { class: 'stat' }, h('dt', {}, label), h('dd', {}, value));
}

function utcText(/** @type {Date} */ date) {
  return date.toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
}

/**
 * A <time> in the viewer's local time, with the UTC time in its title; "—" for none. `value` is an
 * ISO string or Unix seconds (events' `created`). `short` leaves out the seconds (in tables).
 * @param {string | number | null | undefined} value
 * @param {{ short?: boolean }} [options]
 * @returns {HTMLElement | string}
 */
export function timeEl(value, { short = false } = {}) {
  if (value === null || value === undefined) return h('span', { class: 'none' }, '—');
  const date = typeof value === 'number' ? new Date(value * 1000) : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const text = date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: short ? 'short' : 'medium' });
  return h('time', { datetime: date.toISOString(), title: utcText(date) }, text);
}

/**
 * Previous / Next for a list answered with `starting_after` or `ending_before`.
 * @param {Route} route
 * @param {{ data: { id: string }[], has_more: boolean }} list
 * @param {Record<string, string>} baseQuery the list's filters, kept from page to page
 */
export function pager(route, list, baseQuery) {
  const after = route.query.get('starting_after');
  const before = route.query.get('ending_before');
  const first = list.data[0]?.id;
  const last = list.data.at(-1)?.id;
  const hasPrevious = before !== null ? list.has_more : after !== null;
  const hasNext = before !== null ? true : list.has_more;
  /** @param {Record<string, string | undefined>} query */
  const go = (query) => () => {
    location.hash = here([route.section, ...route.rest], { ...baseQuery, ...query });
  };
  return h(
    'nav',
    { class: 'pager', 'aria-label': 'Pages' },
    h('button', { type: 'button', class: 'button button-secondary button-small', disabled: !hasPrevious || first === undefined, onclick: go({ ending_before: first }) }, '← Previous'),
    h('button', { type: 'button', class: 'button button-secondary button-small', disabled: !hasNext || last === undefined, onclick: go({ starting_after: last }) }, 'Next →'),
  );
}

/**
 * The pager for a list, once there is more than one page of it to go through.
 * @param {Route} route
 * @param {{ data: { id: string }[], has_more: boolean }} list
 * @param {Record<string, string>} baseQuery
 */
export function pagerIfPaged(route, list, baseQuery) {
  const paged = list.data.length > 0 || route.query.has('starting_after') || route.query.has('ending_before');
  return paged ? pager(route, list, baseQuery) : null;
}

/**
 * The cursor of the list page in the route, for the API.
 * @param {Route} route
 */
export function cursorQuery(route) {
  return { starting_after: route.query.get('starting_after') ?? undefined, ending_before: route.query.get('ending_before') ?? undefined };
}

/**
 * A section whose data failed to load says so in place; the rest of the page still works.
 * @param {unknown} err
 */
export function inlineError(err) {
  if (err instanceof SessionEnded) throw err;
  return h('p', { class: 'inline-error', role: 'alert' }, err instanceof ApiError ? err.message : 'Could not load this part of the page.');
}

/**
 * Shows an API error in words in the form's alert, or beside the field it names.
 * @param {HTMLElement} alertEl
 * @param {unknown} err
 * @param {Record<string, HTMLInputElement>} [fields] by the API's `param`
 */
export function showFormError(alertEl, err, fields = {}) {
  if (err instanceof SessionEnded) return;
  const message = err instanceof ApiError ? err.message : 'Something went wrong. Try again.';
  const input = err instanceof ApiError && err.param !== undefined ? fields[err.param] : undefined;
  if (input !== undefined) {
    setFieldError(input, message);
    input.focus();
    alertEl.textContent = '';
  } else {
    alertEl.textContent = message;
  }
}

/**
 * A page for something that is not there (an id of the other mode, a mistyped link).
 * @param {string} title
 * @param {string} message
 * @param {string} href
 * @param {string} linkText
 */
export function viewMissing(title, message, href, linkText) {
  return h('div', { class: 'view' }, heading(title), h('p', { class: 'lead' }, message), h('p', {}, link(href, linkText)));
}

/**
 * A button with a spinner that shows while it is busy (see setBusy).
 * @param {string} text
 * @param {{ type?: 'button' | 'submit', class: string }} props
 */
export function busyButton(text, { type = 'button', class: className }) {
  return h('button', { type, class: className }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), h('span', {}, text));
}

/** An empty alert a form fills with what went wrong (role=alert reads it out). */
export const formAlert = () => h('div', { class: 'alert alert-error', role: 'alert' });
