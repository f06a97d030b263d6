// Home, the page the dashboard opens on: what needs the merchant (a webhook endpoint that fails, a
// payout that failed, what reconciliation found), the balance, today's, the last 7 days' and the
// last 30 days' figures, and succeeded volume per day. Each part is asked for on its own: one that
// fails says so in its place, and the rest of the page still shows.
import { h, uniqueId } from '../../shared/dom.js';
import { formatKobo, sumKobo } from '../../shared/money.js';
import { PAYOUT_FAILURE_WORDS, wordsFor } from '../../shared/words.js';
import { ApiError, SessionEnded, api, v1 } from '../api.js';
import { shortDate, volumeChart } from '../chart.js';
import { here } from '../routes.js';
import { state } from '../state.js';
import { heading, inlineError, stat, timeEl } from '../ui.js';

/** @typedef {import('../../shared/words.js').Schemas} Schemas */
/** @typedef {import('../../shared/dom.js').Children} Children */
/** @typedef {Omit<Schemas['ReportDay'], 'date'>} Figures */

/** The merchant's days are Lagos days unless its time zone was set otherwise (the API's default). */
const DEFAULT_TIME_ZONE = 'Africa/Lagos';
/** The chart's days, and the longest figures': today and the 29 days before it. */
const DAYS = 30;
/** How far back failed payouts are looked for: the most the API lists at once. */
const PAYOUTS_LOOKED_AT = 100;

/** @type {import('../render.js').View} */
export async function viewHome() {
  /** @type {[Schemas['ReportSummary'] | Error, Schemas['Balance'] | Error, Schemas['WebhookEndpoint'] | null | Error, Schemas['PayoutList'] | Error, Schemas['ReconciliationNoticeList'] | null | Error]} */
  const [summary, balance, endpoint, payouts, notices] = await Promise.all([
    fetchSummary().catch((err) => err),
    api('GET', v1('balance')).catch((err) => err),
    fetchEndpoint().catch((err) => err),
    api('GET', v1('payouts', { limit: PAYOUTS_LOOKED_AT })).catch((err) => err),
    // Reconciliation compares live money with the processor's; test mode has nothing to compare.
    state.mode === 'live' ? api('GET', '/dashboard/api/reconciliation').catch((err) => err) : Promise.resolve(null),
  ]);
  for (const answer of [summary, balance, endpoint, payouts, notices]) if (answer instanceof SessionEnded) throw answer;

  return h(
    'div',
    { class: 'view' },
    heading('Home', { lead: summary instanceof Error ? undefined : `Succeeded payments, by the day in ${summary.time_zone} time.` }),
    h(
      'div',
      { class: 'home-grid' },
      needsCard(endpoint, payouts, notices),
      balanceCard(balance),
      summary instanceof Error ? card('home-periods', 'Today, the last 7 days and the last 30 days', inlineError(summary)) : periodCards(summary),
      card('home-chart', 'Volume per day', summary instanceof Error ? inlineError(summary) : volumeChart(summary.days, { title: chartTitle(summary) })),
    ),
  );
}

/**
 * A card with its own heading, named by it (ui.js's section, with a class to place it by).
 * @param {string} className
 * @param {string} title
 * @param {...Children} children
 */
function card(className, title, ...children) {
  const id = uniqueId('section');
  return h('section', { class: `card ${className}`, 'aria-labelledby': id }, h('h2', { class: 'card-title', id }, title), children);
}

// ---------- the figures ----------

/**
 * "2026-11-27", today where the merchant is; null for a time zone this browser does not know.
 * @param {string} timeZone
 */
function todayIn(timeZone) {
  let parts;
  try {
    parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date());
  } catch {
    return null;
  }
  /** @param {Intl.DateTimeFormatPartTypes} type */
  const part = (type) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * The day `count` days before `date` (both YYYY-MM-DD).
 * @param {string} date
 * @param {number} count
 */
