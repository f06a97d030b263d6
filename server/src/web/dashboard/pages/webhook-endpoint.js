// The webhook endpoint: its health (failing since when, the last error's cause, the last success,
// disabled and why), its URL, a test event, resending what it missed, revealing and rolling its
// signing secret, deleting it. Setting the URL, deleting it and its secret ask for the password.
import { h } from '../../shared/dom.js';
import { clearFieldError, setBusy, setFieldError } from '../../shared/forms.js';
import { api, v1 } from '../api.js';
import { flashSlot, revealSlot } from '../messages.js';
import { changeWithPassword } from '../password-confirmation.js';
import { refresh } from '../render.js';
import { here } from '../routes.js';
import { state } from '../state.js';
import { busyButton, detailList, formAlert, link, section, showFormError, timeEl } from '../ui.js';

/** @typedef {import('../../shared/words.js').Schemas} Schemas */
/** @typedef {Schemas['WebhookEndpoint']} WebhookEndpoint */

/** The overlap choices after rolling the webhook signing secret, in seconds. */
const SECRET_OVERLAPS = [
  { seconds: 0, label: 'End the old secret now' },
  { seconds: 3600, label: 'Keep the old secret for 1 hour' },
  { seconds: 86400, label: 'Keep the old secret for 24 hours' },
  { seconds: 259200, label: 'Keep the old secret for 3 days' },
  { seconds: 604800, label: 'Keep the old secret for 7 days' },
];

/** With nothing failing, resending looks this far back by default: a receiver down overnight. */
const DEFAULT_RECOVER_HOURS = 24;
/**
 * A failing endpoint's resend starts this long before the failing began: the event whose delivery
 * failed first was recorded a moment before its attempt (or longer, behind a queue). Events that
 * succeeded are not resent, so starting early costs nothing.
 */
const RECOVER_MARGIN_MINUTES = 5;

/** What a signing secret shown once asks of the merchant. */
const SECRET_NOTE = 'Store it in your server’s configuration: it verifies the Service-Signature header of every delivery.';

/**
 * The endpoint card; with none yet, only the form that adds one.
 * @param {WebhookEndpoint | null} endpoint
 */
export function endpointSection(endpoint) {
  /** @type {import('../../shared/dom.js').Children[]} */
  const main = [flashSlot('endpoint'), endpointHealth(endpoint), endpointUrlForm(endpoint)];
  if (endpoint === null) return section('Endpoint', main);
  main.push(
    detailList(
      [
        ['Last delivery succeeded', endpoint.last_succeeded_at === null ? 'Never yet' : timeEl(endpoint.last_succeeded_at)],
        ['Created', timeEl(endpoint.created_at)],
        ['Last changed', timeEl(endpoint.updated_at)],
        ['Previous secret stops signing', endpoint.previous_secret_expires_at === null ? undefined : timeEl(endpoint.previous_secret_expires_at)],
      ],
      'details details-compact',
    ),
  );
  return section(
    'Endpoint',
    h(
      'div',
      { class: 'endpoint-grid' },
      h('div', { class: 'endpoint-main' }, main),
      h('div', { class: 'endpoint-actions' }, testEventControl(), recoverForm(endpoint), secretControls(), deleteEndpointControl()),
    ),
  );
}

/**
 * When no delivery has succeeded lately, said before anything else about the endpoint: since when,
 * the last failure's cause and what to do, the last success. It stays until a delivery succeeds:
 * saving the URL does not clear it.
 * @param {WebhookEndpoint | null} endpoint
 */
