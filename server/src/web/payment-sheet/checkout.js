// The payment intent as the checkout API shows it, and the view each state calls for: loaded at
// start, looked at again while processing, and after every answer to the customer's actions.
import { request } from '../shared/api.js';
import { formatKobo } from '../shared/money.js';
import { declineMessage, showForm, showFormAlert, showNotFound, showOtp, showProcessing, showStep, showSuccess, showTerminal, showView } from './screens.js';
import { POLL_MS, state } from './state.js';
import { renderSummary } from './summary.js';

/** @typedef {import('./state.js').CheckoutView} CheckoutView */

/** Polling slows down to this after errors (429, network) so a struggling server is not hammered. */
const POLL_MAX_MS = 8000;

/**
 * A call to the checkout API: the client secret is the credential, so no cookie goes with it.
 * @param {'GET' | 'POST'} method
 * @param {string} path
 * @param {unknown} [body]
 */
export const checkoutRequest = (method, path, body) => request(method, path, { body, credentials: 'omit' });

const checkoutPath = () => `/v1/payment_intents/${encodeURIComponent(state.intentId)}/checkout?client_secret=${encodeURIComponent(state.secret)}`;

/**
 * The path of one of the customer's actions: confirm, otp, authenticate.
 * @param {'confirm' | 'otp' | 'authenticate'} action
 */
export const actionPath = (action) => `/v1/payment_intents/${encodeURIComponent(state.intentId)}/${action}`;

/**
 * Shows whatever the intent's state calls for. `afterAttempt` is true when the view answers the
 * customer's own action (a submit, or the end of processing), so failures are spelt out and focus moves.
 * @param {CheckoutView} view
 * @param {boolean} [afterAttempt]
 */
export function render(view, afterAttempt = false) {
  state.view = view;
  stopPolling();
  renderSummary(view);
  document.title = `Pay ${formatKobo(view.amount)} to ${view.merchant_name}`;

  if (view.status === 'succeeded') return showSuccess(view, afterAttempt);
  if (view.status === 'processing') {
    showProcessing(afterAttempt);
    state.pollDelay = POLL_MS;
    return schedulePoll();
  }
  if (view.status === 'canceled') {
    if (view.cancellation_reason === 'too_many_failed_attempts') {
      return showTerminal(
        'This payment was blocked',
        `Too many payment attempts failed, so this payment can no longer be made here. Nothing was charged. Go back to ${view.merchant_name} to start again.`,
      );
    }
    return view.cancellation_reason === 'expired' || isExpired(view)
      ? showTerminal('This payment link has expired', `Ask ${view.merchant_name} for a new payment link.`)
      : showTerminal('This payment was canceled', `${view.merchant_name} canceled this payment, so it can no longer be paid. Nothing was charged. Ask them for a new payment link if you still want to pay.`);
  }
  if (isExpired(view)) {
    return showTerminal('This payment link has expired', `Nothing was charged. Ask ${view.merchant_name} for a new payment link.`);
  }
  if (view.next_action?.type === 'otp') return showOtp(afterAttempt, view.livemode ? view.next_action.message : '');
  if (view.next_action) return showStep(view.next_action, afterAttempt);
  return showForm(afterAttempt && view.last_error ? declineMessage(view.last_error) : '', afterAttempt);
}

/** @param {CheckoutView} view */
function isExpired(view) {
  const at = Date.parse(view.expires_at);
  return Number.isFinite(at) && Date.now() >= at;
}

/** The link names no payment the API knows. */
export function notFound() {
  stopPolling();
  showNotFound();
}

/** The first look at the intent, when the page opens (and Try again after it failed). */
export async function load() {
  showView('loading');
  let res;
  try {
    res = await checkoutRequest('GET', checkoutPath());
  } catch {
    return showTerminal("We couldn't load this payment", 'Check your internet connection and try again.', load);
  }
  if (res.status === 200 && res.body) return render(res.body);
  if (res.status === 404) return notFound();
  if (res.status === 429) return showTerminal('Too many requests', 'Please wait a few seconds, then try again.', load);
  showTerminal("We couldn't load this payment", 'Something went wrong on our side. Please try again in a moment.', load);
}

/** After a refused action: show the intent as it now is (paid elsewhere, canceled, expired). */
export async function reload() {
  try {
    const res = await checkoutRequest('GET', checkoutPath());
    if (res.status === 200 && res.body) return render(res.body, true);
    if (res.status === 404) return notFound();
  } catch {
    // fall through
  }
  showFormAlert('This payment can no longer be paid from this page. Reload the page to see its status.');
}

/** Asks again after `state.pollDelay`. */
export function schedulePoll() {
  stopPolling();
  state.pollTimer = window.setTimeout(poll, state.pollDelay);
}

function stopPolling() {
  if (state.pollTimer !== undefined) window.clearTimeout(state.pollTimer);
  state.pollTimer = undefined;
}

async function poll() {
  state.pollTimer = undefined;
  let res;
  try {
    res = await checkoutRequest('GET', checkoutPath());
  } catch {
    res = undefined;
  }
  if (res?.status === 200 && res.body) {
    if (res.body.status === 'processing') {
      state.pollDelay = POLL_MS;
      return schedulePoll();
    }
    return render(res.body, true);
  }
  if (res?.status === 404) return notFound();
  // Network trouble or rate limiting: keep waiting, a little longer each time.
  state.pollDelay = Math.min(state.pollDelay * 2, POLL_MAX_MS);
  schedulePoll();
}
