// Nairaflow hosted payment sheet: served as is (no framework, no build step), loaded as a module.
// The client secret in the page's URL is the only credential; it is sent to this origin's API and
// nowhere else. Card data is read from the form, sent once in the confirm request, and never stored.

const SECRET_PATTERN = /^(pi_[0-9A-Za-z]{24})_secret_[0-9A-Za-z]{24}$/;
/** How often the processing state asks whether the bank has answered. */
const POLL_MS = 1000;
/** Polling slows down to this after errors (429, network) so a struggling server is not hammered. */
const POLL_MAX_MS = 8000;
/**
 * How long "Payment successful" stays on screen before the customer is sent back to the merchant:
 * long enough to see it (and for a screen reader to say it), short enough that few reach for the link.
 */
const RETURN_DELAY_MS = 3000;
/** The query parameter that tells the merchant's return page which intent was paid. */
const RETURN_PARAMETER = 'payment_intent';

/** What each decline code means for the customer, in words. */
const DECLINE_MESSAGES = {
  card_declined: 'Your card was declined. Try again with another card.',
  insufficient_funds: 'Your card has insufficient funds. Try again with another card.',
  invalid_otp: 'The one-time code was incorrect, so the payment did not go through. Enter your card details to try again.',
  processor_declined: "Your bank couldn't complete the payment. Try again, or use another card.",
  test_card_in_live_mode: 'This is a test card and this is a real payment. Use a real card.',
  expired_card: 'Your card has expired. Try again with another card.',
  incorrect_cvc: "Your card's security code is incorrect.",
  do_not_honor: 'Your bank declined the payment. Contact your bank or use another card.',
  balance_limit_reached: "This payment couldn't be completed, and you have not been charged. Contact the seller.",
};
const DEFAULT_DECLINE = "Your payment didn't go through. Try again, or use another card.";

const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

const els = {
  banner: $('test-banner'),
  summary: $('summary'),
  backLink: /** @type {HTMLAnchorElement} */ ($('back-link')),
  backLinkLabel: $('back-link-label'),
  logo: $('merchant-logo'),
  merchantName: $('merchant-name'),
  amountLabel: $('amount-label'),
  amountDisplay: $('amount-display'),
  amountSpoken: $('amount-spoken'),
  description: $('description'),
  reference: $('reference'),
  announcer: $('announcer'),
  views: ['loading', 'form', 'otp', 'step', 'processing', 'success', 'terminal'].map((name) => $(`view-${name}`)),
  formTitle: $('form-title'),
  formAlert: $('form-alert'),
  cardForm: /** @type {HTMLFormElement} */ ($('card-form')),
  emailField: $('email-field'),
  email: /** @type {HTMLInputElement} */ ($('email')),
  number: /** @type {HTMLInputElement} */ ($('card-number')),
  brand: $('card-brand'),
  expiry: /** @type {HTMLInputElement} */ ($('card-expiry')),
  cvc: /** @type {HTMLInputElement} */ ($('card-cvc')),
  payButton: /** @type {HTMLButtonElement} */ ($('pay-button')),
  payLabel: $('pay-button-label'),
  testCards: $('test-cards'),
  otpForm: /** @type {HTMLFormElement} */ ($('otp-form')),
  otpLead: $('otp-lead'),
  stepForm: /** @type {HTMLFormElement} */ ($('step-form')),
  stepTitle: $('step-title'),
  stepMessage: $('step-message'),
  stepAlert: $('step-alert'),
  stepButton: /** @type {HTMLButtonElement} */ ($('step-button')),
  stepFields: {
    pin: $('step-pin-field'),
    phone: $('step-phone-field'),
    birthday: $('step-birthday-field'),
    address: $('step-address-field'),
  },
  pin: /** @type {HTMLInputElement} */ ($('step-pin')),
  phone: /** @type {HTMLInputElement} */ ($('step-phone')),
  birthday: /** @type {HTMLInputElement} */ ($('step-birthday')),
  street: /** @type {HTMLInputElement} */ ($('step-street')),
  city: /** @type {HTMLInputElement} */ ($('step-city')),
  addressState: /** @type {HTMLInputElement} */ ($('step-state')),
  zip: /** @type {HTMLInputElement} */ ($('step-zip')),
  otp: /** @type {HTMLInputElement} */ ($('otp')),
  otpAlert: $('otp-alert'),
  otpHint: $('otp-test-hint'),
  otpButton: /** @type {HTMLButtonElement} */ ($('otp-button')),
  successMessage: $('success-message'),
  receiptAmount: $('receipt-amount'),
  receiptMerchant: $('receipt-merchant'),
  receiptReference: $('receipt-reference'),
  successNext: $('success-next'),
  successReturn: /** @type {HTMLAnchorElement} */ ($('success-return')),
  terminalTitle: $('terminal-title'),
  terminalMessage: $('terminal-message'),
  terminalRetry: /** @type {HTMLButtonElement} */ ($('terminal-retry')),
};

