// One payment: its amounts, its timeline (attempts, success or cancellation, refunds), its events,
// its details, and what can still be done with it (refund, cancel).
import { h } from '../../shared/dom.js';
import { formatKobo, koboSign, subtractKobo } from '../../shared/money.js';
import { ATTEMPT_STATUS, CANCELLATION_WORDS, DISPLAY_STATUS, FAILURE_WORDS, wordsFor } from '../../shared/words.js';
import { ApiError, SessionEnded, api, v1 } from '../api.js';
import { eventsTable } from '../events-table.js';
import { flashSlot } from '../messages.js';
import { refresh } from '../render.js';
import { here } from '../routes.js';
import { later, state } from '../state.js';
import { backLink, badge, detailList, inlineError, pre, section, stat, timeEl, viewMissing } from '../ui.js';
import { cancelSection, refundForm } from './payment-actions.js';

/** @typedef {import('../../shared/words.js').Schemas} Schemas */
/** @typedef {Schemas['PaymentIntent']} PaymentIntent */
/** @typedef {Schemas['PaymentAttempt']} PaymentAttempt */

/** How often a payment page looks again while the payment is with the processor. */
const PROCESSING_POLL_MS = 2000;

/** @type {import('../render.js').View} */
export async function viewPayment(route) {
  const id = /** @type {string} */ (route.rest[0]);
  /** @type {PaymentIntent} */
  let intent;
  try {
    intent = await api('GET', v1(`payment_intents/${encodeURIComponent(id)}`));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) {
      return viewMissing('Payment not found', `There is no ${state.mode} payment ${id}.`, here(['payments']), 'Back to payments');
    }
    throw err;
  }
  /** @type {[PromiseSettledResult<Schemas['PaymentAttemptList']>, PromiseSettledResult<Schemas['RefundList']>, PromiseSettledResult<Schemas['EventList']>]} */
  const [attempts, refunds, events] = await Promise.allSettled([
    api('GET', v1(`payment_intents/${encodeURIComponent(id)}/attempts`)),
    api('GET', v1('refunds', { payment_intent: id, limit: 100 })),
    api('GET', v1('events', { payment_intent: id, limit: 100 })),
  ]);
  for (const result of [attempts, refunds, events]) {
    if (result.status === 'rejected' && result.reason instanceof SessionEnded) throw result.reason;
  }
  if (intent.status === 'processing') later(PROCESSING_POLL_MS, () => void refresh());

  const remaining = subtractKobo(intent.amount, intent.amount_refunded);
  const net = netOf(intent);
  const said = statusSaid(intent);
  const customer = [intent.customer?.email, intent.customer?.phone].filter((part) => typeof part === 'string' && part !== '').join(' · ');

  const summary = h(
    'div',
    { class: 'payment-head' },
    h(
      'div',
      { class: 'payment-title' },
      h('h1', { class: 'page-title amount-title', tabindex: '-1' }, h('span', { class: 'visually-hidden' }, 'Payment of '), formatKobo(intent.amount)),
      badge(DISPLAY_STATUS, intent.display_status),
    ),
    said === '' ? null : h('p', { class: 'payment-status' }, said),
    intent.description ? h('p', { class: 'lead' }, intent.description) : null,
    customer === '' ? null : h('p', {}, customer),
    h('p', { class: 'mono muted' }, intent.id),
    h(
      'dl',
      { class: 'stats' },
      stat('Gross', formatKobo(intent.amount)),
      stat('Service fee', intent.service_fee === null ? '—' : formatKobo(intent.service_fee)),
      stat('Refunded', formatKobo(intent.amount_refunded)),
      stat('Net to your balance', net === null ? '—' : formatKobo(net)),
    ),
  );

  const side = [];
  side.push(flashSlot('payment'));
  if (intent.status === 'succeeded' && koboSign(remaining) > 0) side.push(refundForm(intent, remaining));
  if (intent.status === 'succeeded' && koboSign(remaining) === 0) side.push(section('Refund', h('p', { class: 'muted' }, 'This payment has been refunded in full.'), feeKept(intent)));
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

/**
 * What reaches the merchant's balance from a paid payment, in kobo: its amount, less the service
 * fee and what was refunded (the fee is kept on a refund). Null until it is paid.
 * @param {PaymentIntent} intent
 */
function netOf(intent) {
  return intent.service_fee === null ? null : subtractKobo(subtractKobo(intent.amount, intent.service_fee), intent.amount_refunded);
}

/**
 * How the payment stands, in a sentence, where its badge alone does not say it all; "" otherwise.
 * @param {PaymentIntent} intent
 */
function statusSaid(intent) {
  switch (intent.display_status) {
    case 'failed':
      return `The last attempt failed: ${failureSaid(intent.last_error)}. The customer can still pay until it expires.`;
    case 'canceled':
      return `Canceled: ${cancellationSaid(intent.cancellation_reason)}.`;
    case 'expired':
      return 'Expired before the customer paid.';
    case 'partially_refunded':
      return `${formatKobo(intent.amount_refunded)} refunded; ${formatKobo(subtractKobo(intent.amount, intent.amount_refunded))} is left to refund.`;
    case 'refunded':
      return intent.service_fee === null ? 'Refunded in full.' : `Refunded in full. The service fee of ${formatKobo(intent.service_fee)} is kept.`;
    case 'processing':
      return 'With the card processor: the outcome follows shortly.';
    default:
      return '';
  }
}

