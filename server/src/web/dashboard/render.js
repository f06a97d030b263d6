// Drawing the view the fragment names into <main>, and moving focus the way a screen reader user
// expects: to the new view's heading, to the top of a list's next page, or to a message after an action.
import { h } from '../shared/dom.js';
import { ApiError, SessionEnded } from './api.js';
import { els, renderChrome } from './chrome.js';
import { DEFAULT_SECTION, here, hrefFor, parseRoute } from './routes.js';
import { clearTimers, state } from './state.js';
import { heading, viewMissing } from './ui.js';

/**
 * A view: draws the route, or throws (an ApiError is shown in words). `current` says whether the
 * view is still the one on screen, for answers that come later (polling).
 * @typedef {(route: import('./routes.js').Route, current: () => boolean) => Promise<Node> | Node} View
 */

/** @type {(route: import('./routes.js').Route) => View | undefined} */
let viewFor = () => undefined;

/**
 * Which view draws which route; set once by dashboard.js (the pages call render, so they cannot
 * be imported here).
 * @param {typeof viewFor} table
 */
export function routeViews(table) {
  viewFor = table;
}

/**
 * Draws the route in the fragment. focus: 'heading' (a new view: its h1), 'list' (another page of
 * the same list), 'none' (a refresh after an action; a flash or revealed secret takes focus).
 * @param {{ focus?: 'heading' | 'list' | 'none' }} [options]
 * @returns {Promise<void>}
 */
export async function render({ focus = 'heading' } = {}) {
  if (state.session === null) return;
  const route = parseRoute();
  if (route === null) {
    location.replace(hrefFor('test', [DEFAULT_SECTION]));
    return;
  }
  clearTimers();
  const id = ++state.renderId;
  state.mode = route.mode;
  renderChrome(route);
  const samePath = state.renderedPath === route.path;
  if (!samePath) {
    els.main.replaceChildren(h('div', { class: 'loading' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), h('p', {}, 'Loading…')));
  }
  els.main.setAttribute('aria-busy', 'true');

  const view = viewFor(route) ?? viewNotFound;
  let node;
  try {
    node = await view(route, () => id === state.renderId);
  } catch (err) {
    if (err instanceof SessionEnded || id !== state.renderId) return;
    node = viewError(err);
  }
  if (id !== state.renderId) return;
  els.main.replaceChildren(node);
  els.main.removeAttribute('aria-busy');
  state.renderedPath = route.path;
  state.flash = null;
  state.reveal = null;

  const title = els.main.querySelector('h1');
  document.title = `${title?.textContent ?? 'Dashboard'} · ${route.mode === 'test' ? 'Test · ' : ''}Nairaflow`;
  const target = state.focusAfterRender;
  state.focusAfterRender = null;
  if (target?.isConnected) target.focus();
  else if (focus === 'heading' || (focus === 'list' && !samePath)) title?.focus();
  else if (focus === 'list') (/** @type {HTMLElement | null} */ (els.main.querySelector('[data-list-top]')) ?? title)?.focus();
}

/**
 * Redraws the current view after an action, with a message near what it changed.
 * @param {import('./state.js').Flash} [flash]
 */
export function refresh(flash) {
  state.flash = flash ?? null;
  return render({ focus: 'none' });
}

/** @type {View} */
function viewNotFound() {
  return viewMissing('Page not found', 'This dashboard page does not exist.', here([DEFAULT_SECTION]), 'Go to Home');
}

/** @param {unknown} err */
function viewError(err) {
  const message = err instanceof ApiError ? err.message : 'Something went wrong while loading this page.';
  return h(
    'div',
    { class: 'view' },
    heading("This page didn't load"),
    h('p', { class: 'inline-error', role: 'alert' }, message),
    h('button', { type: 'button', class: 'button button-secondary', onclick: () => void render({ focus: 'heading' }) }, 'Try again'),
  );
}