const state = {
  /** @type {string} */ secret: '',
  /** @type {string} */ intentId: '',
  /** The last CheckoutView the API gave. */
  view: null,
  busy: false,
  /** @type {number | undefined} */ pollTimer: undefined,
  pollDelay: POLL_MS,
  /** Set once the customer is on their way back to the merchant, so that it happens once. */
  returning: false,
  /** The step the card issuer asked for, while the step view shows (pin, phone, birthday, address). */
  step: '',
};

// ---------------------------------------------------------------- formatting

/** "250000" (kobo) -> "2,500.00", from the string: amounts can exceed what a double holds exactly. */
export function formatKobo(kobo) {
  if (!/^\d+$/.test(kobo)) return kobo;
  const digits = kobo.replace(/^0+(?=\d)/, '').padStart(3, '0');
  const naira = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${naira}.${digits.slice(-2)}`;
}

function initials(name) {
  const words = name.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
  const letters = words.slice(0, 2).map((word) => [...word.replace(/^[^\p{L}\p{N}]+/u, '')][0] ?? '');
  return (letters.join('') || '?').toUpperCase();
}

function tone(name) {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.codePointAt(0)) >>> 0;
  return String(hash % 8);
}

function cardBrand(digits) {
  if (/^(506[01]|507[89]|6500)/.test(digits)) return 'VERVE';
  if (/^4/.test(digits)) return 'VISA';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'MASTERCARD';
  return '';
}

function luhnValid(digits) {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

// ---------------------------------------------------------------- API

class NetworkError extends Error {}

/** One call to this origin's API; resolves to { status, body } for any HTTP answer. */
async function api(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    });
  } catch {
    throw new NetworkError('network');
  }
  let parsed = null;
  try {
    parsed = await response.json();
  } catch {
    parsed = null;
  }
  return { status: response.status, body: parsed };
}

const checkoutPath = () => `/v1/payment_intents/${encodeURIComponent(state.intentId)}/checkout?client_secret=${encodeURIComponent(state.secret)}`;
const actionPath = (action) => `/v1/payment_intents/${encodeURIComponent(state.intentId)}/${action}`;

// ---------------------------------------------------------------- views

function announce(text) {
  // Cleared first so that the same message twice in a row is still read out.
  els.announcer.textContent = '';
  window.setTimeout(() => {
    els.announcer.textContent = text;
  }, 50);
}

function showView(name, focusTarget) {
  for (const view of els.views) view.hidden = view.id !== `view-${name}`;
  if (focusTarget !== undefined) focusTarget.focus();
}

function renderSummary(view) {
  const amount = formatKobo(view.amount);
  els.summary.hidden = false;
  els.merchantName.textContent = view.merchant_name;
  els.amountDisplay.textContent = `₦${amount}`;
  els.amountSpoken.textContent = `NGN ${amount}`;
  els.amountLabel.textContent = view.status === 'succeeded' ? 'Amount paid' : view.status === 'requires_authentication' || view.status === 'processing' ? 'Amount to pay' : 'Amount';
  els.description.textContent = view.description ?? '';
  els.reference.textContent = view.id;
  els.payLabel.textContent = `Pay ₦${amount}`;
  els.banner.hidden = view.livemode;
  els.testCards.hidden = view.livemode;
  els.otpHint.hidden = view.livemode;
  els.emailField.hidden = !view.needs_email;
  els.email.disabled = !view.needs_email;
  renderLogo(view);
}

function renderLogo(view) {
  const url = view.merchant_logo_url;
  const showInitials = () => {
    els.logo.replaceChildren(document.createTextNode(initials(view.merchant_name)));
    els.logo.dataset.tone = tone(view.merchant_name);
  };
  if (typeof url !== 'string' || !/^https:\/\//i.test(url)) return showInitials();
  if (els.logo.dataset.src === url) return;
  const img = document.createElement('img');
  img.alt = '';
  img.referrerPolicy = 'no-referrer';
  img.decoding = 'async';
  img.addEventListener('error', showInitials, { once: true });
  img.src = url;
  els.logo.dataset.src = url;
  delete els.logo.dataset.tone;
  els.logo.replaceChildren(img);
}

function isExpired(view) {
  const at = Date.parse(view.expires_at);
  return Number.isFinite(at) && Date.now() >= at;
}

/**
 * Where "back to the merchant" leads: the return_url the merchant gave when creating the intent, as
 * the API reports it (never anything from this page's own address), with `payment_intent=<id>`
 * added to its query once paid. Null when there is none, or it is not a web address the API
 * would have accepted in this mode.
 */
function returnTarget(view, paid) {
  if (typeof view.return_url !== 'string') return null;
  let url;
  try {
    url = new URL(view.return_url);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && !view.livemode)) return null;
  if (paid) {
    // Added as text rather than through URLSearchParams, which would rewrite the merchant's own
    // query (`%20` as `+`, `a` as `a=`); the fragment stays after it, where it belongs.
    const query = url.search.slice(1).replace(/&+$/, '');
    const added = `${RETURN_PARAMETER}=${encodeURIComponent(view.id)}`;
    url.search = query === '' ? added : `${query}&${added}`;
  }
  return url.href;
}

/** "Back to <merchant>" while the intent can still be paid, or no longer can be; not mid-payment or once paid. */
function renderBackLink(view) {
  const target = view.status === 'requires_authentication' || view.status === 'canceled' ? returnTarget(view, false) : null;
  els.backLink.hidden = target === null;
  if (target === null) {
    els.backLink.removeAttribute('href');
    return;
  }
  els.backLink.href = target;
  els.backLinkLabel.textContent = `Back to ${view.merchant_name}`;
}

/**
 * Shows whatever the intent's state calls for. `afterAttempt` is true when the view answers the
 * customer's own action (a submit, or the end of processing), so failures are spelt out and focus moves.
 */
function render(view, afterAttempt = false) {
  state.view = view;
  stopPolling();
  renderSummary(view);
  renderBackLink(view);
  document.title = `Pay ₦${formatKobo(view.amount)} to ${view.merchant_name}`;

  if (view.status === 'succeeded') return renderSuccess(view, afterAttempt);
  if (view.status === 'processing') return renderProcessing(afterAttempt);
  if (view.status === 'canceled') {
    if (view.cancellation_reason === 'too_many_failed_attempts') {
      return renderTerminal(
        'This payment was blocked',
        `Too many payment attempts failed, so this payment can no longer be made here. Nothing was charged. Go back to ${view.merchant_name} to start again.`,
      );
    }
    return view.cancellation_reason === 'expired' || isExpired(view)
      ? renderTerminal('This payment link has expired', `Ask ${view.merchant_name} for a new payment link.`)
      : renderTerminal('This payment was canceled', `${view.merchant_name} canceled this payment, so it can no longer be paid. Nothing was charged. Ask them for a new payment link if you still want to pay.`);
  }
  if (isExpired(view)) {
    return renderTerminal('This payment link has expired', `Nothing was charged. Ask ${view.merchant_name} for a new payment link.`);
  }
  if (view.next_action?.type === 'otp') return renderOtp(afterAttempt, view.livemode ? view.next_action.message : '');
  if (view.next_action) return renderStep(view.next_action, afterAttempt);
  return renderForm(afterAttempt && view.last_error ? declineMessage(view.last_error) : '', afterAttempt);
}

function declineMessage(code) {
  return Object.hasOwn(DECLINE_MESSAGES, code) ? DECLINE_MESSAGES[code] : DEFAULT_DECLINE;
}

function renderForm(error, moveFocus) {
  els.formAlert.textContent = error;
  if (error) {
    // The alert is read out by itself; focus goes back to the card number for the next try.
    showView('form', els.number);
    els.number.select();
  } else {
    showView('form', moveFocus ? els.formTitle : undefined);
  }
}

/** What the sheet calls each step the card issuer may ask for, and what it asks of the customer. */
const STEPS = {
  pin: { title: 'Enter your card PIN', input: () => els.pin, announce: 'Your bank needs your card PIN to approve this payment.' },
  phone: { title: 'Confirm your phone number', input: () => els.phone, announce: 'Your bank needs your phone number to approve this payment.' },
  birthday: { title: 'Confirm your date of birth', input: () => els.birthday, announce: 'Your bank needs your date of birth to approve this payment.' },
  address: { title: 'Enter your billing address', input: () => els.street, announce: "Your bank needs your card's billing address to approve this payment." },
};

function renderStep(action, moveFocus) {
  const step = STEPS[action.type];
  if (!step) return renderForm(DEFAULT_DECLINE, moveFocus);
  state.step = action.type;
  els.stepTitle.textContent = step.title;
  els.stepMessage.textContent = action.message;
  els.stepAlert.textContent = '';
  for (const [name, field] of Object.entries(els.stepFields)) field.hidden = name !== action.type;
  for (const input of [els.pin, els.phone, els.birthday, els.street, els.city, els.addressState, els.zip]) {
    input.value = '';
    clearFieldError(input);
  }
  showView('step', moveFocus ? step.input() : undefined);
  if (moveFocus) announce(step.announce);
}

function renderOtp(moveFocus, message = '') {
  if (message) els.otpLead.textContent = message;
  els.otp.value = '';
  els.otpAlert.textContent = '';
  clearFieldError(els.otp);
  showView('otp', moveFocus ? els.otp : undefined);
  if (moveFocus) announce('Your bank needs a one-time code to approve this payment.');
}

function renderProcessing(moveFocus) {
  showView('processing', moveFocus ? $('processing-title') : undefined);
  if (moveFocus) announce('Processing your payment. Please keep this page open.');
  state.pollDelay = POLL_MS;
  schedulePoll();
}

function renderSuccess(view, moveFocus) {
  const amount = `₦${formatKobo(view.amount)}`;
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
  showView('success', moveFocus ? $('success-title') : undefined);
  if (moveFocus) {
    const next = returning ? ` Returning you to ${view.merchant_name}.` : '';
    announce(`Payment successful. You paid NGN ${formatKobo(view.amount)} to ${view.merchant_name}.${next}`);
  }
  if (returning && !state.returning) {
    state.returning = true;
    window.setTimeout(() => window.location.assign(target), RETURN_DELAY_MS);
  }
}

function renderTerminal(title, message, retry) {
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

function renderNotFound() {
  stopPolling();
  els.summary.hidden = true;
  els.banner.hidden = true;
  renderTerminal(
    'Payment link not found',
    'This payment link is incomplete or does not exist. Check that you opened the whole link, or ask the seller to send you a new one.',
  );
}

// ---------------------------------------------------------------- loading and polling

async function load() {
  showView('loading');
  let res;
  try {
    res = await api('GET', checkoutPath());
  } catch {
    return renderTerminal("We couldn't load this payment", 'Check your internet connection and try again.', load);
  }
  if (res.status === 200 && res.body) return render(res.body);
  if (res.status === 404) return renderNotFound();
  if (res.status === 429) return renderTerminal('Too many requests', 'Please wait a few seconds, then try again.', load);
  renderTerminal("We couldn't load this payment", 'Something went wrong on our side. Please try again in a moment.', load);
}

/** After a refused action: show the intent as it now is (paid elsewhere, canceled, expired). */
async function reload() {
  try {
    const res = await api('GET', checkoutPath());
    if (res.status === 200 && res.body) return render(res.body, true);
    if (res.status === 404) return renderNotFound();
  } catch {
    // fall through
  }
  showFormAlert('This payment can no longer be paid from this page. Reload the page to see its status.');
}

function schedulePoll() {
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
    res = await api('GET', checkoutPath());
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
  if (res?.status === 404) return renderNotFound();
  // Network trouble or rate limiting: keep waiting, a little longer each time.
  state.pollDelay = Math.min(state.pollDelay * 2, POLL_MAX_MS);
  schedulePoll();
}

// ---------------------------------------------------------------- field errors

function errorElement(input) {
  return $(`${input.id}-error`);
}

function setFieldError(input, message) {
  const error = errorElement(input);
  error.textContent = message;
  error.hidden = false;
  input.setAttribute('aria-invalid', 'true');
  const described = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  if (!described.includes(error.id)) input.setAttribute('aria-describedby', [...described, error.id].join(' '));
}

function clearFieldError(input) {
  const error = errorElement(input);
  error.textContent = '';
  error.hidden = true;
  input.removeAttribute('aria-invalid');
  const described = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id && id !== error.id);
  if (described.length > 0) input.setAttribute('aria-describedby', described.join(' '));
  else input.removeAttribute('aria-describedby');
}

function showFormAlert(message) {
  const alert = !$('view-otp').hidden ? els.otpAlert : !$('view-step').hidden ? els.stepAlert : els.formAlert;
  alert.textContent = message;
}

// ---------------------------------------------------------------- card form input handling

function onNumberInput() {
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

function onExpiryInput(event) {
  const input = els.expiry;
  const raw = input.value;
  // Autofill may give MM/YYYY.
  const long = /^\s*(\d{1,2})\s*\/\s*(\d{4})\s*$/.exec(raw);
  let digits = long ? long[1].padStart(2, '0') + long[2].slice(2) : raw.replace(/\D/g, '');
  if (digits.length === 1 && digits > '1') digits = `0${digits}`;
  digits = digits.slice(0, 4);
  const deleting = typeof event.inputType === 'string' && event.inputType.startsWith('delete');
  let value = digits;
  if (digits.length > 2) value = `${digits.slice(0, 2)}/${digits.slice(2)}`;
  else if (digits.length === 2 && !deleting) value = `${digits}/`;
  if (value !== raw) input.value = value;
  if (input.getAttribute('aria-invalid') === 'true' && expiryProblem(value).message === '') clearFieldError(input);
}

function onCvcInput() {
  const digits = els.cvc.value.replace(/\D/g, '').slice(0, 4);
  if (digits !== els.cvc.value) els.cvc.value = digits;
  if (els.cvc.getAttribute('aria-invalid') === 'true' && cvcProblem(digits) === '') clearFieldError(els.cvc);
}

function onOtpInput() {
  const digits = els.otp.value.replace(/\D/g, '').slice(0, 8);
  if (digits !== els.otp.value) els.otp.value = digits;
  if (els.otp.getAttribute('aria-invalid') === 'true' && digits.length >= 4) clearFieldError(els.otp);
}

// ---------------------------------------------------------------- client-side checks (the server decides)

function numberProblem(digits) {
  if (digits.length === 0) return 'Enter your card number.';
  if (digits.length < 12) return 'Your card number is incomplete.';
  if (!luhnValid(digits)) return 'Your card number is invalid. Check it and try again.';
  return '';
}

function expiryProblem(value) {
  const match = /^(\d{2})\/(\d{2})$/.exec(value);
  if (value.trim() === '') return { message: 'Enter the expiry date on your card.' };
  if (!match) return { message: "Your card's expiry date is incomplete. Use MM/YY." };
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return { message: "Your card's expiry month is invalid." };
  const now = new Date();
  // A card is valid through the last day of its expiry month.
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
    return { message: 'Your card has expired. Check the date or use another card.' };
  }
  return { message: '', month, year };
}

function cvcProblem(digits) {
  if (digits.length === 0) return "Enter your card's security code (CVC).";
  if (digits.length < 3) return "Your card's security code is incomplete.";
  return '';
}

function emailProblem(value) {
  if (value === '') return 'Enter your e-mail address for the receipt.';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return 'Enter a valid e-mail address, like name@example.com.';
  return '';
}

/** Checks every field, marks the bad ones, and returns the confirm body or undefined. */
function collectCard() {
  const checks = [];
  const email = els.email.value.trim();
  if (state.view?.needs_email) checks.push([els.email, emailProblem(email)]);
  const number = els.number.value.replace(/\D/g, '');
  checks.push([els.number, numberProblem(number)]);
  const expiry = expiryProblem(els.expiry.value.trim());
  checks.push([els.expiry, expiry.message]);
  const cvc = els.cvc.value.replace(/\D/g, '');
  checks.push([els.cvc, cvcProblem(cvc)]);

  let firstBad;
  for (const [input, message] of checks) {
    if (message) {
      setFieldError(input, message);
      firstBad ??= input;
    } else {
      clearFieldError(input);
    }
  }
  if (firstBad) {
    firstBad.focus();
    return undefined;
  }
  const body = {
    client_secret: state.secret,
    method: 'card',
    card: { number, exp_month: expiry.month, exp_year: expiry.year, cvc },
  };
  if (state.view?.needs_email) body.email = email;
  return body;
}

function onFieldBlur(event) {
  const input = event.target;
  // Only complain about a field the customer has typed in and left; never about an untouched one.
  if (input.value === '' || state.busy) return;
  let message = '';
  if (input === els.number) message = numberProblem(input.value.replace(/\D/g, ''));
  else if (input === els.expiry) message = expiryProblem(input.value.trim()).message;
  else if (input === els.cvc) message = cvcProblem(input.value);
  else if (input === els.email) message = emailProblem(input.value.trim());
  if (message) setFieldError(input, message);
  else clearFieldError(input);
}

// ---------------------------------------------------------------- submitting

function setBusy(button, busy) {
  state.busy = busy;
  button.disabled = busy;
  button.setAttribute('aria-busy', String(busy));
}

/** Maps a refused (non-200) answer to what the customer can do about it. */
async function handleRefusal(res, fieldForParam) {
  const error = res.body?.error ?? {};
  if (res.status === 404) return renderNotFound();
  // The API says how long to wait (a minute for too many requests, longer after many failed cards).
  if (res.status === 429) return showFormAlert(error.message || 'Too many attempts in a short time. Please wait a minute, then try again.');
  if (error.code === 'payment_intent_unexpected_state') return reload();
  if (res.status === 400) {
    const input = fieldForParam(error.param);
    if (input) {
      setFieldError(input, serverFieldMessage(error.param, error.message));
      input.focus();
      return;
    }
    return showFormAlert(error.message || 'Something in the payment details is not right. Check them and try again.');
  }
  showFormAlert('Something went wrong on our side and you have not been charged. Please try again in a moment.');
}

function serverFieldMessage(param, message) {
  if (param === 'card.number') return 'Your card number is invalid. Check it and try again.';
  if (param === 'card.exp_month' || param === 'card.exp_year') return 'Your card has expired or its expiry date is invalid.';
  if (param === 'card.cvc') return "Your card's security code is invalid.";
  if (param === 'email') return 'Enter a valid e-mail address for the receipt.';
  return message || 'Check this field.';
}

async function onPay(event) {
  event.preventDefault();
  if (state.busy) return;
  els.formAlert.textContent = '';
  const body = collectCard();
  if (body === undefined) return;
  setBusy(els.payButton, true);
  els.payLabel.textContent = 'Processing…';
  announce('Processing your payment…');
  try {
    const res = await api('POST', actionPath('confirm'), body);
    if (res.status === 200 && res.body) render(res.body, true);
    else
      await handleRefusal(res, (param) =>
        ({ 'card.number': els.number, 'card.exp_month': els.expiry, 'card.exp_year': els.expiry, 'card.cvc': els.cvc, email: els.email })[param],
      );
  } catch (err) {
    if (!(err instanceof NetworkError)) throw err;
    showFormAlert("We couldn't reach Nairaflow, so your payment was not sent. Check your connection and try again.");
  } finally {
    setBusy(els.payButton, false);
    if (state.view) els.payLabel.textContent = `Pay ₦${formatKobo(state.view.amount)}`;
  }
}

async function onOtp(event) {
  event.preventDefault();
  if (state.busy) return;
  els.otpAlert.textContent = '';
  const otp = els.otp.value.replace(/\D/g, '');
  if (otp.length < 4) {
    setFieldError(els.otp, 'Enter the one-time code your bank sent you.');
    els.otp.focus();
    return;
  }
  clearFieldError(els.otp);
  setBusy(els.otpButton, true);
  announce('Checking the code…');
  try {
    const res = await api('POST', actionPath('otp'), { client_secret: state.secret, otp });
    if (res.status === 200 && res.body) render(res.body, true);
    else await handleRefusal(res, (param) => (param === 'otp' ? els.otp : undefined));
  } catch (err) {
    if (!(err instanceof NetworkError)) throw err;
    els.otpAlert.textContent = "We couldn't reach Nairaflow. Check your connection and try again.";
  } finally {
    setBusy(els.otpButton, false);
  }
}

/** The answer to the step asked for, as the API takes it; or the field to fix first. */
function stepAnswer() {
  const required = (input, message) => (input.value.trim() === '' ? { input, message } : undefined);
  switch (state.step) {
    case 'pin': {
      const pin = els.pin.value.replace(/\D/g, '');
      return pin.length === 4 ? { answer: { pin } } : { problem: { input: els.pin, message: 'Enter the 4 digits of your card PIN.' } };
    }
    case 'phone': {
      const phone = els.phone.value.replace(/[\s()-]/g, '');
      return /^\+?[0-9]{7,15}$/.test(phone) ? { answer: { phone } } : { problem: { input: els.phone, message: 'Enter your phone number, digits only (a leading + is fine).' } };
    }
    case 'birthday':
      return /^\d{4}-\d{2}-\d{2}$/.test(els.birthday.value) ? { answer: { birthday: els.birthday.value } } : { problem: { input: els.birthday, message: 'Enter your date of birth.' } };
    case 'address': {
      const problem =
        required(els.street, 'Enter your street address.') ??
        required(els.city, 'Enter your city.') ??
        required(els.addressState, 'Enter your state.') ??
        required(els.zip, 'Enter your postal code.');
      if (problem) return { problem };
      return { answer: { address: { street: els.street.value.trim(), city: els.city.value.trim(), state: els.addressState.value.trim(), zip_code: els.zip.value.trim() } } };
    }
  }
  return { problem: undefined };
}

/** The input a refusal's `param` names, in the step view. */
function stepInput(param) {
  const inputs = { pin: els.pin, phone: els.phone, birthday: els.birthday, address: els.street, 'address.street': els.street, 'address.city': els.city, 'address.state': els.addressState, 'address.zip_code': els.zip };
  return Object.hasOwn(inputs, param) ? inputs[param] : undefined;
}

async function onStep(event) {
  event.preventDefault();
  if (state.busy) return;
  els.stepAlert.textContent = '';
  const { answer, problem } = stepAnswer();
  if (!answer) {
    if (problem) {
      setFieldError(problem.input, problem.message);
      problem.input.focus();
    }
    return;
  }
  for (const input of [els.pin, els.phone, els.birthday, els.street, els.city, els.addressState, els.zip]) clearFieldError(input);
  // The PIN is sent once and not kept, not even in the form.
  els.pin.value = '';
  setBusy(els.stepButton, true);
  announce('Checking with your bank…');
  try {
    const res = await api('POST', actionPath('authenticate'), { client_secret: state.secret, ...answer });
    if (res.status === 200 && res.body) render(res.body, true);
    else await handleRefusal(res, stepInput);
  } catch (err) {
    if (!(err instanceof NetworkError)) throw err;
    els.stepAlert.textContent = "We couldn't reach Nairaflow. Check your connection and try again.";
  } finally {
    setBusy(els.stepButton, false);
  }
}

function onTestCard(event) {
  const button = event.target.closest('.test-card');
  if (!button) return;
  els.number.value = button.dataset.number;
  onNumberInput();
  clearFieldError(els.number);
  // Make the form payable in one go: any future date and any CVC do in test mode.
  if (els.expiry.value === '') els.expiry.value = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;
  if (els.cvc.value === '') els.cvc.value = '123';
  const next = state.view?.needs_email && els.email.value.trim() === '' ? els.email : els.payButton;
  next.focus();
  announce(`Test card ${els.number.value} filled in.`);
}

// ---------------------------------------------------------------- start

function start() {
  let secret = '';
  try {
    secret = decodeURIComponent(location.pathname.replace(/^\/pay\//, '').replace(/\/+$/, ''));
  } catch {
    secret = '';
  }
  const match = SECRET_PATTERN.exec(secret);
  if (!match) return renderNotFound();
  state.secret = secret;
  state.intentId = match[1];

  els.number.addEventListener('input', onNumberInput);
  els.expiry.addEventListener('input', onExpiryInput);
  els.cvc.addEventListener('input', onCvcInput);
  els.otp.addEventListener('input', onOtpInput);
  els.email.addEventListener('input', () => {
    if (els.email.getAttribute('aria-invalid') === 'true' && emailProblem(els.email.value.trim()) === '') clearFieldError(els.email);
  });
  for (const input of [els.email, els.number, els.expiry, els.cvc]) input.addEventListener('blur', onFieldBlur);
  els.cardForm.addEventListener('submit', onPay);
  els.otpForm.addEventListener('submit', onOtp);
  els.stepForm.addEventListener('submit', onStep);
  $('step-change-card').addEventListener('click', () => showView('form', els.number));
  els.testCards.addEventListener('click', onTestCard);
  // The bank's code never came, or the customer prefers another card: a new confirm replaces the attempt.
  $('otp-change-card').addEventListener('click', () => showView('form', els.number));
  // Coming back to a tab that was asleep mid-processing: ask again at once.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && state.pollTimer !== undefined) {
      state.pollDelay = 0;
      schedulePoll();
    }
  });
  load();
}

start();
