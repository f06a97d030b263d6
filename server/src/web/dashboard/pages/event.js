// One event: its delivery status (looked at again while a delivery is due), every delivery attempt
// with the endpoint's answer, its payload, and Retry now.
import { announce, h } from '../../shared/dom.js';
import { setBusy } from '../../shared/forms.js';
import { DELIVERY_STATUS, DELIVERY_TRIGGERS, wordsFor } from '../../shared/words.js';
import { ApiError, SessionEnded, api, v1 } from '../api.js';
import { flashSlot } from '../messages.js';
import { here } from '../routes.js';
import { later, state } from '../state.js';
import { backLink, badge, busyButton, detailList, formAlert, heading, link, pre, section, showFormError, timeEl, viewMissing } from '../ui.js';

/** @typedef {import('../../shared/words.js').Schemas} Schemas */
/** @typedef {Schemas['EventResource']} EventResource */
/** @typedef {Schemas['Delivery']} Delivery */

/** How often an event page asks how its delivery is going while one is due. */
const DELIVERY_POLL_MS = 1000;
/** A retry scheduled further ahead is looked at again at most this much later, not only when due. */
const DELIVERY_POLL_MAX_MS = 30_000;
/** Beyond this the dashboard warns: receivers refuse a signature 300 s off, so there is time to fix the clock. */
const CLOCK_SKEW_WARNING_SECONDS = 60;

/**
 * The event and its deliveries, oldest delivery first.
 * @param {string} id
 * @returns {Promise<[EventResource, Schemas['DeliveryList']]>}
 */
const fetchEvent = (id) => Promise.all([api('GET', v1(`events/${encodeURIComponent(id)}`)), api('GET', v1(`events/${encodeURIComponent(id)}/deliveries`))]);

/** @type {import('../render.js').View} */
export async function viewEvent(route, current) {
  const id = /** @type {string} */ (route.rest[1]);
  /** @type {EventResource} */
  let event;
  /** @type {Schemas['DeliveryList']} */
  let deliveries;
  try {
    [event, deliveries] = await fetchEvent(id);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) {
      return viewMissing('Event not found', `There is no ${state.mode} event ${id}.`, here(['webhooks']), 'Back to webhooks');
    }
    throw err;
  }

  const statusBox = h('div', { class: 'event-status' });
  const skewBox = h('div', {});
  const deliveriesBox = h('div', {});
  /** The attempt the merchant just made by hand, highlighted. @type {string | null} */
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
    later(Number.isFinite(due) ? Math.min(Math.max(due, DELIVERY_POLL_MS), DELIVERY_POLL_MAX_MS) : DELIVERY_POLL_MS, async () => {
      try {
        [event, deliveries] = await fetchEvent(id);
        if (!current()) return;
        const before = statusBox.textContent;
        draw();
        if (before !== statusBox.textContent && event.delivery_status !== 'pending') {
          announce(`Delivery ${wordsFor(DELIVERY_STATUS, event.delivery_status)?.label.toLowerCase() ?? event.delivery_status}.`);
        }
      } catch (err) {
        if (err instanceof SessionEnded) return;
      }
      poll();
    });
  };

  const retryAlert = formAlert();
  const retryStatus = h('p', { class: 'retry-status', role: 'status' });
  const retry = busyButton('Retry now', { class: 'button button-primary' });
  retry.addEventListener('click', async () => {
    retryAlert.textContent = '';
    retryStatus.textContent = '';
    setBusy(retry, true);
    try {
      /** @type {Delivery} */
      const delivery = await api('POST', v1(`events/${encodeURIComponent(id)}/redeliver`));
      fresh = delivery.id;
      [event, deliveries] = await fetchEvent(id);
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
    { class: 'view view-event' },
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

/**
 * A link to the payment the event is about, if it is about one.
 * @param {EventResource} event
 */
function relatedPayment(event) {
  const data = event.data ?? {};
  const id = typeof data['payment_intent'] === 'string' ? data['payment_intent'] : typeof data['id'] === 'string' && data['id'].startsWith('pi_') ? data['id'] : null;
  return id === null ? undefined : link(here(['payments', id]), id, { class: 'mono' });
}

/**
 * The receiver's clock against ours, in words: "3 s ahead", "in step".
 * @param {number | null | undefined} seconds
 */
function skewText(seconds) {
  if (seconds === null || seconds === undefined) return undefined;
  if (seconds === 0) return 'In step (within a second)';
  return `${Math.abs(seconds)} s ${seconds > 0 ? 'ahead' : 'behind'}`;
}

/**
 * A warning when the latest attempt that read the receiver's clock found it more than a minute off.
 * @param {Delivery[]} deliveries
 */
function clockSkewWarning(deliveries) {
  const latest = [...deliveries].reverse().find((d) => d.receiver_clock_skew_seconds !== null && d.receiver_clock_skew_seconds !== undefined);
  const skew = latest?.receiver_clock_skew_seconds;
  if (skew === undefined || skew === null || Math.abs(skew) <= CLOCK_SKEW_WARNING_SECONDS) return null;
  return h(
    'div',
    { class: 'notice notice-warning', id: 'clock-skew-warning', role: 'status' },
    h('strong', {}, `The receiver's clock is ${skewText(skew)}. `),
    'Receivers refuse a signature more than 300 s away from their own clock, so deliveries will start failing if it drifts further. Sync the clock of the server behind your endpoint (NTP).',
  );
}

/** @param {Delivery} delivery */
const deliveryOk = (delivery) => delivery.response_status !== null && delivery.response_status >= 200 && delivery.response_status < 300 && delivery.error === null;

/**
 * Every delivery attempt, newest first, with what the endpoint answered.
 * @param {Delivery[]} deliveries
 * @param {string | null} fresh the attempt just made by hand, highlighted
 */
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
          h('span', { class: 'badge badge-neutral' }, wordsFor(DELIVERY_TRIGGERS, delivery.trigger) ?? delivery.trigger),
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
