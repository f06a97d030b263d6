// The card form: formatting the number, expiry and CVC as they are typed, checking them, the test
// cards table, and Pay.
import { announce } from '../shared/dom.js';
import { clearFieldError, setFieldError } from '../shared/forms.js';
import { formatKobo } from '../shared/money.js';
import { NetworkError } from '../shared/api.js';
import { cardBrand, cvcProblem, emailProblem, expiryProblem, numberProblem } from './card-checks.js';
import { actionPath, checkoutRequest, render } from './checkout.js';
import { els } from './elements.js';
import { handleRefusal } from './refusals.js';
import { showFormAlert } from './screens.js';
import { setBusy, state } from './state.js';

/** @typedef {import('../shared/words.js').Schemas['ConfirmPaymentIntentRequest']} ConfirmRequest */

export function onNumberInput() {
  const input = els.number;
  const caret = input.selectionStart ?? input.value.length;
  const digitsBeforeCaret = input.value.slice(0, caret).replace(/\D/g, '').length;
  const digits = input.value.replace(/\D/g, '').slice(0, 19);
  const formatted = digits.replace(/(\d{4})(?=\d)/g, '$1 ');
  if (formatted !== input.value) {
    input.value = formatted;
    let position = 0;
    for (let seen = 0; position < formatted.length && seen < digitsBeforeCaret; position++) {
      if (formatted[position] !== ' ') seen++;
    }
    if (document.activeElement === input) input.setSelectionRange(position, position);
  }
  els.brand.textContent = cardBrand(digits);
  if (input.getAttribute('aria-invalid') === 'true' && numberProblem(digits) === '') clearFieldError(input);
}

/** @param {Event} event */
export function onExpiryInput(event) {
  const input = els.expiry;
  const raw = input.value;
  // Autofill may give MM/YYYY.
  const long = /^\s*(\d{1,2})\s*\/\s*(\d{4})\s*$/.exec(raw);
  let digits = long ? (long[1] ?? '').padStart(2, '0') + (long[2] ?? '').slice(2) : raw.replace(/\D/g, '');
  if (digits.length === 1 && digits > '1') digits = `0${digits}`;
  digits = digits.slice(0, 4);
  const inputType = /** @type {InputEvent} */ (event).inputType;
  const deleting = typeof inputType === 'string' && inputType.startsWith('delete');
  let value = digits;
  if (digits.length > 2) value = `${digits.slice(0, 2)}/${digits.slice(2)}`;
  else if (digits.length === 2 && !deleting) value = `${digits}/`;
  if (value !== raw) input.value = value;
  if (input.getAttribute('aria-invalid') === 'true' && expiryProblem(value).message === '') clearFieldError(input);
}

export function onCvcInput() {
  const digits = els.cvc.value.replace(/\D/g, '').slice(0, 4);
  if (digits !== els.cvc.value) els.cvc.value = digits;
  if (els.cvc.getAttribute('aria-invalid') === 'true' && cvcProblem(digits) === '') clearFieldError(els.cvc);
}

export function onEmailInput() {
  if (els.email.getAttribute('aria-invalid') === 'true' && emailProblem(els.email.value.trim()) === '') clearFieldError(els.email);
}

/**
 * Only complains about a field the customer has typed in and left; never about an untouched one.
 * @param {FocusEvent} event
 */
export function onFieldBlur(event) {
  const input = /** @type {HTMLInputElement} */ (event.target);
  if (input.value === '' || state.busy) return;
  let message = '';
  if (input === els.number) message = numberProblem(input.value.replace(/\D/g, ''));
  else if (input === els.expiry) message = expiryProblem(input.value.trim()).message;
  else if (input === els.cvc) message = cvcProblem(input.value);
  else if (input === els.email) message = emailProblem(input.value.trim());
  if (message) setFieldError(input, message);
  else clearFieldError(input);
}

/**
 * Checks every field, marks the bad ones, and returns the confirm body or undefined.
 * @returns {ConfirmRequest | undefined}
 */
function collectCard() {
  /** @type {[HTMLInputElement, string][]} */
  const checks = [];
  const email = els.email.value.trim();
  if (state.view?.needs_email) checks.push([els.email, emailProblem(email)]);
  const number = els.number.value.replace(/\D/g, '');
  checks.push([els.number, numberProblem(number)]);
  const expiry = expiryProblem(els.expiry.value.trim());
  checks.push([els.expiry, expiry.message]);
  const cvc = els.cvc.value.replace(/\D/g, '');
  checks.push([els.cvc, cvcProblem(cvc)]);

  /** @type {HTMLInputElement | undefined} */
  let firstBad;
  for (const [input, message] of checks) {
    if (message) {
      setFieldError(input, message);
      firstBad ??= input;
    } else {
      clearFieldError(input);
    }
  }
  if (firstBad || expiry.month === undefined) {
    firstBad?.focus();
    return undefined;
  }
  /** @type {ConfirmRequest} */
  const body = {
    client_secret: state.secret,
    method: 'card',
    card: { number, exp_month: expiry.month, exp_year: expiry.year, cvc },
  };
  if (state.view?.needs_email) body.email = email;
  return body;
}

/** The confirm request's fields, by the `param` a refusal names. @type {Record<string, HTMLInputElement>} */
const CARD_FIELDS = { 'card.number': els.number, 'card.exp_month': els.expiry, 'card.exp_year': els.expiry, 'card.cvc': els.cvc, email: els.email };

/** @param {SubmitEvent} event */
export async function onPay(event) {
  event.preventDefault();
  if (state.busy) return;
  els.formAlert.textContent = '';
  const body = collectCard();
  if (body === undefined) return;
  setBusy(els.payButton, true);
  els.payLabel.textContent = 'Processing…';
  announce('Processing your payment…');
  try {
    const res = await checkoutRequest('POST', actionPath('confirm'), body);
    if (res.status === 200 && res.body) render(res.body, true);
    else await handleRefusal(res, (param) => (param !== undefined && Object.hasOwn(CARD_FIELDS, param) ? CARD_FIELDS[param] : undefined));
  } catch (err) {
    if (!(err instanceof NetworkError)) throw err;
    showFormAlert("We couldn't reach Nairaflow, so your payment was not sent. Check your connection and try again.");
  } finally {
    setBusy(els.payButton, false);
    if (state.view) els.payLabel.textContent = `Pay ${formatKobo(state.view.amount)}`;
  }
}

/**
 * A test card's number picked from the table, with a future expiry and a CVC, ready to pay.
 * @param {MouseEvent} event
 */
export function onTestCard(event) {
  const button = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest('.test-card'));
  if (!button) return;
  els.number.value = button.dataset['number'] ?? '';
  onNumberInput();
  clearFieldError(els.number);
  // Make the form payable in one go: any future date and any CVC do in test mode.
  if (els.expiry.value === '') els.expiry.value = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;
  if (els.cvc.value === '') els.cvc.value = '123';
  const next = state.view?.needs_email && els.email.value.trim() === '' ? els.email : els.payButton;
  next.focus();
  announce(`Test card ${els.number.value} filled in.`);
}
