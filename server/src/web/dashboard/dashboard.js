// Nairaflow merchant dashboard: served as is (no framework, no build step), loaded as a module.
// The session cookie is HttpOnly, so this script never sees it; it sends the session's CSRF token
// with every change. Every piece of data is put on the page as text (textContent, createElement),
// never as HTML.

const MODES = ['test', 'live'];
const PAGE_SIZE = 20;
/** How often an event page asks how its delivery is going while one is due. */
const DELIVERY_POLL_MS = 1000;
/** How often a payment page looks again while the payment is with the processor. */
const PROCESSING_POLL_MS = 2000;
/** The API's largest amount (10^15 kobo); below 2^53, so it is still exact as a JSON number. */
const MAX_KOBO = 1_000_000_000_000_000n;

const PAYMENT_STATUS = {
  requires_authentication: { label: 'Awaiting payment', tone: 'neutral' },
  processing: { label: 'Processing', tone: 'info' },
  succeeded: { label: 'Succeeded', tone: 'success' },
  canceled: { label: 'Canceled', tone: 'muted' },
};

const ATTEMPT_STATUS = {
  requires_otp: { label: 'Waiting for the one-time code', tone: 'info' },
  processing: { label: 'Processing', tone: 'info' },
  succeeded: { label: 'Succeeded', tone: 'success' },
  failed: { label: 'Failed', tone: 'error' },
  abandoned: { label: 'Abandoned', tone: 'muted' },
};

const DELIVERY_STATUS = {
  pending: { label: 'Pending', tone: 'info' },
  succeeded: { label: 'Succeeded', tone: 'success' },
  failed: { label: 'Failed', tone: 'error' },
  no_endpoint: { label: 'No endpoint', tone: 'muted' },
  endpoint_disabled: { label: 'Endpoint disabled', tone: 'error' },
};

/** Why a card attempt failed, in words (the code itself is shown beside it). */
const FAILURE_WORDS = {
  card_declined: 'card declined',
  insufficient_funds: 'insufficient funds',
  invalid_otp: 'wrong one-time code',
  processor_declined: 'declined by the processor',
  test_card_in_live_mode: 'test card used in live mode',
  expired_card: 'card expired',
  incorrect_cvc: 'incorrect security code',
  do_not_honor: 'declined by the bank',
};

const CANCELLATION_WORDS = {
  requested_by_merchant: 'canceled by you',
  expired: 'expired unpaid',
};

const LEDGER_TYPES = {
  payment: 'Payment',
  settlement: 'Payment settled',
  refund: 'Refund',
  refund_failed: 'Refund returned (the card could not take it)',
  payout: 'Payout',
  payout_failed: 'Payout returned',
  top_up: 'Test top-up',
};

/** What reconciliation found, in words. */
const RECONCILIATION_PROBLEMS = {
  missing_ours: 'Paystack has it; Nairaflow does not',
  missing_theirs: 'Nairaflow has it; Paystack does not',
  amount: 'The amounts differ',
  status: 'The statuses differ',
};
const RECONCILIATION_KINDS = { charge: 'Card payment', transfer: 'Payout', refund: 'Refund' };

/** The overlap choices after rolling the webhook signing secret, in seconds. */
const SECRET_OVERLAPS = [
  { seconds: 0, label: 'End the old secret now' },
  { seconds: 3600, label: 'Keep the old secret for 1 hour' },
  { seconds: 86400, label: 'Keep the old secret for 24 hours' },
  { seconds: 259200, label: 'Keep the old secret for 3 days' },
  { seconds: 604800, label: 'Keep the old secret for 7 days' },
];

const EVENT_TYPES = ['payment_intent.succeeded', 'payment_intent.failed', 'payment_intent.canceled', 'refund.succeeded', 'webhook.test'];

// ---------------------------------------------------------------- money and time

/** "250000" (kobo) -> "₦2,500.00"; "-5000" -> "−₦50.00". BigInt and strings only: no float ever holds money. */
export function formatKobo(kobo, { signed = false } = {}) {
  const text = String(kobo);
  if (!/^-?\d+$/.test(text)) return text;
  const value = BigInt(text);
  const abs = value < 0n ? -value : value;
  const naira = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const formatted = `₦${naira}.${(abs % 100n).toString().padStart(2, '0')}`;
  if (value < 0n) return `\u2212${formatted}`;
  return signed && value > 0n ? `+${formatted}` : formatted;
}

/**
 * What the merchant typed as naira ("1,500.50", "₦200", "0.5") -> kobo as a BigInt, from the
 * digits: { empty } for nothing, { error } in words for anything that is not an exact amount.
 */
export function parseNaira(input) {
  const text = input.trim().replace(/^(?:₦|NGN)\s*/i, '').replace(/\s+/g, '');
  if (text === '') return { empty: true };
  if (text.startsWith('-')) return { error: 'Enter an amount above ₦0.00.' };
  if (/\.\d{3,}$/.test(text)) return { error: 'Use at most 2 decimal places (kobo), like 1,500.50.' };
  const match = /^(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d{0,2}))?$/.exec(text);
  if (match === null || (match[1] === '' && (match[2] ?? '') === '')) {
    return { error: 'Enter an amount in naira, like 1,500.50.' };
  }
  const whole = (match[1] ?? '').replaceAll(',', '') || '0';
  const kobo = BigInt(whole) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
  if (kobo === 0n) return { error: 'Enter an amount above ₦0.00.' };
  if (kobo > MAX_KOBO) return { error: `Enter at most ${formatKobo(MAX_KOBO.toString())}.` };
  return { kobo };
}

function utcText(date) {
  return date.toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
}

/**
 * A <time> in the viewer's local time, with the UTC time in its title; "—" for none. `value` is an
 * ISO string or Unix seconds (events' `created`). `short` leaves out the seconds (in tables).
 */
function timeEl(value, { short = false } = {}) {
  if (value === null || value === undefined) return h('span', { class: 'none' }, '—');
  const date = typeof value === 'number' ? new Date(value * 1000) : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const text = date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: short ? 'short' : 'medium' });
  return h('time', { datetime: date.toISOString(), title: utcText(date) }, text);
}

const maskedKey = (key) => `${key.prefix}••••${key.last4}`;

// ---------------------------------------------------------------- DOM

/** createElement with attributes, properties (hidden, disabled, value), listeners (onclick) and text children. */
function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(props ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'class') el.className = value;
    else if (name.startsWith('on') && typeof value === 'function') el.addEventListener(name.slice(2), value);
    else if (name === 'hidden' || name === 'disabled' || name === 'value' || name === 'selected') el[name] = value;
    else el.setAttribute(name, value === true ? '' : String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

let idCounter = 0;
const uniqueId = (stem) => `${stem}-${++idCounter}`;

function badge(map, value) {
  const known = Object.hasOwn(map, value) ? map[value] : { label: value, tone: 'neutral' };
  return h('span', { class: `badge badge-${known.tone}` }, known.label);
}

function link(href, text, props = {}) {
  return h('a', { href, ...props }, text);
}

function pre(json) {
  return h('pre', { class: 'code', tabindex: '0' }, JSON.stringify(json, null, 2));
}

/** A <dl> from [label, value] rows; rows whose value is undefined are left out. */
function detailList(rows, className = 'details') {
  return h(
    'dl',
    { class: className },
    rows.filter(([, value]) => value !== undefined).map(([label, value]) => h('div', { class: 'detail' }, h('dt', {}, label), h('dd', {}, value ?? '—'))),
  );
}

/** A table in its own scrolling container, so a wide one never widens the page on a phone. */
function table({ caption, columns, rows, empty }) {
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
        rows.map((row) => h('tr', { class: row.linked ? 'row-linked' : undefined }, columns.map((c, i) => h(i === 0 ? 'th' : 'td', { scope: i === 0 ? 'row' : undefined, class: c.class }, row.cells[i])))),
      ),
    ),
  );
}

function section(title, ...children) {
  const id = uniqueId('section');
  return h('section', { class: 'card', 'aria-labelledby': id }, h('h2', { class: 'card-title', id }, title), children);
}

// ---------------------------------------------------------------- API

class ApiError extends Error {
  constructor(status, code, message, param, retryAfter) {
    super(message);
    this.status = status;
    this.code = code;
    this.param = param;
    this.retryAfter = retryAfter;
  }
}

/** Thrown after a 401 authentication_required: the sign-in view is already showing; nothing else to do. */
class SessionEnded extends Error {}

function fallbackMessage(status) {
  if (status === 404) return 'Not found.';
  if (status === 429) return 'Too many requests. Wait a few seconds, then try again.';
  if (status >= 500) return 'Something went wrong on our side. Try again in a moment.';
  return `The request failed (HTTP ${status}).`;
}