function endpointHealth(endpoint) {
  if (endpoint === null) return null;
  const lastSuccess = h(
    'p',
    {},
    endpoint.last_succeeded_at === null ? 'No delivery to it has succeeded yet.' : ['Last successful delivery: ', timeEl(endpoint.last_succeeded_at), '.'],
  );
  const cause = endpoint.last_error === null ? null : h('p', { class: 'endpoint-cause' }, h('strong', {}, 'Last error: '), endpoint.last_error);
  if (endpoint.disabled_at !== null) {
    return h(
      'div',
      { class: 'notice notice-error endpoint-health', id: 'endpoint-disabled', role: 'status' },
      h('p', {}, h('strong', {}, 'This endpoint is disabled. '), 'Since ', timeEl(endpoint.disabled_at), ': ', endpoint.disabled_reason ?? 'its deliveries kept failing.', ' Meanwhile events are recorded but not sent.'),
      cause,
      lastSuccess,
      h('p', {}, h('strong', {}, 'To enable it: '), 'fix the cause, then press Save URL and enable (the same URL will do). Then resend the events it missed.'),
    );
  }
  if (endpoint.failing_since !== null) {
    return h(
      'div',
      { class: 'notice notice-warning endpoint-health', id: 'endpoint-failing', role: 'status' },
      h('p', {}, h('strong', {}, 'Deliveries are failing. '), 'No delivery has succeeded since ', timeEl(endpoint.failing_since), '.'),
      cause,
      lastSuccess,
      h('p', {}, 'This stays until a delivery succeeds: once your receiver is fixed, send a test event or resend what it missed. An endpoint that fails for 5 days is disabled.'),
    );
  }
  return null;
}

/**
 * Adds the endpoint, changes its URL, or enables a disabled one again; the password first.
 * @param {WebhookEndpoint | null} endpoint
 */
function endpointUrlForm(endpoint) {
  const input = h('input', { id: 'endpoint-url', name: 'url', type: 'url', inputmode: 'url', autocomplete: 'off', spellcheck: 'false', placeholder: 'https://example.com/webhooks/nairaflow', value: endpoint?.url ?? '' });
  const alert = formAlert();
  const disabled = endpoint?.disabled_at != null;
  const action = endpoint === null ? 'Add endpoint' : disabled ? 'Save URL and enable' : 'Save URL';
  const button = busyButton(action, { type: 'submit', class: 'button button-primary' });
  const form = h(
    'form',
    { novalidate: true, class: 'form' },
    endpoint === null ? h('p', { class: 'muted' }, 'No endpoint yet: events are recorded but not sent anywhere.') : null,
    h('div', { class: 'field' }, h('label', { for: 'endpoint-url' }, 'Endpoint URL'), input, h('p', { class: 'field-error', id: 'endpoint-url-error', hidden: true })),
    alert,
    button,
  );
  input.addEventListener('input', () => clearFieldError(input));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    alert.textContent = '';
    clearFieldError(input);
    const url = input.value.trim();
    if (url === '') {
      setFieldError(input, 'Enter the URL where Nairaflow should send events.');
      return input.focus();
    }
    const change =
      endpoint === null
        ? { title: 'Add the webhook endpoint?', message: `Nairaflow will send every ${state.mode}-mode event to ${url}, signed with a new secret shown once.` }
        : disabled
          ? { title: 'Enable the webhook endpoint?', message: `Events from now on are sent to ${url}. Those it missed while disabled are not: resend them afterwards.` }
          : { title: 'Change the endpoint URL?', message: `Every delivery from now on, retries of earlier events included, goes to ${url}.` };
    try {
      /** @type {(WebhookEndpoint & { secret?: string }) | null} */
      const saved = await changeWithPassword({ ...change, confirm: action }, () => {
        setBusy(button, true);
        return api('PUT', v1('webhook_endpoint'), { body: { url } });
      });
      if (saved === null) return setBusy(button, false);
      // Saving changes where deliveries go, not whether they work: only a delivery that succeeds ends the failing.
      const stillFailing = saved.failing_since === null ? '' : ' It shows as failing until a delivery succeeds.';
      if (typeof saved.secret === 'string') {
        state.reveal = { anchor: 'secret', title: 'Your signing secret', secret: saved.secret, note: SECRET_NOTE };
        await refresh({ anchor: 'endpoint', text: 'Endpoint added.' });
      } else if (disabled) {
        await refresh({ anchor: 'recover-offer', text: `Endpoint enabled. Events from now on are sent to it.${stillFailing} Resend the events it missed here.` });
      } else {
        await refresh({ anchor: 'endpoint', text: `Endpoint URL saved. Deliveries from now on go to the new URL.${stillFailing}` });
      }
    } catch (err) {
      setBusy(button, false);
      showFormError(alert, err, { url: input });
    }
  });
  return form;
}