/**
 * That a full refund keeps the service fee, with what it is.
 * @param {PaymentIntent} intent
 */
function feeKept(intent) {
  if (intent.service_fee === null) return null;
  return h('p', { class: 'fee-kept' }, `The service fee of ${formatKobo(intent.service_fee)} is kept: a refund returns the payment's amount to the customer, not the fee, so this payment leaves ${formatKobo(netOf(intent) ?? '0')} in your balance.`);
}

/**
 * Why an attempt failed, in words (a code this page has no words for is said as "it failed").
 * @param {string | null} code
 */
function failureSaid(code) {
  return wordsFor(FAILURE_WORDS, code) ?? 'it was refused';
}

/**
 * Why a payment was canceled, in words.
 * @param {string | null} reason
 */
function cancellationSaid(reason) {
  return wordsFor(CANCELLATION_WORDS, reason) ?? 'no longer payable';
}

/**
 * "card declined" -> "Card declined".
 * @param {string} text
 */
const capitalized = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** @param {PaymentIntent} intent */
function paymentDetails(intent) {
  const status = wordsFor(DISPLAY_STATUS, intent.display_status)?.label ?? intent.display_status;
  return [
    detailList([
      ['ID', h('span', { class: 'mono' }, intent.id)],
      ['Amount', formatKobo(intent.amount)],
      ['Amount refunded', formatKobo(intent.amount_refunded)],
      ['Service fee', intent.service_fee === null ? null : formatKobo(intent.service_fee)],
      ['Status', status],
      ['Description', intent.description || null],
      ['Customer e-mail', intent.customer?.email ?? null],
      ['Customer phone', intent.customer?.phone ?? null],
      ['Method', intent.method],
      ['Created', timeEl(intent.created_at)],
      ['Expires', timeEl(intent.expires_at)],
      ['Succeeded', timeEl(intent.succeeded_at)],
      ['Canceled', timeEl(intent.canceled_at)],
      ['Cancellation reason', intent.cancellation_reason === null ? null : capitalized(cancellationSaid(intent.cancellation_reason))],
      ['Last attempt failed', intent.last_error === null ? null : capitalized(failureSaid(intent.last_error))],
      ['Next action', intent.next_action === null ? null : intent.next_action.type === 'otp' ? 'Customer enters a one-time code' : JSON.stringify(intent.next_action)],
      ['Mode', intent.livemode ? 'Live' : 'Test'],
    ]),
    h('h3', { class: 'subheading' }, 'Metadata'),
    pre(intent.metadata),
    h('details', { class: 'raw' }, h('summary', {}, 'Raw JSON'), pre(intent)),
  ];
}

/**
 * What happened to the payment, oldest first: created, each card attempt, succeeded or canceled,
 * each refund.
 * @param {PaymentIntent} intent
 * @param {PromiseSettledResult<Schemas['PaymentAttemptList']>} attempts
 * @param {PromiseSettledResult<Schemas['RefundList']>} refunds
 */
function timeline(intent, attempts, refunds) {
  /** @type {{ at: number, rank: number, title: string, body: import('../../shared/dom.js').Children, tone: string, iso: string }[]} */
  const items = [];
  /**
   * @param {string} at
   * @param {number} rank orders what happened in the same millisecond
   * @param {string} title
   * @param {import('../../shared/dom.js').Children} body
   * @param {string} [tone]
   */
  const add = (at, rank, title, body, tone = 'neutral') => items.push({ at: Date.parse(at), rank, title, body, tone, iso: at });
  add(intent.created_at, 0, 'Payment created', `${formatKobo(intent.amount)}${intent.description ? ` · ${intent.description}` : ''}`);
  if (attempts.status === 'fulfilled') {
    for (const attempt of attempts.value.data) {
      const outcome = wordsFor(ATTEMPT_STATUS, attempt.status) ?? { label: attempt.status, tone: 'neutral' };
      const card = attempt.card ? `${brandName(attempt.card.brand)} •••• ${attempt.card.last4}` : attempt.method;
      const why = attempt.failure_code === null ? '' : `: ${failureSaid(attempt.failure_code)}`;
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
    const reason = intent.cancellation_reason;
    add(intent.canceled_at, 2, intent.display_status === 'expired' ? 'Payment expired' : 'Payment canceled', reason === null ? '' : `Reason: ${cancellationSaid(reason)}`, 'muted');
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

/**
 * Whether an attempt's end is worth its own time: not when it ended within the second it began.
 * @param {PaymentAttempt} attempt
 */
function finishedLater(attempt) {
  return attempt.completed_at !== null && Date.parse(attempt.completed_at) - Date.parse(attempt.created_at) >= 1000;
}

/** @param {string} brand the card network as the processor names it */
function brandName(brand) {
  /** @type {Record<string, string>} */
  const names = { visa: 'Visa', mastercard: 'Mastercard', verve: 'Verve' };
  return names[String(brand).toLowerCase()] ?? String(brand);
}