/**
 * One call to this origin's API with the session cookie: the mode header on /v1, the CSRF token on
 * every change. Resolves to the parsed body; rejects with ApiError (message in words) or SessionEnded.
 */
async function api(method, path, { body, idempotencyKey, signingIn = false } = {}) {
  const headers = { Accept: 'application/json' };
  if (path.startsWith('/v1/')) headers['Nairaflow-Mode'] = state.mode;
  if (method !== 'GET' && state.session !== null) headers['X-CSRF-Token'] = state.session.csrf_token;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (idempotencyKey !== undefined) headers['Idempotency-Key'] = idempotencyKey;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(0, 'network_error', "Couldn't reach Nairaflow. Check your internet connection and try again.");
  }
  let parsed = null;
  if (response.status !== 204) {
    try {
      parsed = await response.json();
    } catch {
      parsed = null;
    }
  }
  if (response.ok) return parsed;

  const error = parsed?.error ?? {};
  const retryAfter = Number.parseInt(response.headers.get('Retry-After') ?? '', 10);
  const failure = new ApiError(
    response.status,
    typeof error.code === 'string' ? error.code : 'unknown',
    typeof error.message === 'string' && error.message !== '' ? error.message : fallbackMessage(response.status),
    typeof error.param === 'string' ? error.param : undefined,
    Number.isFinite(retryAfter) ? retryAfter : undefined,
  );
  if (response.status === 401 && failure.code === 'authentication_required' && !signingIn) {
    sessionEnded('Your session has ended. Sign in again to continue.');
    throw new SessionEnded();
  }
  if (response.status === 403 && failure.code === 'csrf_token_invalid') {
    await reloadSession();
    failure.message = 'Your session was refreshed for security, so nothing was changed. Please try again.';
  }
  return Promise.reject(failure);
}

const v1 = (path, query = {}) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  const search = params.toString();
  return `/v1/${path}${search === '' ? '' : `?${search}`}`;
};

// ---------------------------------------------------------------- state and chrome

const state = {
  /** The DashboardSession, or null when signed out. */
  session: null,
  mode: 'test',
  /** Bumped by every render; an answer for an older one is dropped. */
  renderId: 0,
  /** The path of the last rendered route, to tell a new view from a new page of the same list. */
  renderedPath: '',
  /** A message for the next render to place near what it is about ({ anchor, text, tone }). */
  flash: null,
  /** A secret to show once, by the next render ({ anchor, title, secret, note }). */
  reveal: null,
  /** The element the next render should focus instead of the heading. */
  focusAfterRender: null,
  /** Timers of the current view (polling), cleared by the next render. */
  timers: [],
  /** @type {number | undefined} */ expiryTimer: undefined,
};

const els = {
  boot: $('boot'),
  strip: $('test-strip'),
  announcer: $('announcer'),
  signinPage: $('signin-page'),
  signinTitle: $('signin-title'),
  signinNotice: $('signin-notice'),
  signinAlert: $('signin-alert'),
  signinForm: /** @type {HTMLFormElement} */ ($('signin-form')),
  signinEmail: /** @type {HTMLInputElement} */ ($('signin-email')),
  signinPassword: /** @type {HTMLInputElement} */ ($('signin-password')),
  signinButton: /** @type {HTMLButtonElement} */ ($('signin-button')),
  app: $('app'),
  main: $('main'),
  logo: $('merchant-logo'),
  merchantName: $('merchant-name'),
  merchantUser: $('merchant-user'),
  modeToggle: $('mode-toggle'),
  signout: /** @type {HTMLButtonElement} */ ($('signout-button')),
  navLinks: [...document.querySelectorAll('.nav-link')],
  dialog: /** @type {HTMLDialogElement} */ ($('confirm-dialog')),
  dialogTitle: $('confirm-title'),
  dialogMessage: $('confirm-message'),
  dialogOk: /** @type {HTMLButtonElement} */ ($('confirm-ok')),
  dialogCancel: /** @type {HTMLButtonElement} */ ($('confirm-cancel')),
};

function announce(text) {
  // Cleared first so that the same message twice in a row is still read out.
  els.announcer.textContent = '';
  window.setTimeout(() => {
    els.announcer.textContent = text;
  }, 50);
}

function clearTimers() {
  for (const timer of state.timers) window.clearTimeout(timer);
  state.timers = [];
}

function later(ms, fn) {
  state.timers.push(window.setTimeout(fn, ms));
}

function initials(name) {
  const words = name.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
  const letters = words.slice(0, 2).map((word) => [...word.replace(/^[^\p{L}\p{N}]+/u, '')][0] ?? '');
  return (letters.join('') || '?').toUpperCase();
}

function renderMerchant() {
  const { merchant, user } = state.session;
  els.merchantName.textContent = merchant.name;
  els.merchantUser.textContent = user.email;
  const url = merchant.logo_url;
  if (typeof url === 'string' && /^https:\/\//i.test(url)) {
    const img = h('img', { alt: '', referrerpolicy: 'no-referrer', decoding: 'async' });
    img.addEventListener('error', () => els.logo.replaceChildren(initials(merchant.name)), { once: true });
    img.src = url;
    els.logo.replaceChildren(img);
  } else {
    els.logo.replaceChildren(initials(merchant.name));
  }
}

