// The webhook endpoint: its health, its URL, a test event, rolling its signing secret, deleting it.
import { h } from '../../shared/dom.js';
import { clearFieldError, setBusy, setFieldError } from '../../shared/forms.js';
import { api, v1 } from '../api.js';
import { confirmAction } from '../dialog.js';
import { flashSlot, revealSlot } from '../messages.js';
import { refresh } from '../render.js';
import { here } from '../routes.js';
import { state } from '../state.js';
import { busyButton, detailList, formAlert, section, showFormError, timeEl } from '../ui.js';

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

/**
 * The endpoint card; with none yet, only the form that adds one.
 * @param {WebhookEndpoint | null} endpoint
 */
export function endpointSection(endpoint) {
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

/**
 * Whether the endpoint is disabled, or on its way to it: said before anything else about it.
 * @param {WebhookEndpoint | null} endpoint
 */
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

/**
 * Adds the endpoint, changes its URL, or enables a disabled one again.
 * @param {WebhookEndpoint | null} endpoint
 */
function endpointUrlForm(endpoint) {
  const input = h('input', { id: 'endpoint-url', name: 'url', type: 'url', inputmode: 'url', autocomplete: 'off', spellcheck: 'false', placeholder: 'https://example.com/webhooks/nairaflow', value: endpoint?.url ?? '' });
  const alert = formAlert();
  const button = busyButton(endpoint === null ? 'Add endpoint' : endpoint.disabled_at !== null ? 'Save URL and enable' : 'Save URL', { type: 'submit', class: 'button button-primary' });
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
      /** @type {WebhookEndpoint & { secret?: string }} */
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
      /** @type {Schemas['WebhookEndpointWithSecret']} */
      const rolled = await api('POST', v1('webhook_endpoint/roll_secret'), { body: { expires_in: seconds } });
      state.reveal = {
        anchor: 'endpoint',
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
