// What the dashboard remembers between renders. One object, so every module reads the same session
// and mode.

/** @typedef {import('../shared/words.js').Schemas} Schemas */
/** @typedef {'test' | 'live'} Mode */
/** @typedef {{ anchor: string, text: string, tone?: 'success' | 'error' }} Flash */
/** @typedef {{ anchor: string, title: string, secret: string, note: string }} Reveal */

export const state = {
  /** The DashboardSession, or null when signed out. @type {Schemas['DashboardSession'] | null} */
  session: null,
  /** @type {Mode} */
  mode: 'test',
  /** Bumped by every render; an answer for an older one is dropped. */
  renderId: 0,
  /** The path of the last rendered route, to tell a new view from a new page of the same list. */
  renderedPath: '',
  /** A message for the next render to place near what it is about. @type {Flash | null} */
  flash: null,
  /** A secret to show once, by the next render. @type {Reveal | null} */
  reveal: null,
  /** The element the next render should focus instead of the heading. @type {HTMLElement | null} */
  focusAfterRender: null,
  /** Timers of the current view (polling), cleared by the next render. @type {number[]} */
  timers: [],
  /** @type {number | undefined} */
  expiryTimer: undefined,
};

/** Stops the current view's timers (a new render, signing out). */
export function clearTimers() {
  for (const timer of state.timers) window.clearTimeout(timer);
  state.timers = [];
}

/**
 * Runs `fn` after `ms`, unless the view is left first.
 * @param {number} ms
 * @param {() => void} fn
 */
export function later(ms, fn) {
  state.timers.push(window.setTimeout(fn, ms));
}
