// What the sheet remembers while it is open.
import { setBusy as setButtonBusy } from '../shared/forms.js';

/** @typedef {import('../shared/words.js').Schemas['CheckoutView']} CheckoutView */

/** How often the processing state asks whether the bank has answered. */
export const POLL_MS = 1000;

export const state = {
  /** The client secret from the page's URL: the only credential, sent to this origin's API only. */
  secret: '',
  /** The payment intent's id, the secret's first part. */
  intentId: '',
  /** The last CheckoutView the API gave. @type {CheckoutView | null} */
  view: null,
  /** A submit is out: blur checks and another submit wait for it. */
  busy: false,
  /** @type {number | undefined} */
  pollTimer: undefined,
  pollDelay: POLL_MS,
  /** Set once the customer is on their way back to the merchant, so that it happens once. */
  returning: false,
  /** The step the card issuer asked for, while the step view shows. @type {'' | import('./screens.js').Step} */
  step: '',
};

/**
 * The sheet is waiting for an answer to `button`'s submit.
 * @param {HTMLButtonElement} button
 * @param {boolean} busy
 */
export function setBusy(button, busy) {
  state.busy = busy;
  setButtonBusy(button, busy);
}