function renderChrome(route) {
  const test = route.mode === 'test';
  els.strip.hidden = !test;
  document.body.classList.toggle('mode-test', test);
  els.modeToggle.setAttribute('aria-checked', String(test));
  for (const a of els.navLinks) {
    const sectionName = a.dataset.section;
    a.setAttribute('href', `#/${route.mode}/${sectionName}`);
    if (sectionName === route.section) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
}

// ---------------------------------------------------------------- session

function scheduleExpiryCheck() {
  window.clearTimeout(state.expiryTimer);
  const at = Date.parse(state.session?.expires_at ?? '');
  if (!Number.isFinite(at)) return;
  // setTimeout holds at most 2^31-1 ms; a longer session is checked again then.
  const wait = Math.min(Math.max(at - Date.now() + 1000, 1000), 2 ** 31 - 1);
  state.expiryTimer = window.setTimeout(() => void reloadSession(), wait);
}

/** Asks for the session again (a new CSRF token, a later expiry); signs out of the page when it has ended. */
async function reloadSession() {
  try {
    const session = await fetchSession();
    if (session === null) return sessionEnded('Your session has ended. Sign in again to continue.');
    state.session = session;
    renderMerchant();
    scheduleExpiryCheck();
  } catch {
    // The next call tells; nothing to show now.
  }
}

/** The session, or null when not signed in. */
async function fetchSession() {
  try {
    return await api('GET', '/dashboard/api/session', { signingIn: true });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

function sessionEnded(notice) {
  if (state.session === null && !els.signinPage.hidden) return;
  state.session = null;
  window.clearTimeout(state.expiryTimer);
  showSignIn({ notice });
}

function showSignIn({ notice = '', alert = '' } = {}) {
  clearTimers();
  state.renderId++;
  if (els.dialog.open) els.dialog.close();
  els.boot.hidden = true;
  els.app.hidden = true;
  els.strip.hidden = true;
  els.main.replaceChildren();
  state.renderedPath = '';
  els.signinPage.hidden = false;
  els.signinNotice.textContent = notice;
  els.signinNotice.hidden = notice === '';
  els.signinAlert.textContent = alert;
  els.signinPassword.value = '';
  clearFieldError(els.signinEmail);
  clearFieldError(els.signinPassword);
  document.title = 'Sign in · Nairaflow';
  els.signinTitle.focus();
}

function showApp() {
  els.boot.hidden = true;
  els.signinPage.hidden = true;
  els.app.hidden = false;
  renderMerchant();
  scheduleExpiryCheck();
}

function setFieldError(input, message) {
  const error = $(`${input.id}-error`);
  error.textContent = message;
  error.hidden = false;
  input.setAttribute('aria-invalid', 'true');
  const described = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  if (!described.includes(error.id)) input.setAttribute('aria-describedby', [...described, error.id].join(' '));
}

function clearFieldError(input) {
  const error = $(`${input.id}-error`);
  if (error === null) return;
  error.textContent = '';
  error.hidden = true;
  input.removeAttribute('aria-invalid');
  const described = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id && id !== error.id);
  if (described.length > 0) input.setAttribute('aria-describedby', described.join(' '));
  else input.removeAttribute('aria-describedby');
}

function setBusy(button, busy) {
  button.disabled = busy;
  if (busy) button.setAttribute('aria-busy', 'true');
  else button.removeAttribute('aria-busy');
}

let signinUnlockTimer;

async function onSignIn(event) {
  event.preventDefault();
  els.signinAlert.textContent = '';
  els.signinNotice.hidden = true;
  clearFieldError(els.signinEmail);
  clearFieldError(els.signinPassword);
  const email = els.signinEmail.value.trim();
  const password = els.signinPassword.value;
  if (email === '') setFieldError(els.signinEmail, 'Enter your e-mail address.');
  if (password === '') setFieldError(els.signinPassword, 'Enter your password.');
  if (email === '' || password === '') return (email === '' ? els.signinEmail : els.signinPassword).focus();

  setBusy(els.signinButton, true);
  try {
    state.session = await api('POST', '/dashboard/api/session', { body: { email, password }, signingIn: true });
  } catch (err) {
    setBusy(els.signinButton, false);
    if (!(err instanceof ApiError)) throw err;
    els.signinPassword.value = '';
    if (err.status === 429) {
      const seconds = err.retryAfter ?? 60;
      els.signinAlert.textContent = `Too many attempts, try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
      // The button stays off until the wait is over, so a press cannot extend the lock-out.
      els.signinButton.disabled = true;
      window.clearTimeout(signinUnlockTimer);
      signinUnlockTimer = window.setTimeout(() => {
        els.signinButton.disabled = false;
      }, seconds * 1000);
      return;
    }
    if (err.param === 'email') {
      setFieldError(els.signinEmail, err.message);
      return els.signinEmail.focus();
    }
    if (err.param === 'password') {
      setFieldError(els.signinPassword, err.message);
      return els.signinPassword.focus();
    }
    els.signinAlert.textContent = err.message;
    els.signinPassword.focus();
    return;
  }
  setBusy(els.signinButton, false);
  els.signinPassword.value = '';
  showApp();
  // With no view in the fragment, replacing it renders the default view (hashchange).
  if (parseRoute() === null) location.replace('#/test/payments');
  else await render({ focus: 'heading' });
}

async function onSignOut() {
  setBusy(els.signout, true);
  try {
    await api('DELETE', '/dashboard/api/session');
  } catch (err) {
    if (!(err instanceof SessionEnded)) announce(`Could not sign out: ${err.message}`);
    return;
  } finally {
    setBusy(els.signout, false);
  }
  state.session = null;
  window.clearTimeout(state.expiryTimer);
  // A fresh start: the next sign-in opens the default view, not this user's last page.
  history.replaceState(null, '', '/dashboard');
  showSignIn({ notice: 'You have signed out.' });
}

// ---------------------------------------------------------------- confirmation dialog

/** A native modal dialog (focus trapped, Escape cancels); resolves to true when confirmed. */
function confirmAction({ title, message, confirm, danger = false }) {
  const { dialog } = els;
  const opener = /** @type {HTMLElement | null} */ (document.activeElement);
  els.dialogTitle.textContent = title;
  els.dialogMessage.textContent = message;
  els.dialogOk.textContent = confirm;
  els.dialogOk.className = `button ${danger ? 'button-danger' : 'button-primary'}`;
  return new Promise((resolve) => {
    const finish = (ok) => {
      els.dialogOk.onclick = null;
      els.dialogCancel.onclick = null;
      dialog.oncancel = null;
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
      resolve(ok);
    };
    els.dialogOk.onclick = () => finish(true);
    els.dialogCancel.onclick = () => finish(false);
    dialog.oncancel = (event) => {
      event.preventDefault();
      finish(false);
    };
    dialog.showModal();
    // The safe choice has focus: Enter alone never refunds or rolls anything.
    els.dialogCancel.focus();
  });
}

// ---------------------------------------------------------------- routing

/**
 * "#/test/payments?status=succeeded" -> { mode, section, id, path, query }; null when the fragment
 * names no mode (the default view is then shown).
 */
function parseRoute() {
  const raw = location.hash.replace(/^#\/?/, '');
  const [pathPart = '', queryPart = ''] = raw.split('?');
  let parts;
  try {
    parts = pathPart.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
  const [mode, sectionName = 'payments', ...rest] = parts;
  if (!MODES.includes(mode)) return null;
  return { mode, section: sectionName, rest, path: parts.join('/'), query: new URLSearchParams(queryPart) };
}

function hrefFor(mode, parts, query = {}) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') params.set(name, value);
  const search = params.toString();
  return `#/${mode}/${parts.map(encodeURIComponent).join('/')}${search === '' ? '' : `?${search}`}`;
}

const here = (parts, query) => hrefFor(state.mode, parts, query);

function navigate(href) {
  if (location.hash === href) return render({ focus: 'heading' });
  location.hash = href;
}

function viewFor(route) {
  const [first, second] = route.rest;
  switch (route.section) {
    case 'payments':
      if (first === undefined) return viewPayments;
      if (second === undefined) return viewPayment;
      return undefined;
    case 'balance':
      return first === undefined ? viewBalance : undefined;
    case 'webhooks':
      if (first === undefined) return viewWebhooks;
      if (first === 'events' && second !== undefined && route.rest.length === 2) return viewEvent;
      return undefined;
    case 'api-keys':
      return first === undefined ? viewApiKeys : undefined;
    default:
      return undefined;
  }
}

/**
 * Draws the route in the fragment. focus: 'heading' (a new view: its h1), 'list' (another page of
 * the same list), 'none' (a refresh after an action; a flash or revealed secret takes focus).
 */
async function render({ focus = 'heading' } = {}) {
  if (state.session === null) return;
  const route = parseRoute();
  if (route === null) {
    location.replace('#/test/payments');
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
  else if (focus === 'list') (els.main.querySelector('[data-list-top]') ?? title)?.focus();
}

/** Redraws the current view after an action, with a message near what it changed. */
function refresh(flash) {
  state.flash = flash ?? null;
  return render({ focus: 'none' });
}

/** A place for the flash message meant for `anchor`; it takes focus after the render. */
function flashSlot(anchor) {
  const flash = state.flash;
  if (flash === null || flash.anchor !== anchor) return null;
  const el = h('p', { class: `flash flash-${flash.tone ?? 'success'}`, tabindex: '-1' }, flash.text);
  state.focusAfterRender = el;
  return el;
}

/** The secret meant for `anchor`, shown this once with a copy button. */
function revealSlot(anchor) {
  const reveal = state.reveal;
  if (reveal === null || reveal.anchor !== anchor) return null;
  const titleId = uniqueId('reveal');
  const statusId = uniqueId('copy-status');
  const code = h('code', { class: 'secret-value', id: `${titleId}-value` }, reveal.secret);
  const status = h('p', { class: 'copy-status', id: statusId, role: 'status' });
  const title = h('h3', { class: 'reveal-title', id: titleId, tabindex: '-1' }, reveal.title);
  state.focusAfterRender = title;
  // "Saved it" takes the secret off the page (and out of memory with the button's closure) rather
  // than leaving it on screen until the next view.
  const done = h('button', { type: 'button', class: 'button button-small' }, "I've saved it");
  const section = h(
    'section',
    { class: 'reveal', 'aria-labelledby': titleId },
    title,
    h('p', { class: 'reveal-warning' }, h('strong', {}, "This won't be shown again. "), reveal.note),
    h(
      'div',
      { class: 'secret-row' },
      code,
      h('button', { type: 'button', class: 'button button-secondary button-small', onclick: () => copySecret(reveal.secret, code, status) }, 'Copy'),
    ),
    status,
    done,
  );
  done.addEventListener('click', () => {
    section.remove();
    els.main.querySelector('h1')?.focus();
  });
  return section;
}

async function copySecret(secret, code, status) {
  try {
    await navigator.clipboard.writeText(secret);
    status.textContent = 'Copied to the clipboard.';
  } catch {
    // No clipboard access (permissions, an old browser): select it for Ctrl+C instead.
    const range = document.createRange();
    range.selectNodeContents(code);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    status.textContent = 'Selected: press Ctrl+C (or ⌘C) to copy.';
  }
}

/** Shows an API error in words in the form's alert, and beside the field it names. */
function showFormError(alertEl, err, fields = {}) {
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

function heading(text, { lead, extra } = {}) {
  return h('div', { class: 'page-head' }, h('div', {}, h('h1', { class: 'page-title', tabindex: '-1' }, text), lead ? h('p', { class: 'lead' }, lead) : null), extra ?? null);
}

function backLink(href, text) {
  return h('p', { class: 'back' }, h('a', { href }, h('span', { 'aria-hidden': 'true' }, '← '), text));
}

/** Previous / Next for a list answered with `starting_after` or `ending_before`. */
function pager(route, list, baseQuery) {
  const after = route.query.get('starting_after');
  const before = route.query.get('ending_before');
  const first = list.data[0]?.id;
  const last = list.data.at(-1)?.id;
  const hasPrevious = before !== null ? list.has_more : after !== null;
  const hasNext = before !== null ? true : list.has_more;
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

function cursorQuery(route) {
  return { starting_after: route.query.get('starting_after') ?? undefined, ending_before: route.query.get('ending_before') ?? undefined };
}

/** A section whose data failed to load says so in place; the rest of the page still works. */
function inlineError(err) {
  if (err instanceof SessionEnded) throw err;
  return h('p', { class: 'inline-error', role: 'alert' }, err instanceof ApiError ? err.message : 'Could not load this part of the page.');
}

// ---------------------------------------------------------------- views: payments

async function viewPayments(route) {
  const status = route.query.get('status') ?? '';
  const list = await api('GET', v1('payment_intents', { limit: PAGE_SIZE, status, ...cursorQuery(route) }));

  const select = h(
    'select',
    { id: 'status-filter', name: 'status' },
    h('option', { value: '' }, 'All payments'),
    Object.entries(PAYMENT_STATUS).map(([value, { label }]) => h('option', { value, selected: value === status }, label)),
  );
  select.addEventListener('change', () => {
    location.hash = here(['payments'], { status: select.value });
  });

  const empty =
    status !== ''
      ? `No payments are ${PAYMENT_STATUS[status]?.label.toLowerCase() ?? status}.`
      : state.mode === 'live'
        ? 'No live payments yet. They appear here once your server creates payment intents with your live key.'
        : 'No test payments yet. Create a payment intent with your test key and it appears here.';

  return h(
    'div',
    { class: 'view' },
    heading('Payments', { lead: 'Newest first.' }),
    h('div', { class: 'toolbar' }, h('div', { class: 'field field-inline' }, h('label', { for: 'status-filter' }, 'Status'), select)),
    table({
      caption: 'Payments, newest first',
      columns: [
        { label: 'Amount', class: 'num' },
        { label: 'Status', class: 'optional' },
        { label: 'Description', class: 'optional' },
        { label: 'Customer', class: 'optional' },
        { label: 'Created' },
      ],
      rows: list.data.map((pi) => ({
        linked: true,
        cells: [
          [
            link(here(['payments', pi.id]), formatKobo(pi.amount), { class: 'row-link', 'aria-label': `${formatKobo(pi.amount)}, ${PAYMENT_STATUS[pi.status]?.label ?? pi.status}, ${pi.description || pi.id}` }),
            // On a phone the status column is folded in here (the link's name already says it).
            h('span', { class: 'phone-only', 'aria-hidden': 'true' }, badge(PAYMENT_STATUS, pi.status)),
          ],
          badge(PAYMENT_STATUS, pi.status),
          pi.description ? h('span', { class: 'truncate' }, pi.description) : h('span', { class: 'mono muted' }, pi.id),
          pi.customer?.email ?? '—',
          timeEl(pi.created_at, { short: true }),
        ],
      })),
      empty,
    }),
    list.data.length > 0 || route.query.has('starting_after') || route.query.has('ending_before') ? pager(route, list, { status }) : null,
  );
}

async function viewPayment(route) {
  const id = route.rest[0];
  let intent;
  try {
    intent = await api('GET', v1(`payment_intents/${encodeURIComponent(id)}`));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) {
      return viewMissing('Payment not found', `There is no ${state.mode} payment ${id}.`, here(['payments']), 'Back to payments');
    }
    throw err;
  }
  const [attempts, refunds, events] = await Promise.allSettled([
    api('GET', v1(`payment_intents/${encodeURIComponent(id)}/attempts`)),
    api('GET', v1('refunds', { payment_intent: id, limit: 100 })),
    api('GET', v1('events', { payment_intent: id, limit: 100 })),
  ]);
  for (const result of [attempts, refunds, events]) {
    if (result.status === 'rejected' && result.reason instanceof SessionEnded) throw result.reason;
  }
  if (intent.status === 'processing') later(PROCESSING_POLL_MS, () => void refresh());

  const remaining = (BigInt(intent.amount) - BigInt(intent.amount_refunded)).toString();
  const net = intent.service_fee === null ? null : (BigInt(intent.amount) - BigInt(intent.service_fee)).toString();

  const summary = h(
    'div',
    { class: 'payment-head' },
    h(
      'div',
      { class: 'payment-title' },
      h('h1', { class: 'page-title amount-title', tabindex: '-1' }, h('span', { class: 'visually-hidden' }, 'Payment of '), formatKobo(intent.amount)),
      badge(PAYMENT_STATUS, intent.status),
    ),
    intent.description ? h('p', { class: 'lead' }, intent.description) : null,
    h('p', { class: 'mono muted' }, intent.id),
    h(
      'dl',
      { class: 'stats' },
      stat('Refunded', formatKobo(intent.amount_refunded)),
      stat('Service fee', intent.service_fee === null ? '—' : formatKobo(intent.service_fee)),
      stat('To your balance', net === null ? '—' : formatKobo(net)),
      stat('Customer', intent.customer?.email ?? '—'),
    ),
  );

  const side = [];
  side.push(flashSlot('payment'));
  if (intent.status === 'succeeded' && BigInt(remaining) > 0n) side.push(refundForm(intent, remaining));
  if (intent.status === 'succeeded' && BigInt(remaining) === 0n) side.push(section('Refund', h('p', { class: 'muted' }, 'This payment has been refunded in full.')));
  if (intent.status === 'requires_authentication') side.push(cancelSection(intent));
  side.push(section('Details', paymentDetails(intent)));

  return h(
    'div',
    { class: 'view' },
    backLink(here(['payments']), 'Payments'),
    summary,
    h(
      'div',
      { class: 'columns' },
      h(
        'div',
        { class: 'column-main' },
        section('Timeline', timeline(intent, attempts, refunds)),
        section('Events', events.status === 'fulfilled' ? eventsTable(events.value.data, 'No events for this payment yet.', { compact: true }) : inlineError(events.reason)),
      ),
      h('div', { class: 'column-side' }, side),
    ),
  );
}

function stat(label, value) {
  return h('div', { class: 'stat' }, h('dt', {}, label), h('dd', {}, value));
}

function paymentDetails(intent) {
  const status = PAYMENT_STATUS[intent.status]?.label;
  return [
    detailList([
      ['ID', h('span', { class: 'mono' }, intent.id)],
      ['Amount', formatKobo(intent.amount)],
      ['Amount refunded', formatKobo(intent.amount_refunded)],
      ['Service fee', intent.service_fee === null ? null : formatKobo(intent.service_fee)],
      ['Status', h('span', {}, status ? `${status} ` : '', h('span', { class: 'mono muted' }, `(${intent.status})`))],
      ['Description', intent.description || null],
      ['Customer e-mail', intent.customer?.email ?? null],
      ['Customer phone', intent.customer?.phone ?? null],
      ['Method', intent.method],
      ['Created', timeEl(intent.created_at)],
      ['Expires', timeEl(intent.expires_at)],
      ['Succeeded', timeEl(intent.succeeded_at)],
      ['Canceled', timeEl(intent.canceled_at)],
      ['Cancellation reason', intent.cancellation_reason === null ? null : `${CANCELLATION_WORDS[intent.cancellation_reason] ?? ''} (${intent.cancellation_reason})`],
      ['Last error', intent.last_error === null ? null : h('span', {}, `${FAILURE_WORDS[intent.last_error] ?? 'failed'} `, h('span', { class: 'mono muted' }, `(${intent.last_error})`))],
      ['Next action', intent.next_action === null ? null : intent.next_action.type === 'otp' ? 'Customer enters a one-time code' : JSON.stringify(intent.next_action)],
      ['Mode', intent.livemode ? 'Live' : 'Test'],
    ]),
    h('h3', { class: 'subheading' }, 'Metadata'),
    pre(intent.metadata),
    h('details', { class: 'raw' }, h('summary', {}, 'Raw JSON'), pre(intent)),
  ];
}

function timeline(intent, attempts, refunds) {
  const items = [];
  const add = (at, rank, title, body, tone = 'neutral') => items.push({ at: Date.parse(at), rank, title, body, tone, iso: at });
  add(intent.created_at, 0, 'Payment created', `${formatKobo(intent.amount)}${intent.description ? ` · ${intent.description}` : ''}`);
  if (attempts.status === 'fulfilled') {
    for (const attempt of attempts.value.data) {
      const outcome = ATTEMPT_STATUS[attempt.status] ?? { label: attempt.status, tone: 'neutral' };
      const card = attempt.card ? `${brandName(attempt.card.brand)} •••• ${attempt.card.last4}` : attempt.method;
      const why = attempt.failure_code === null ? '' : `: ${FAILURE_WORDS[attempt.failure_code] ?? 'failed'} (${attempt.failure_code})`;
      add(
        attempt.created_at,
        1,
        `Card payment attempt — ${outcome.label}`,
        h('span', {}, `${card}${why}`, finishedLater(attempt) ? h('span', { class: 'muted' }, ' · finished ', timeEl(attempt.completed_at)) : null),
        outcome.tone,
      );
    }
  }
  if (intent.succeeded_at !== null) {
    add(intent.succeeded_at, 2, 'Payment succeeded', intent.service_fee === null ? '' : `Service fee ${formatKobo(intent.service_fee)}`, 'success');
  }
  if (intent.canceled_at !== null) {
    add(intent.canceled_at, 2, 'Payment canceled', intent.cancellation_reason === null ? '' : `Reason: ${CANCELLATION_WORDS[intent.cancellation_reason] ?? intent.cancellation_reason}`, 'muted');
  }
  if (refunds.status === 'fulfilled') {
    for (const refund of refunds.value.data) add(refund.created_at, 3, `Refunded ${formatKobo(refund.amount)}`, h('span', { class: 'mono' }, refund.id), 'refund');
  }
  items.sort((a, b) => a.at - b.at || a.rank - b.rank);

  return [
    h(
      'ol',
      { class: 'timeline' },
      items.map((item) => h('li', { class: `timeline-item tone-${item.tone}` }, h('p', { class: 'timeline-title' }, item.title), item.body ? h('p', { class: 'timeline-body' }, item.body) : null, h('p', { class: 'timeline-time' }, timeEl(item.iso)))),
    ),
    attempts.status === 'rejected' ? inlineError(attempts.reason) : null,
    refunds.status === 'rejected' ? inlineError(refunds.reason) : null,
  ];
}

/** Whether an attempt's end is worth its own time: not when it ended within the second it began. */
function finishedLater(attempt) {
  return attempt.completed_at !== null && Date.parse(attempt.completed_at) - Date.parse(attempt.created_at) >= 1000;
}

function brandName(brand) {
  const names = { visa: 'Visa', mastercard: 'Mastercard', verve: 'Verve' };
  return names[String(brand).toLowerCase()] ?? String(brand);
}

function refundForm(intent, remaining) {
  const inputId = uniqueId('refund-amount');
  const hintId = `${inputId}-hint`;
  const input = h('input', { id: inputId, name: 'amount', type: 'text', inputmode: 'decimal', autocomplete: 'off', spellcheck: 'false', placeholder: formatKobo(remaining).slice(1), 'aria-describedby': hintId });
  const fieldError = h('p', { class: 'field-error', id: `${inputId}-error`, hidden: true });
  const alert = h('div', { class: 'alert alert-error', role: 'alert' });
  const button = h('button', { type: 'submit', class: 'button button-primary' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), h('span', {}, 'Refund'));
  /** The Idempotency-Key of the last submission, reused only when that same submission is retried. */
  let pending = null;

  const form = h(
    'form',
    { novalidate: true, class: 'form' },
    h(
      'div',
      { class: 'field' },
      h('label', { for: inputId }, 'Amount to refund (₦)'),
      input,
      h('p', { class: 'hint', id: hintId }, `Leave empty to refund what is left: ${formatKobo(remaining)}.`),
      fieldError,
    ),
    alert,
    button,
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    alert.textContent = '';
    clearFieldError(input);
    const parsed = parseNaira(input.value);
    if (parsed.error !== undefined) {
      setFieldError(input, parsed.error);
      return input.focus();
    }
    const amount = parsed.empty ? remaining : parsed.kobo.toString();
    const ok = await confirmAction({
      title: `Refund ${formatKobo(amount)}?`,
      message: `${formatKobo(amount)} of this ${formatKobo(intent.amount)} payment goes back to ${intent.customer?.email ?? 'the customer'}, from your available balance. A refund cannot be undone.`,
      confirm: `Refund ${formatKobo(amount)}`,
    });
    if (!ok) return;
    // The API takes kobo as a JSON integer; Number() is exact here because parseNaira caps it at
    // 10^15, below 2^53.
    const body = parsed.empty ? { payment_intent: intent.id } : { payment_intent: intent.id, amount: Number(parsed.kobo) };
    const fingerprint = JSON.stringify(body);
    if (pending === null || pending.fingerprint !== fingerprint) pending = { fingerprint, key: crypto.randomUUID() };
    setBusy(button, true);
    try {
      const refund = await api('POST', v1('refunds'), { body, idempotencyKey: pending.key });
      pending = null;
      await refresh({ anchor: 'payment', text: `Refunded ${formatKobo(refund.amount)} to ${intent.customer?.email ?? 'the customer'}.` });
    } catch (err) {
      setBusy(button, false);
      // Only a request whose outcome is unknown is retried with the same key; any answer ends it.
      if (!(err instanceof ApiError) || !(err.status === 0 || err.status >= 500 || err.code === 'idempotency_key_in_use')) pending = null;
      showFormError(alert, err, { amount: input });
    }
  });
  return section('Refund', form);
}

function cancelSection(intent) {
  const alert = h('div', { class: 'alert alert-error', role: 'alert' });
  const button = h('button', { type: 'button', class: 'button button-danger-outline' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), h('span', {}, 'Cancel payment'));
  button.addEventListener('click', async () => {
    alert.textContent = '';
    const ok = await confirmAction({
      title: 'Cancel this payment?',
      message: `The customer will no longer be able to pay ${formatKobo(intent.amount)} with this payment link. This cannot be undone.`,
      confirm: 'Cancel payment',
      danger: true,
    });
    if (!ok) return;
    setBusy(button, true);
    try {
      await api('POST', v1(`payment_intents/${encodeURIComponent(intent.id)}/cancel`));
      await refresh({ anchor: 'payment', text: 'Payment canceled. The customer can no longer pay it.' });
    } catch (err) {
      setBusy(button, false);
      showFormError(alert, err);
    }
  });
  return section('Cancel', h('p', { class: 'muted' }, 'The payment is still open: the customer can pay it until it expires.'), alert, button);
}

/** Events with their delivery; `compact` (type, time, delivery) where the column is narrow. */
function eventsTable(events, empty, { compact = false } = {}) {
  const columns = [{ label: 'Event' }, { label: 'Created' }, { label: 'Delivery' }];
  if (!compact) columns.push({ label: 'Attempts', class: 'num optional' }, { label: 'Next attempt', class: 'optional' });
  return table({
    caption: 'Events, newest first',
    columns,
    rows: events.map((event) => ({
      linked: true,
      cells: [
        link(here(['webhooks', 'events', event.id]), event.type, { class: 'row-link mono' }),
        timeEl(event.created, { short: true }),
        badge(DELIVERY_STATUS, event.delivery_status),
        String(event.attempts),
        timeEl(event.next_attempt_at, { short: true }),
      ].slice(0, columns.length),
    })),
    empty,
  });
}

// ---------------------------------------------------------------- views: balance

async function viewBalance(route) {
  const [balance, entries, notices] = await Promise.all([
    api('GET', v1('balance')),
    api('GET', v1('balance/entries', { limit: PAGE_SIZE, ...cursorQuery(route) })).catch((err) => err),
    state.mode === 'live' ? api('GET', '/dashboard/api/reconciliation').catch((err) => err) : Promise.resolve(null),
  ]);
  const entriesFailed = entries instanceof Error;
  if (entries instanceof SessionEnded) throw entries;
  if (notices instanceof SessionEnded) throw notices;

  return h(
    'div',
    { class: 'view' },
    heading('Balance'),
    flashSlot('balance'),
    h(
      'div',
      { class: 'columns' },
      h(
        'div',
        { class: 'column-main' },
        h(
          'section',
          { class: 'card balance-card', 'aria-labelledby': 'available-label' },
          h('h2', { class: 'balance-label', id: 'available-label' }, `Available ${state.mode === 'test' ? 'test ' : ''}balance`),
          h('p', { class: 'balance-amount' }, formatKobo(balance.available)),
          h('p', { class: 'muted' }, state.mode === 'live' ? 'Settled payments add to it, less the service fee; refunds and payouts are paid from it.' : 'Payments add to it, less the service fee; refunds are paid from it.'),
          state.mode === 'live'
            ? detailList([
                ['Pending', formatKobo(balance.pending)],
                ['On the way to your bank', formatKobo(balance.in_transit)],
              ])
            : null,
        ),
        notices === null || notices instanceof Error || notices.data.length === 0 ? null : reconciliationNotices(notices.data),
        section(
          'Balance history',
                entriesFailed
            ? inlineError(entries)
            : [
                table({
                  caption: 'Balance history, newest first',
                  columns: [{ label: 'Type' }, { label: 'Amount', class: 'num' }, { label: 'Payment', class: 'optional' }, { label: 'Date' }],
                  rows: entries.data.map((entry) => ({
                    cells: [
                      LEDGER_TYPES[entry.type] ?? entry.type,
                      h('span', { class: BigInt(entry.amount) < 0n ? 'amount-negative' : 'amount-positive' }, formatKobo(entry.amount, { signed: true })),
                      entry.payment_intent === null ? '—' : link(here(['payments', entry.payment_intent]), entry.payment_intent, { class: 'mono' }),
                      timeEl(entry.created_at, { short: true }),
                    ],
                  })),
                  empty: 'Nothing has moved yet.',
                }),
                entries.data.length > 0 || route.query.has('starting_after') || route.query.has('ending_before') ? pager(route, entries, {}) : null,
              ],
        ),
      ),
      state.mode === 'test' ? h('div', { class: 'column-side' }, topUpForm()) : null,
    ),
  );
}

/** What the daily reconciliation with Paystack found about this merchant's money. */
function reconciliationNotices(notices) {
  return h(
    'section',
    { class: 'card notice-card', 'aria-labelledby': 'reconciliation-title' },
    h('h2', { id: 'reconciliation-title' }, 'Reconciliation: differences with Paystack'),
    h('p', {}, 'The daily check against Paystack found these. Nothing is changed by it; contact support with the references below.'),
    table({
      caption: 'Differences found, newest day first',
      columns: [{ label: 'Day' }, { label: 'What' }, { label: 'Reference' }, { label: 'Difference' }, { label: 'Nairaflow', class: 'num' }, { label: 'Paystack', class: 'num' }],
      rows: notices.map((n) => ({
        cells: [
          n.date,
          RECONCILIATION_KINDS[n.kind] ?? n.kind,
          h('span', { class: 'mono' }, n.reference),
          RECONCILIATION_PROBLEMS[n.problem] ?? n.problem,
          n.ours_amount === null ? '—' : `${formatKobo(n.ours_amount)} (${n.ours_status})`,
          n.processor_amount === null ? '—' : `${formatKobo(n.processor_amount)} (${n.processor_status})`,
        ],
      })),
      empty: '',
    }),
  );
}

function topUpForm() {
  const input = h('input', { id: 'top-up-amount', name: 'amount', type: 'text', inputmode: 'decimal', autocomplete: 'off', placeholder: '10,000.00' });
  const alert = h('div', { class: 'alert alert-error', role: 'alert' });
  const button = h('button', { type: 'submit', class: 'button button-secondary' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), h('span', {}, 'Add test funds'));
  const form = h(
    'form',
    { novalidate: true, class: 'form' },
    h('p', { class: 'muted' }, 'Test mode only: add to your test balance, so test refunds have something to draw on.'),
    h('div', { class: 'field' }, h('label', { for: 'top-up-amount' }, 'Amount (₦)'), input, h('p', { class: 'field-error', id: 'top-up-amount-error', hidden: true })),
    alert,
    button,
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    alert.textContent = '';
    clearFieldError(input);
    const parsed = parseNaira(input.value);
    if (parsed.empty || parsed.error !== undefined) {
      setFieldError(input, parsed.error ?? 'Enter an amount, like 10,000.00.');
      return input.focus();
    }
    setBusy(button, true);
    try {
      await api('POST', v1('test_helpers/top_up'), { body: { amount: Number(parsed.kobo) } });
      await refresh({ anchor: 'balance', text: `Added ${formatKobo(parsed.kobo.toString())} of test funds.` });
    } catch (err) {
      setBusy(button, false);
      showFormError(alert, err, { amount: input });
    }
  });
  return section('Add test funds', form);
}

// ---------------------------------------------------------------- views: webhooks

async function viewWebhooks(route) {
  const type = route.query.get('type') ?? '';
  const [endpoint, events] = await Promise.all([
    api('GET', v1('webhook_endpoint')).catch((err) => {
      if (err instanceof ApiError && err.status === 404) return null;
      throw err;
    }),
    api('GET', v1('events', { limit: PAGE_SIZE, type, ...cursorQuery(route) })).catch((err) => err),
  ]);
  if (events instanceof SessionEnded) throw events;

  const select = h(
    'select',
    { id: 'event-type-filter' },
    h('option', { value: '' }, 'All events'),
    EVENT_TYPES.map((value) => h('option', { value, selected: value === type }, value)),
  );
  select.addEventListener('change', () => {
    location.hash = here(['webhooks'], { type: select.value });
  });

  return h(
    'div',
    { class: 'view' },
    heading('Webhooks', { lead: `Nairaflow POSTs every ${state.mode}-mode event to your endpoint, signed with its secret.` }),
    endpointSection(endpoint),
    section(
      'Events',
      h('div', { class: 'toolbar' }, h('div', { class: 'field field-inline' }, h('label', { for: 'event-type-filter' }, 'Type'), select)),
      events instanceof Error
        ? inlineError(events)
        : [
            eventsTable(events.data, type === '' ? 'No events yet.' : `No ${type} events.`),
            events.data.length > 0 || route.query.has('starting_after') || route.query.has('ending_before') ? pager(route, events, { type }) : null,
          ],
    ),
  );
}

function endpointSection(endpoint) {
  const main = [flashSlot('endpoint'), revealSlot('endpoint'), endpointHealth(endpoint), endpointUrlForm(endpoint)];
  if (endpoint === null) return section('Endpoint', main);
  main.push(
    detailList(
      [
        ['Created', timeEl(endpoint.created_at)],
        ['Last changed', timeEl(endpoint.updated_at)],
        ['Previous secret stops signing', endpoint.previous_secret_expires_at === null ? undefined : timeEl(endpoint.previous_secret_expires_at)],
      ],
      'details details-compact',
    ),
  );
  return section('Endpoint', h('div', { class: 'endpoint-grid' }, h('div', { class: 'endpoint-main' }, main), h('div', { class: 'endpoint-actions' }, testEventControl(), rollSecretForm(), deleteEndpointControl())));
}

/** Whether the endpoint is disabled, or on its way to it: said before anything else about it. */
function endpointHealth(endpoint) {
  if (endpoint === null) return null;
  if (endpoint.disabled_at !== null) {
    return h(
      'div',
      { class: 'notice notice-error', id: 'endpoint-disabled', role: 'status' },
      h('strong', {}, 'This endpoint is disabled. '),
      `Since `,
      timeEl(endpoint.disabled_at),
      `: ${endpoint.disabled_reason ?? 'its deliveries kept failing. Save its URL below to enable it again.'} `,
      'Meanwhile events are recorded but not sent.',
    );
  }
  if (endpoint.failing_since !== null) {
    return h(
      'div',
      { class: 'notice notice-warning', id: 'endpoint-failing', role: 'status' },
      h('strong', {}, 'Deliveries are failing. '),
      'No delivery has succeeded since ',
      timeEl(endpoint.failing_since),
      '. An endpoint that fails for 5 days is disabled.',
    );
  }
  return null;
}

function endpointUrlForm(endpoint) {
  const input = h('input', { id: 'endpoint-url', name: 'url', type: 'url', inputmode: 'url', autocomplete: 'off', spellcheck: 'false', placeholder: 'https://example.com/webhooks/nairaflow', value: endpoint?.url ?? '' });
  const alert = h('div', { class: 'alert alert-error', role: 'alert' });
  const button = h('button', { type: 'submit', class: 'button button-primary' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), h('span', {}, endpoint === null ? 'Add endpoint' : endpoint.disabled_at !== null ? 'Save URL and enable' : 'Save URL'));
  const form = h(
    'form',
    { novalidate: true, class: 'form' },
    endpoint === null ? h('p', { class: 'muted' }, 'No endpoint yet: events are recorded but not sent anywhere.') : null,
    h('div', { class: 'field' }, h('label', { for: 'endpoint-url' }, 'Endpoint URL'), input, h('p', { class: 'field-error', id: 'endpoint-url-error', hidden: true })),
    alert,
    button,
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    alert.textContent = '';
    clearFieldError(input);
    const url = input.value.trim();
    if (url === '') {
      setFieldError(input, 'Enter the URL where Nairaflow should send events.');
      return input.focus();
    }
    setBusy(button, true);
    try {
      const saved = await api('PUT', v1('webhook_endpoint'), { body: { url } });
      if (typeof saved.secret === 'string') {
        state.reveal = {
          anchor: 'endpoint',
          title: 'Your signing secret',
          secret: saved.secret,
          note: 'Store it in your server’s configuration: it verifies the Service-Signature header of every delivery.',
        };
        await refresh({ anchor: 'endpoint', text: 'Endpoint added.' });
      } else {
        await refresh({
          anchor: 'endpoint',
          text: endpoint?.disabled_at != null ? 'Endpoint enabled. Events from now on are sent to it.' : 'Endpoint URL saved. Deliveries from now on go to the new URL.',
        });
      }
    } catch (err) {
      setBusy(button, false);
      showFormError(alert, err, { url: input });
    }
  });
  return form;
}

function testEventControl() {
  const alert = h('div', { class: 'alert alert-error', role: 'alert' });
  const button = h('button', { type: 'button', class: 'button button-secondary' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), h('span', {}, 'Send test event'));
  button.addEventListener('click', async () => {
    alert.textContent = '';
    setBusy(button, true);
    try {
      const event = await api('POST', v1('webhook_endpoint/test_event'));
      state.flash = { anchor: 'event', text: 'Test event sent. Its delivery shows here as it happens.' };
      location.hash = here(['webhooks', 'events', event.id]);
    } catch (err) {
      setBusy(button, false);
      showFormError(alert, err);
    }
  });
  return h('div', { class: 'subsection' }, h('h3', { class: 'subheading' }, 'Test'), h('p', { class: 'muted' }, 'Send a webhook.test event to check that your endpoint answers.'), alert, button);
}

function rollSecretForm() {
  const select = h(
    'select',
    { id: 'secret-overlap', name: 'expires_in' },
    SECRET_OVERLAPS.map((choice) => h('option', { value: String(choice.seconds), selected: choice.seconds === 86400 }, choice.label)),
  );
  const alert = h('div', { class: 'alert alert-error', role: 'alert' });
  const button = h('button', { type: 'submit', class: 'button button-secondary' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), h('span', {}, 'Roll secret'));
  const form = h(
    'form',
    { novalidate: true, class: 'form subsection' },
    h('h3', { class: 'subheading' }, 'Signing secret'),
    h('p', { class: 'muted' }, 'Roll it if it may have leaked. While the old one overlaps, deliveries carry both signatures.'),
    h('div', { class: 'field' }, h('label', { for: 'secret-overlap' }, 'Old secret'), select),
    alert,
    button,
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    alert.textContent = '';
    const seconds = Number(select.value);
    const choice = SECRET_OVERLAPS.find((c) => c.seconds === seconds);
    const ok = await confirmAction({
      title: 'Roll the signing secret?',
      message:
        seconds === 0
          ? 'The current secret stops signing deliveries at once: your server must use the new secret right away.'
          : `${choice?.label ?? 'The old secret overlaps'}: deliveries carry both signatures until then. The new secret is shown once.`,
      confirm: 'Roll secret',
      danger: seconds === 0,
    });
    if (!ok) return;
    setBusy(button, true);
    try {
      const rolled = await api('POST', v1('webhook_endpoint/roll_secret'), { body: { expires_in: seconds } });
      state.reveal = {
        anchor: 'endpoint',
        title: 'Your new signing secret',
        secret: rolled.secret,
        note:
          rolled.previous_secret_expires_at === null
            ? 'The old secret no longer signs deliveries.'
            : `The old secret keeps signing until ${timeEl(rolled.previous_secret_expires_at).textContent}.`,
      };
      await refresh();
    } catch (err) {
      setBusy(button, false);
      showFormError(alert, err);
    }
  });
  return form;
}

function deleteEndpointControl() {
  const alert = h('div', { class: 'alert alert-error', role: 'alert' });
  const button = h('button', { type: 'button', class: 'button button-danger-outline' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), h('span', {}, 'Delete endpoint'));
  button.addEventListener('click', async () => {
    alert.textContent = '';
    const ok = await confirmAction({
      title: 'Delete the webhook endpoint?',
      message: 'Events will still be recorded, but no longer sent. Adding an endpoint again gives it a new signing secret.',
      confirm: 'Delete endpoint',
      danger: true,
    });
    if (!ok) return;
    setBusy(button, true);
    try {
      await api('DELETE', v1('webhook_endpoint'));
      await refresh({ anchor: 'endpoint', text: 'Endpoint deleted.' });
    } catch (err) {
      setBusy(button, false);
      showFormError(alert, err);
    }
  });
  return h('div', { class: 'subsection' }, h('h3', { class: 'subheading' }, 'Delete'), alert, button);
}

async function viewEvent(route, current) {
  const id = route.rest[1];
  let event;
  let deliveries;
  try {
    [event, deliveries] = await Promise.all([api('GET', v1(`events/${encodeURIComponent(id)}`)), api('GET', v1(`events/${encodeURIComponent(id)}/deliveries`))]);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) {
      return viewMissing('Event not found', `There is no ${state.mode} event ${id}.`, here(['webhooks']), 'Back to webhooks');
    }
    throw err;
  }

  const statusBox = h('div', { class: 'event-status' });
  const skewBox = h('div', {});
  const deliveriesBox = h('div', {});
  /** The attempt the merchant just made by hand, highlighted. */
  let fresh = null;

  const draw = () => {
    statusBox.replaceChildren(
      detailList(
        [
          ['Delivery', badge(DELIVERY_STATUS, event.delivery_status)],
          ['Attempts', String(event.attempts)],
          ['Next attempt', timeEl(event.next_attempt_at)],
          ['Created', timeEl(event.created)],
          ['Payment', relatedPayment(event)],
          ['Mode', event.livemode ? 'Live' : 'Test'],
        ],
        'details details-compact',
      ),
    );
    deliveriesBox.replaceChildren(deliveryList(deliveries.data, fresh));
    skewBox.replaceChildren(...[clockSkewWarning(deliveries.data)].filter((n) => n !== null));
  };

  // Until an attempt has an answer, and while retries are scheduled, look again now and then.
  const poll = () => {
    if (!current() || event.delivery_status !== 'pending') return;
    // A retry scheduled far ahead is looked at again when it is due, not every second.
    const due = Date.parse(event.next_attempt_at ?? '') - Date.now();
    later(Number.isFinite(due) ? Math.min(Math.max(due, DELIVERY_POLL_MS), 30_000) : DELIVERY_POLL_MS, async () => {
      try {
        [event, deliveries] = await Promise.all([api('GET', v1(`events/${encodeURIComponent(id)}`)), api('GET', v1(`events/${encodeURIComponent(id)}/deliveries`))]);
        if (!current()) return;
        const before = statusBox.textContent;
        draw();
        if (before !== statusBox.textContent && event.delivery_status !== 'pending') announce(`Delivery ${DELIVERY_STATUS[event.delivery_status]?.label.toLowerCase() ?? event.delivery_status}.`);
      } catch (err) {
        if (err instanceof SessionEnded) return;
      }
      poll();
    });
  };

  const retryAlert = h('div', { class: 'alert alert-error', role: 'alert' });
  const retryStatus = h('p', { class: 'retry-status', role: 'status' });
  const retry = h('button', { type: 'button', class: 'button button-primary' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), h('span', {}, 'Retry now'));
  retry.addEventListener('click', async () => {
    retryAlert.textContent = '';
    retryStatus.textContent = '';
    setBusy(retry, true);
    try {
      const delivery = await api('POST', v1(`events/${encodeURIComponent(id)}/redeliver`));
      fresh = delivery.id;
      [event, deliveries] = await Promise.all([api('GET', v1(`events/${encodeURIComponent(id)}`)), api('GET', v1(`events/${encodeURIComponent(id)}/deliveries`))]);
      if (!current()) return;
      draw();
      retryStatus.textContent = deliveryOk(delivery)
        ? `Attempt #${delivery.attempt} succeeded: the endpoint answered ${delivery.response_status}.`
        : `Attempt #${delivery.attempt} failed: ${delivery.error ?? `the endpoint answered ${delivery.response_status}`}.`;
    } catch (err) {
      showFormError(retryAlert, err);
    } finally {
      setBusy(retry, false);
    }
  });

  draw();
  poll();
  return h(
    'div',
    { class: 'view' },
    backLink(here(['webhooks']), 'Webhooks'),
    heading(event.type, { lead: h('span', { class: 'mono' }, event.id) }),
    flashSlot('event'),
    skewBox,
    h(
      'div',
      { class: 'columns' },
      h(
        'div',
        { class: 'column-main' },
        section('Delivery attempts', h('p', { class: 'muted' }, 'Newest first.'), deliveriesBox),
        section('Payload', h('p', { class: 'muted' }, 'What every delivery of this event sends.'), pre({ id: event.id, type: event.type, created: event.created, livemode: event.livemode, data: event.data })),
      ),
      h('div', { class: 'column-side' }, section('Status', statusBox, h('div', { class: 'subsection' }, h('p', { class: 'muted' }, 'Send it again now, to the current endpoint.'), retryAlert, retry, retryStatus))),
    ),
  );
}

function relatedPayment(event) {
  const data = event.data ?? {};
  const id = typeof data.payment_intent === 'string' ? data.payment_intent : typeof data.id === 'string' && data.id.startsWith('pi_') ? data.id : null;
  return id === null ? undefined : link(here(['payments', id]), id, { class: 'mono' });
}

/** Beyond this the dashboard warns: receivers refuse a signature 300 s off, so there is time to fix the clock. */
const CLOCK_SKEW_WARNING_SECONDS = 60;

/** The receiver's clock against ours, in words: "3 s ahead", "in step". */
function skewText(seconds) {
  if (seconds === null || seconds === undefined) return undefined;
  if (seconds === 0) return 'In step (within a second)';
  return `${Math.abs(seconds)} s ${seconds > 0 ? 'ahead' : 'behind'}`;
}

/** A warning when the latest attempt that read the receiver's clock found it more than a minute off. */
function clockSkewWarning(deliveries) {
  const latest = [...deliveries].reverse().find((d) => d.receiver_clock_skew_seconds !== null && d.receiver_clock_skew_seconds !== undefined);
  const skew = latest?.receiver_clock_skew_seconds;
  if (skew === undefined || Math.abs(skew) <= CLOCK_SKEW_WARNING_SECONDS) return null;
  return h(
    'div',
    { class: 'notice notice-warning', id: 'clock-skew-warning', role: 'status' },
    h('strong', {}, `The receiver's clock is ${skewText(skew)}. `),
    'Receivers refuse a signature more than 300 s away from their own clock, so deliveries will start failing if it drifts further. Sync the clock of the server behind your endpoint (NTP).',
  );
}

const deliveryOk = (delivery) => delivery.response_status !== null && delivery.response_status >= 200 && delivery.response_status < 300 && delivery.error === null;

function deliveryList(deliveries, fresh) {
  if (deliveries.length === 0) return h('p', { class: 'empty' }, 'No delivery attempt yet.');
  return h(
    'ol',
    { class: 'deliveries', reversed: true },
    [...deliveries].reverse().map((delivery) => {
      const ok = deliveryOk(delivery);
      return h(
        'li',
        { class: `delivery${delivery.id === fresh ? ' delivery-fresh' : ''}` },
        h(
          'div',
          { class: 'delivery-head' },
          h('h3', { class: 'delivery-title' }, `Attempt #${delivery.attempt}`),
          h('span', { class: `badge badge-${ok ? 'success' : 'error'}` }, ok ? 'Succeeded' : 'Failed'),
          h('span', { class: 'badge badge-neutral' }, delivery.trigger === 'manual' ? 'Manual' : 'Scheduled'),
        ),
        detailList(
          [
            ['Status code', delivery.response_status === null ? 'No answer' : String(delivery.response_status)],
            ['Started', timeEl(delivery.started_at)],
            ['Duration', `${delivery.duration_ms} ms`],
            ['URL', h('span', { class: 'mono break' }, delivery.url)],
            ['Error', delivery.error ?? undefined],
            ['Next attempt', delivery.next_attempt_at === null ? undefined : timeEl(delivery.next_attempt_at)],
            ['Receiver clock', skewText(delivery.receiver_clock_skew_seconds)],
          ],
          'details details-compact',
        ),
        delivery.response_body === null
          ? null
          : h('div', { class: 'response-body' }, h('p', { class: 'subheading' }, 'Response body'), h('pre', { class: 'code code-small', tabindex: '0' }, delivery.response_body === '' ? '(empty)' : delivery.response_body)),
      );
    }),
  );
}

// ---------------------------------------------------------------- views: API keys

async function viewApiKeys() {
  const keys = await api('GET', '/dashboard/api/api_keys');
  const ordered = [...keys.data].sort((a, b) => Number(a.livemode) - Number(b.livemode));
  return h(
    'div',
    { class: 'view' },
    heading('API keys', { lead: 'Your server sends a secret key with every API call. Keep them out of code, logs and browsers.' }),
    ordered.map((key) => apiKeyCard(key)),
    signOutEverywhereSection(),
  );
}

/** Ends every session of this user: a lost phone, a shared computer left signed in. */
function signOutEverywhereSection() {
  const button = h('button', { type: 'button', class: 'button button-secondary' }, 'Sign out everywhere');
  button.addEventListener('click', async () => {
    const confirmed = await confirmAction({
      title: 'Sign out everywhere?',
      message: 'Every browser signed in as you, this one included, is signed out at once.',
      confirm: 'Sign out everywhere',
      danger: true,
    });
    if (!confirmed) return;
    setBusy(button, true);
    try {
      await api('DELETE', '/dashboard/api/sessions');
    } catch (err) {
      if (!(err instanceof SessionEnded)) announce(`Could not sign out everywhere: ${err.message}`);
      return;
    } finally {
      setBusy(button, false);
    }
    state.session = null;
    window.clearTimeout(state.expiryTimer);
    history.replaceState(null, '', '/dashboard');
    showSignIn({ notice: 'You have signed out everywhere.' });
  });
  return h(
    'section',
    { class: 'card', 'aria-labelledby': 'sessions-title' },
    h('h2', { id: 'sessions-title' }, 'Sessions'),
    h('p', {}, 'Signed in somewhere you should not be (a lost phone, a shared computer)? End every session at once.'),
    button,
  );
}

function apiKeyCard(key) {
  const modeName = key.livemode ? 'live' : 'test';
  const alert = h('div', { class: 'alert alert-error', role: 'alert' });
  const button = h('button', { type: 'button', class: 'button button-secondary' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), h('span', {}, `Roll ${modeName} key`));
  button.addEventListener('click', async () => {
    alert.textContent = '';
    const ok = await confirmAction({
      title: `Roll the ${modeName} key?`,
      message: `${maskedKey(key)} stops working at once: every request made with it gets 401 until your server uses the new key, which is shown once.`,
      confirm: `Roll ${modeName} key`,
      danger: key.livemode,
    });
    if (!ok) return;
    setBusy(button, true);
    try {
      const rolled = await api('POST', `/dashboard/api/api_keys/${encodeURIComponent(key.id)}/roll`);
      state.reveal = {
        anchor: `key-${modeName}`,
        title: `Your new ${modeName} secret key`,
        secret: rolled.secret,
        note: `Copy it now into your server's configuration. The old key ${maskedKey(key)} no longer works.`,
      };
      await refresh();
    } catch (err) {
      setBusy(button, false);
      showFormError(alert, err);
    }
  });
  const titleId = uniqueId('key');
  return h(
    'section',
    { class: 'card key-card', 'aria-labelledby': titleId },
    h('div', { class: 'key-head' }, h('h2', { class: 'card-title', id: titleId }, key.livemode ? 'Live secret key' : 'Test secret key'), h('span', { class: `badge ${key.livemode ? 'badge-success' : 'badge-test'}` }, key.livemode ? 'Live' : 'Test')),
    revealSlot(`key-${modeName}`),
    detailList([
      ['Key', h('code', { class: 'key-masked' }, maskedKey(key))],
      ['Created', timeEl(key.created_at)],
    ]),
    alert,
    button,
  );
}

// ---------------------------------------------------------------- views: fallbacks

function viewMissing(title, message, href, linkText) {
  return h('div', { class: 'view' }, heading(title), h('p', { class: 'lead' }, message), h('p', {}, link(href, linkText)));
}

function viewNotFound() {
  return viewMissing('Page not found', 'This dashboard page does not exist.', here(['payments']), 'Go to payments');
}

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

// ---------------------------------------------------------------- start

els.signinForm.addEventListener('submit', (event) => void onSignIn(event));
els.signinEmail.addEventListener('input', () => clearFieldError(els.signinEmail));
els.signinPassword.addEventListener('input', () => clearFieldError(els.signinPassword));
els.signout.addEventListener('click', () => void onSignOut());
els.modeToggle.addEventListener('click', () => {
  const route = parseRoute();
  const next = state.mode === 'test' ? 'live' : 'test';
  // Ids belong to one mode: a payment or event page becomes its list in the other mode.
  location.hash = hrefFor(next, [route?.section ?? 'payments']);
  announce(next === 'test' ? 'Test mode: showing test data.' : 'Live mode: showing live data.');
});
for (const a of els.navLinks) {
  a.addEventListener('click', (event) => {
    // The current page's link reloads it (fresh data) instead of doing nothing.
    if (a.getAttribute('href') === location.hash) {
      event.preventDefault();
      void render({ focus: 'heading' });
    }
  });
}
$('skip-link').addEventListener('click', (event) => {
  // The fragment is the router's: move focus without touching it.
  event.preventDefault();
  (els.app.hidden ? els.signinTitle : els.main).focus();
});
window.addEventListener('hashchange', () => {
  const route = parseRoute();
  void render({ focus: route !== null && route.path === state.renderedPath ? 'list' : 'heading' });
});

async function boot() {
  // A path-style link (/dashboard/live/payments/pi_...) names the same view as its fragment form.
  const pathRoute = location.pathname.replace(/^\/dashboard\/?/, '');
  if (location.hash === '' && pathRoute !== '') history.replaceState(null, '', `/dashboard#/${pathRoute}${location.search}`);
  let session;
  try {
    session = await fetchSession();
  } catch (err) {
    showSignIn({ alert: err instanceof ApiError ? err.message : 'The dashboard could not start. Reload the page.' });
    return;
  }
  if (session === null) return showSignIn();
  state.session = session;
  showApp();
  await render({ focus: 'none' });
}

void boot();
