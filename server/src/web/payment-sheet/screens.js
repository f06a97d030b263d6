// The sheet's views, one at a time: the card form, a step the card issuer asks for (OTP, PIN, ...),
// processing, success, and the ends where nothing more can be done here. Showing one moves focus
// to it only when it answers the customer's own action.
import { announce } from '../shared/dom.js';
import { clearFieldError } from '../shared/forms.js';
import { formatKobo } from '../shared/money.js';
import { DECLINE_MESSAGES, wordsFor } from '../shared/words.js';
import { els, stepInputs } from './elements.js';
import { state } from './state.js';
import { returnTarget } from './summary.js';

/** @typedef {import('./state.js').CheckoutView} CheckoutView */
/** @typedef {import('../shared/words.js').Schemas['NextAction']} NextAction */
/** @typedef {Exclude<NextAction['type'], 'otp'>} Step */

/**
 * How long "Payment successful" stays on screen before the customer is sent back to the merchant:
 * long enough to see it (and for a screen reader to say it), short enough that few reach for the link.
 */
const RETURN_DELAY_MS = 3000;

export const DEFAULT_DECLINE = "Your payment didn't go through. Try again, or use another card.";

/**
 * What a failed attempt means for the customer, in words.
 * @param {string} code the view's `last_error`
 */
export const declineMessage = (code) => wordsFor(DECLINE_MESSAGES, code) ?? DEFAULT_DECLINE;

/**
 * @param {'loading' | 'form' | 'otp' | 'step' | 'processing' | 'success' | 'terminal'} name
 * @param {HTMLElement} [focusTarget]
 */
export function showView(name, focusTarget) {
  for (const view of els.views) view.hidden = view.id !== `view-${name}`;
  if (focusTarget !== undefined) focusTarget.focus();
}

/**
 * The card form, with what went wrong with the last attempt, if anything.
 * @param {string} error
 * @param {boolean} moveFocus
 */
export function showForm(error, moveFocus) {
  els.formAlert.textContent = error;
  if (error) {
    // The alert is read out by itself; focus goes back to the card number for the next try.
    showView('form', els.number);
    els.number.select();
  } else {
    showView('form', moveFocus ? els.formTitle : undefined);
  }
}

/** What the sheet calls each step the card issuer may ask for, and what it asks of the customer. @type {Record<Step, { title: string, input: () => HTMLInputElement, announce: string }>} */
const STEPS = {
  pin: { title: 'Enter your card PIN', input: () => els.pin, announce: 'Your bank needs your card PIN to approve this payment.' },
  phone: { title: 'Confirm your phone number', input: () => els.phone, announce: 'Your bank needs your phone number to approve this payment.' },
  birthday: { title: 'Confirm your date of birth', input: () => els.birthday, announce: 'Your bank needs your date of birth to approve this payment.' },
  address: { title: 'Enter your billing address', input: () => els.street, announce: "Your bank needs your card's billing address to approve this payment." },
};

/**
 * The step the card issuer asked for (a PIN, a phone number, ...), with only its fields showing.
 * @param {NextAction} action
 * @param {boolean} moveFocus
 */
export function showStep(action, moveFocus) {
  const type = action.type;
  const step = type === 'otp' ? undefined : wordsFor(STEPS, type);
  if (type === 'otp' || step === undefined) return showForm(DEFAULT_DECLINE, moveFocus);
  state.step = type;
  els.stepTitle.textContent = step.title;
  els.stepMessage.textContent = action.message;
  els.stepAlert.textContent = '';
  for (const [name, field] of Object.entries(els.stepFields)) field.hidden = name !== type;
  for (const input of stepInputs()) {
    input.value = '';
    clearFieldError(input);
  }
  showView('step', moveFocus ? step.input() : undefined);
  if (moveFocus) announce(step.announce);
}

/**
 * The one-time code the bank sent; in live mode with the bank's own words about it.
 * @param {boolean} moveFocus
 * @param {string} [message]
 */
export function showOtp(moveFocus, message = '') {
  if (message) els.otpLead.textContent = message;
  els.otp.value = '';
  els.otpAlert.textContent = '';
  clearFieldError(els.otp);
  showView('otp', moveFocus ? els.otp : undefined);
  if (moveFocus) announce('Your bank needs a one-time code to approve this payment.');
}

/** @param {boolean} moveFocus */
export function showProcessing(moveFocus) {
  showView('processing', moveFocus ? els.processingTitle : undefined);
  if (moveFocus) announce('Processing your payment. Please keep this page open.');
}

/**
 * The receipt; right after paying here, with the customer sent back to the merchant's return_url.
 * @param {CheckoutView} view
 * @param {boolean} moveFocus
 */
export function showSuccess(view, moveFocus) {
  const amount = formatKobo(view.amount);
  els.successMessage.textContent = `You paid ${amount} to ${view.merchant_name}.`;
  els.receiptAmount.textContent = amount;
  els.receiptMerchant.textContent = view.merchant_name;
  els.receiptReference.textContent = view.id;
  document.title = `Payment successful · ${view.merchant_name}`;
  const target = returnTarget(view, true);
  els.successReturn.hidden = target === null;
  // Sent back by itself only right after paying here; a paid link opened again just offers the way back.
  const returning = target !== null && moveFocus;
  if (target !== null) {
    els.successReturn.href = target;
    els.successReturn.textContent = `Return to ${view.merchant_name}`;
  }
  els.successNext.textContent = returning ? `Returning you to ${view.merchant_name}…` : 'You can safely close this page.';
  showView('success', moveFocus ? els.successTitle : undefined);
  if (moveFocus) {
    const next = returning ? ` Returning you to ${view.merchant_name}.` : '';
    announce(`Payment successful. You paid ${formatKobo(view.amount, { symbol: 'NGN ' })} to ${view.merchant_name}.${next}`);
  }
  if (target !== null && returning && !state.returning) {
    state.returning = true;
    window.setTimeout(() => window.location.assign(target), RETURN_DELAY_MS);
  }
}

/**
 * An end: nothing more can be paid here (blocked, expired, canceled, not found), or a load that
 * failed, with Try again.
 * @param {string} title
 * @param {string} message
 * @param {() => void} [retry]
 */
export function showTerminal(title, message, retry) {
  // Without the summary (and its h1) this title is the page's main heading.
  const tag = els.summary.hidden ? 'H1' : 'H2';
  if (els.terminalTitle.tagName !== tag) {
    const heading = document.createElement(tag);
    for (const { name, value } of els.terminalTitle.attributes) heading.setAttribute(name, value);
    els.terminalTitle.replaceWith(heading);
    els.terminalTitle = heading;
  }
  els.terminalTitle.textContent = title;
  els.terminalMessage.textContent = message;
  els.terminalRetry.hidden = retry === undefined;
  els.terminalRetry.onclick = retry ?? null;
  document.title = `${title} · Nairaflow`;
  showView('terminal', els.terminalTitle);
}

/** The link is not a payment's (or no longer is): said without the summary of any payment. */
export function showNotFound() {
  els.summary.hidden = true;
  els.banner.hidden = true;
  showTerminal(
    'Payment link not found',
    'This payment link is incomplete or does not exist. Check that you opened the whole link, or ask the seller to send you a new one.',
  );
}

/**
 * A message in the alert of the view showing (OTP, step, or the card form).
 * @param {string} message
 */
export function showFormAlert(message) {
  const alert = !els.otpView.hidden ? els.otpAlert : !els.stepView.hidden ? els.stepAlert : els.formAlert;
  alert.textContent = message;
}
