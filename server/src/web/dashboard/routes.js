// The dashboard's address is its fragment: "#/test/payments?status=succeeded",
// "#/live/webhooks/events/evt_…". The mode comes first, so every link says which data it shows.
import { state } from './state.js';

/**
 * @typedef {object} Route
 * @property {import('./state.js').Mode} mode
 * @property {string} section "home", "payments", "balance", "webhooks", "api-keys"
 * @property {string[]} rest what follows the section (a payment's id; "events", an event's id)
 * @property {string} path the fragment's path, to tell a new view from another page of a list
 * @property {URLSearchParams} query
 */

/** The section the dashboard opens on: /dashboard, signing in, a fragment that names only a mode. */
export const DEFAULT_SECTION = 'home';

/**
 * The route in the fragment: no fragment at all is the default view, in test mode; null for one
 * that names no mode.
 * @returns {Route | null}
 */
export function parseRoute() {
  const raw = location.hash.replace(/^#\/?/, '');
  const [pathPart = '', queryPart = ''] = raw.split('?');
  let parts;
  try {
    parts = pathPart.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
  if (parts.length === 0) parts = ['test', DEFAULT_SECTION];
  const [mode, sectionName = DEFAULT_SECTION, ...rest] = parts;
  if (mode !== 'test' && mode !== 'live') return null;
  return { mode, section: sectionName, rest, path: parts.join('/'), query: new URLSearchParams(queryPart) };
}

/** @typedef {Record<string, string | null | undefined>} Query */

/**
 * The fragment for a view: hrefFor('live', ['payments', id]) -> "#/live/payments/pi_…".
 * @param {import('./state.js').Mode} mode
 * @param {string[]} parts
 * @param {Query} [query]
 */
export function hrefFor(mode, parts, query = {}) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') params.set(name, value);
  const search = params.toString();
  return `#/${mode}/${parts.map(encodeURIComponent).join('/')}${search === '' ? '' : `?${search}`}`;
}

/**
 * The fragment for a view in the mode being shown.
 * @param {string[]} parts
 * @param {Query} [query]
 */
export const here = (parts, query) => hrefFor(state.mode, parts, query);