function daysBefore(date, count) {
  return new Date(Date.parse(`${date}T00:00:00Z`) - count * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The summary of the 30 days ending today, today being the merchant's. The page does not know the
 * merchant's time zone before the summary says it, so it asks for Lagos's today; a merchant whose
 * own day is already (or still) another is asked for again, for its own.
 * @returns {Promise<Schemas['ReportSummary']>}
 */
async function fetchSummary() {
  /** @param {string} to */
  const ending = (to) => v1('reports/summary', { from: daysBefore(to, DAYS - 1), to });
  /** @type {Schemas['ReportSummary']} */
  const summary = await api('GET', ending(todayIn(DEFAULT_TIME_ZONE) ?? new Date().toISOString().slice(0, 10)));
  const today = todayIn(summary.time_zone);
  return today === null || today === summary.to ? summary : api('GET', ending(today));
}

/**
 * The days' figures added up (kobo strings, summed exactly).
 * @param {Schemas['ReportDay'][]} days
 * @returns {Figures}
 */
function total(days) {
  return {
    volume: sumKobo(days.map((day) => day.volume)),
    count: days.reduce((count, day) => count + day.count, 0),
    fees: sumKobo(days.map((day) => day.fees)),
    refunded: sumKobo(days.map((day) => day.refunded)),
    net: sumKobo(days.map((day) => day.net)),
  };
}

/**
 * Today (the summary's last day), the last 7 days, and the 30 (the summary's own totals).
 * @param {Schemas['ReportSummary']} summary
 */
function periodCards(summary) {
  const today = summary.days.at(-1);
  const week = summary.days.slice(-7);
  const weekStart = week[0];
  if (today === undefined || weekStart === undefined) return null;
  return [
    periodCard('Today', shortDate(today.date), today),
    periodCard('Last 7 days', `${shortDate(weekStart.date)} to ${shortDate(today.date)}`, total(week)),
    periodCard('Last 30 days', `${shortDate(summary.from)} to ${shortDate(summary.to)}`, summary),
  ];
}

/**
 * @param {string} title
 * @param {string} dates
 * @param {Figures} figures
 */
function periodCard(title, dates, figures) {
  return card(
    'home-period',
    title,
    h('p', { class: 'home-dates' }, dates),
    h(
      'dl',
      { class: 'home-figures' },
      stat('Volume', formatKobo(figures.volume)),
      stat('Payments', String(figures.count)),
      stat('Fees', formatKobo(figures.fees)),
      stat('Refunded', formatKobo(figures.refunded)),
      stat('Net', formatKobo(figures.net)),
    ),
  );
}

/** @param {Schemas['ReportSummary']} summary */
function chartTitle(summary) {
  return `Succeeded volume each day, ${shortDate(summary.from)} to ${shortDate(summary.to)}${state.mode === 'test' ? ' (test data)' : ''}`;
}

// ---------- the balance ----------

/** @param {Schemas['Balance'] | Error} balance */
function balanceCard(balance) {
  return card(
    'home-balance',
    'Balance',
    balance instanceof Error
      ? inlineError(balance)
      : h(
          'dl',
          { class: 'home-figures' },
          stat('Available', formatKobo(balance.available)),
          // Pending (live payments not settled yet) and in transit (payouts on their way) are zero
          // most of the time (pending always is in test mode): said only when there is some.
          BigInt(balance.pending) === 0n ? null : stat('Pending', formatKobo(balance.pending)),
          BigInt(balance.in_transit) === 0n ? null : stat('On the way to your bank', formatKobo(balance.in_transit)),
        ),
    h('p', {}, h('a', { class: 'home-link', href: here(['balance']) }, 'Balance history and payouts')),
  );
}

// ---------- what needs the merchant ----------

/**
 * @typedef {object} Need
 * @property {string} title
 * @property {Children} detail
 * @property {string} href where to act on it
 * @property {string} action the link's words
 */

/**
 * The webhook endpoint of the mode shown; null when there is none.
 * @returns {Promise<Schemas['WebhookEndpoint'] | null>}
 */
async function fetchEndpoint() {
  try {
    return await api('GET', v1('webhook_endpoint'));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/**
 * @param {Schemas['WebhookEndpoint'] | null | Error} endpoint
 * @param {Schemas['PayoutList'] | Error} payouts
 * @param {Schemas['ReconciliationNoticeList'] | null | Error} notices
 */
function needsCard(endpoint, payouts, notices) {
  /** @type {[string, Need[] | Error][]} */
  const checks = [
    ['your webhook endpoint', endpoint instanceof Error ? endpoint : endpointNeeds(endpoint)],
    ['your payouts', payouts instanceof Error ? payouts : payoutNeeds(payouts.data)],
    ['reconciliation', notices instanceof Error ? notices : reconciliationNeeds(notices)],
  ];
  const needs = checks.flatMap(([, found]) => (found instanceof Error ? [] : found));
  const failed = checks.filter(/** @returns {check is [string, Error]} */ (check) => check[1] instanceof Error);
  return card(
    'home-needs',
    'What needs you',
    needs.length === 0 && failed.length === 0 ? h('p', { class: 'home-all-clear' }, 'Nothing needs you right now.') : null,
    needs.length === 0
      ? null
      : h(
          'ul',
          { class: 'home-need-list' },
          needs.map((need) => h('li', { class: 'home-need' }, h('p', { class: 'home-need-title' }, need.title), h('p', { class: 'home-need-detail' }, need.detail), h('a', { class: 'button button-secondary home-action', href: need.href }, need.action))),
        ),
    failed.map(([what, err]) => h('div', { class: 'home-check-failed' }, h('p', {}, `Could not check ${what}.`), inlineError(err))),
  );
}

/**
 * A disabled or failing endpoint, with its cause in words; in live mode, no endpoint at all.
 * @param {Schemas['WebhookEndpoint'] | null} endpoint
 * @returns {Need[]}
 */
function endpointNeeds(endpoint) {
  const href = here(['webhooks']);
  if (endpoint === null) {
    if (state.mode === 'test') return [];
    return [{ title: 'No webhook endpoint for live payments', detail: 'Your server is not told when a payment succeeds or a payout fails. Add an endpoint for it.', href, action: 'Set up a webhook endpoint' }];
  }
  const cause = endpoint.last_error === null ? null : h('span', { class: 'home-cause' }, `Last failure: ${endpoint.last_error}`);
  const lastSuccess = endpoint.last_succeeded_at === null ? 'No delivery to it has succeeded yet.' : ['Last delivered ', timeEl(endpoint.last_succeeded_at), '.'];
  if (endpoint.disabled_at !== null) {
    return [
      {
        title: 'Your webhook endpoint is disabled',
        detail: [`${endpoint.disabled_reason ?? 'Its deliveries kept failing.'} Events are not sent to it until you save its URL again. `, cause, ' ', lastSuccess],
        href,
        action: 'Enable it on Webhooks',
      },
    ];
  }
  if (endpoint.failing_since !== null) {
    return [
      {
        title: 'Webhook deliveries are failing',
        detail: [cause ?? 'Deliveries to your endpoint are not getting through.', ' Failing since ', timeEl(endpoint.failing_since), '. ', lastSuccess, ' An endpoint that fails for 5 days is disabled.'],
        href,
        action: 'Fix it on Webhooks',
      },
    ];
  }
  return [];
}

/**
 * The payouts that failed since the last one paid (newest first): one paid after them shows the
 * payout account works again, so the older failures need nothing more.
 * @param {Schemas['Payout'][]} payouts newest first
 * @returns {Need[]}
 */
function payoutNeeds(payouts) {
  const lastPaid = payouts.findIndex((payout) => payout.status === 'paid');
  const failed = (lastPaid === -1 ? payouts : payouts.slice(0, lastPaid)).filter((payout) => payout.status === 'failed');
  const newest = failed[0];
  if (newest === undefined) return [];
  const why = wordsFor(PAYOUT_FAILURE_WORDS, newest.failure_code) ?? 'It failed; the amount is back in your balance.';
  return [
    {
      title: failed.length === 1 ? 'A payout failed' : `${failed.length} payouts failed`,
      detail: [`${failed.length === 1 ? 'Your payout' : 'The newest'} of ${formatKobo(newest.amount)} to ${newest.bank_name} ••••${newest.account_last4} failed `, timeEl(newest.failed_at), `. ${why}`],
      href: here(['balance']),
      action: 'See payouts on Balance',
    },
  ];
}

/**
 * What the daily reconciliation with the processor found (live mode only: null in test mode).
 * @param {Schemas['ReconciliationNoticeList'] | null} notices
 * @returns {Need[]}
 */
function reconciliationNeeds(notices) {
  if (notices === null || notices.data.length === 0) return [];
  const count = `${notices.data.length}${notices.has_more ? '+' : ''}`;
  return [
    {
      title: `Reconciliation found ${count} difference${count === '1' ? '' : 's'} with Paystack`,
      detail: 'The daily check found payments, payouts or refunds that Paystack records differently. Nothing was changed by it; contact support with their references.',
      href: here(['balance']),
      action: 'See the differences on Balance',
    },
  ];
}