/** Sends a webhook.test event and opens its page, where its delivery shows as it happens. */
function testEventControl() {
  const alert = formAlert();
  const button = busyButton('Send test event', { class: 'button button-secondary' });
  button.addEventListener('click', async () => {
    alert.textContent = '';
    setBusy(button, true);
    try {
      /** @type {Schemas['EventResource']} */
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

/**
 * A Date as a datetime-local input's value: the viewer's local time, to the minute.
 * @param {Date} date
 */
const localInputValue = (date) => new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/**
 * "Resend everything that has not succeeded since …": one new attempt, now, for each of those
 * events. From (just before) when the failing began by default, else from a day ago. A disabled
 * endpoint is enabled first.
 * @param {WebhookEndpoint} endpoint
 */
function recoverForm(endpoint) {
  const title = h('h3', { class: 'subheading' }, 'Resend missed events');
  if (endpoint.disabled_at !== null) {
    return h('div', { class: 'subsection' }, title, h('p', { class: 'muted' }, 'Enable the endpoint first (Save URL and enable), then resend the events it missed.'));
  }
  const from =
    endpoint.failing_since === null ? new Date(Date.now() - DEFAULT_RECOVER_HOURS * 3600_000) : new Date(Date.parse(endpoint.failing_since) - RECOVER_MARGIN_MINUTES * 60_000);
  const input = h('input', { id: 'recover-since', name: 'since', type: 'datetime-local', value: localInputValue(from), max: localInputValue(new Date()), 'aria-describedby': 'recover-since-hint' });
  const alert = formAlert();
  const button = busyButton('Resend events', { type: 'submit', class: 'button button-secondary' });
  const result = flashSlot('recover');
  const pending = here(['webhooks'], { delivery_status: 'pending' });
  const form = h(
    'form',
    { novalidate: true, class: 'form subsection', id: 'recover-form' },
    title,
    h('p', { class: 'muted' }, 'For after your receiver was down or checked the wrong secret: each event since then whose delivery has not succeeded gets one new attempt, now.'),
    flashSlot('recover-offer'),
    result,
    // Unless the list below shows only those already.
    result === null || location.hash === pending ? null : h('p', { class: 'recover-follow' }, link(pending, 'See the pending events')),
    h(
      'div',
      { class: 'field' },
      h('label', { for: 'recover-since' }, 'Resend everything that has not succeeded since'),
      h('p', { class: 'hint', id: 'recover-since-hint' }, `Your local time (${Intl.DateTimeFormat().resolvedOptions().timeZone}).`),
      input,
      h('p', { class: 'field-error', id: 'recover-since-error', hidden: true }),
    ),
    alert,
    button,
  );
  input.addEventListener('input', () => clearFieldError(input));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    alert.textContent = '';
    clearFieldError(input);
    // A datetime-local value without a zone is the viewer's local time.
    const since = new Date(input.value);
    if (input.value === '' || Number.isNaN(since.getTime())) {
      setFieldError(input, 'Enter the date and time to resend from.');
      return input.focus();
    }
    if (since.getTime() > Date.now()) {
      setFieldError(input, 'Choose a time in the past: only events already recorded can be resent.');
      return input.focus();
    }
    setBusy(button, true);
    try {
      /** @type {Schemas['WebhookRecovery']} */
      const recovery = await api('POST', v1('webhook_endpoint/recover'), { body: { since: since.toISOString() } });
      const n = recovery.queued;
      await refresh({
        anchor: 'recover',
        text:
          n === 0
            ? `Nothing to resend: every event since ${timeText(since.toISOString())} has succeeded or is already waiting for its attempt.`
            : `Queued ${n} event${n === 1 ? '' : 's'} for a new attempt now. Each shows as pending until its endpoint answers.`,
      });
    } catch (err) {
      setBusy(button, false);
      showFormError(alert, err, { since: input });
    }
  });
  return form;
}

/** The signing secret: shown again after the password, or rolled (the new one shown once). */
function secretControls() {
  const alert = formAlert();
  const reveal = busyButton('Reveal signing secret', { class: 'button button-secondary' });
  reveal.addEventListener('click', async () => {
    alert.textContent = '';
    try {
      /** @type {Schemas['WebhookEndpointWithSecret'] | null} */
      const revealed = await changeWithPassword(
        {
          title: 'Reveal the signing secret?',
          message: 'It is shown once, here. Anyone who has it can sign requests your receiver will trust as Nairaflow’s.',
          confirm: 'Reveal secret',
        },
        () => {
          setBusy(reveal, true);
          return api('GET', v1('webhook_endpoint/secret'));
        },
      );
      if (revealed === null) return setBusy(reveal, false);
      state.reveal = { anchor: 'secret', title: 'Your signing secret', secret: revealed.secret, note: SECRET_NOTE };
      await refresh();
    } catch (err) {
      setBusy(reveal, false);
      showFormError(alert, err);
    }
  });
  return h(
    'div',
    { class: 'subsection' },
    h('h3', { class: 'subheading' }, 'Signing secret'),
    revealSlot('secret'),
    h('p', { class: 'muted' }, 'Setting up a receiver again? See the current secret. Roll it if it may have leaked.'),
    alert,
    reveal,
    rollSecretForm(),
  );
}

/** A new signing secret, shown once, with the old one signing alongside it for a while. */
function rollSecretForm() {
  const select = h(
    'select',
    { id: 'secret-overlap', name: 'expires_in' },
    SECRET_OVERLAPS.map((choice) => h('option', { value: String(choice.seconds), selected: choice.seconds === 86400 }, choice.label)),
  );
  const alert = formAlert();
  const button = busyButton('Roll secret', { type: 'submit', class: 'button button-secondary' });
  const form = h(
    'form',
    { novalidate: true, class: 'form' },
    h('p', { class: 'muted' }, 'While the old one overlaps, deliveries carry both signatures.'),
    h('div', { class: 'field' }, h('label', { for: 'secret-overlap' }, 'Old secret'), select),
    alert,
    button,
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    alert.textContent = '';
    const seconds = Number(select.value);
    const choice = SECRET_OVERLAPS.find((c) => c.seconds === seconds);
    try {
      /** @type {Schemas['WebhookEndpointWithSecret'] | null} */
      const rolled = await changeWithPassword(
        {
          title: 'Roll the signing secret?',
          message:
            seconds === 0
              ? 'The current secret stops signing deliveries at once: your server must use the new secret right away.'
              : `${choice?.label ?? 'The old secret overlaps'}: deliveries carry both signatures until then. The new secret is shown once.`,
          confirm: 'Roll secret',
          danger: seconds === 0,
        },
        () => {
          setBusy(button, true);
          return api('POST', v1('webhook_endpoint/roll_secret'), { body: { expires_in: seconds } });
        },
      );
      if (rolled === null) return setBusy(button, false);
      state.reveal = {
        anchor: 'secret',
        title: 'Your new signing secret',
        secret: rolled.secret,
        note:
          rolled.previous_secret_expires_at === null
            ? 'The old secret no longer signs deliveries.'
            : `The old secret keeps signing until ${timeText(rolled.previous_secret_expires_at)}.`,
      };
      await refresh();
    } catch (err) {
      setBusy(button, false);
      showFormError(alert, err);
    }
  });
  return form;
}

/**
 * A time as the page shows it, as plain text (for a sentence).
 * @param {string} iso
 */
const timeText = (iso) => {
  const el = timeEl(iso);
  return typeof el === 'string' ? el : el.textContent;
};

function deleteEndpointControl() {
  const alert = formAlert();
  const button = busyButton('Delete endpoint', { class: 'button button-danger-outline' });
  button.addEventListener('click', async () => {
    alert.textContent = '';
    try {
      const deleted = await changeWithPassword(
        {
          title: 'Delete the webhook endpoint?',
          message: 'Events will still be recorded, but no longer sent. Adding an endpoint again gives it a new signing secret.',
          confirm: 'Delete endpoint',
          danger: true,
        },
        () => {
          setBusy(button, true);
          return api('DELETE', v1('webhook_endpoint'));
        },
      );
      if (deleted === null) return setBusy(button, false);
      await refresh({ anchor: 'endpoint', text: 'Endpoint deleted.' });
    } catch (err) {
      setBusy(button, false);
      showFormError(alert, err);
    }
  });
  return h('div', { class: 'subsection' }, h('h3', { class: 'subheading' }, 'Delete'), alert, button);
}
