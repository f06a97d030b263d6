// Balance: what is available (and, live, pending; both modes, on its way to the bank), its
// history line by line with the running balance, the CSV of it, payouts, what reconciliation with
// Paystack found, and test top-ups.
import { h } from '../../shared/dom.js';
import { clearFieldError, setBusy, setFieldError } from '../../shared/forms.js';
import { formatKobo, koboSign, parseNaira, sumKobo } from '../../shared/money.js';
import { BALANCE_ENTRY_TYPES, RECONCILIATION_KINDS, RECONCILIATION_PROBLEMS, wordsFor } from '../../shared/words.js';
import { ApiError, SessionEnded, api, v1 } from '../api.js';
import { flashSlot } from '../messages.js';
import { refresh } from '../render.js';
import { here } from '../routes.js';
import { state } from '../state.js';
import { PAGE_SIZE, busyButton, cursorQuery, detailList, formAlert, heading, inlineError, link, pagerIfPaged, section, showFormError, table, timeEl } from '../ui.js';
import { PAYOUTS_SHOWN, accountText, fetchPayoutAccount, payoutAccountSection, payoutForm, payoutsSection } from './payouts.js';

/** @typedef {import('../../shared/words.js').Schemas} Schemas */
/** @typedef {import('../../shared/dom.js').Children} Children */

/**
 * How many of the newest payments are looked up for the descriptions of a page of history: one
 * call (the API's largest page) instead of one per payment; an older payment shows as its id.
 */
const DESCRIPTIONS_LOOKED_UP = 100;

/** How long a downloaded CSV's object URL is kept: the browser reads it after the click returns. */
const DOWNLOAD_URL_MS = 60_000;

/** @type {import('../render.js').View} */
export async function viewBalance(route, current) {
  /** @type {[Schemas['Balance'], Schemas['BalanceEntryList'] | Error, Schemas['ReconciliationNoticeList'] | Error | null, Schemas['PayoutList'] | Error, Schemas['PayoutAccount'] | null | Error, Schemas['BankList'] | Error]} */
  const [balance, entries, notices, payouts, account, banks] = await Promise.all([
    api('GET', v1('balance')),
    api('GET', v1('balance/entries', { limit: PAGE_SIZE, ...cursorQuery(route) })).catch((err) => err),
    state.mode === 'live' ? api('GET', '/dashboard/api/reconciliation').catch((err) => err) : Promise.resolve(null),
    api('GET', v1('payouts', { limit: PAYOUTS_SHOWN })).catch((err) => err),
    fetchPayoutAccount().catch((err) => err),
    api('GET', v1('banks')).catch((err) => err),
  ]);
  for (const answer of [entries, notices, payouts, account, banks]) if (answer instanceof SessionEnded) throw answer;
  const descriptions = entries instanceof Error ? new Map() : await paymentDescriptions(entries.data);
  const figures = balanceFigures(balance);
  // A payout that moved on changes what is on its way (and, failed, what is available).
  const onPayoutMoved = async () => {
    const fresh = await api('GET', v1('balance')).catch(() => null);
    if (fresh !== null && current()) figures.show(fresh);
  };

  return h(
    'div',
    { class: 'view balance-page' },
    heading('Balance'),
    flashSlot('balance'),
    h(
      'div',
      { class: 'columns' },
      h(
        'div',
        { class: 'column-main' },
        figures.card,
        account instanceof Error ? section('Pay out', inlineError(account)) : payoutForm(balance, account),
        notices === null || notices instanceof Error || notices.data.length === 0 ? null : reconciliationNotices(notices.data),
        section('Balance history', exportButton(), entries instanceof Error ? inlineError(entries) : balanceHistory(route, entries, descriptions, payouts instanceof Error ? [] : payouts.data)),
        payoutsSection(payouts, current, () => void onPayoutMoved()),
      ),
      h(
        'div',
        { class: 'column-side' },
        account instanceof Error ? section('Payout account', inlineError(account)) : payoutAccountSection(account, banks),
        state.mode === 'test' ? topUpForm() : null,
      ),
    ),
  );
}

/**
 * The balance card, whose figures can be shown again in place (a payout that moved on).
 * @param {Schemas['Balance']} balance
 */
function balanceFigures(balance) {
  const available = h('p', { class: 'balance-amount' });
  const pending = h('span', {});
  const inTransit = h('span', {});
  /** @param {Schemas['Balance']} b */
  const show = (b) => {
    available.textContent = formatKobo(b.available);
    pending.textContent = formatKobo(b.pending);
    inTransit.textContent = formatKobo(b.in_transit);
  };
  show(balance);
  const card = h(
    'section',
    { class: 'card balance-card', 'aria-labelledby': 'available-label' },
    h('h2', { class: 'balance-label', id: 'available-label' }, `Available ${state.mode === 'test' ? 'test ' : ''}balance`),
    available,
    h('p', { class: 'muted' }, state.mode === 'live' ? 'Settled payments add to it, less the service fee; refunds and payouts are paid from it.' : 'Payments add to it, less the service fee; refunds and payouts are paid from it.'),
    detailList([
      ['Pending', state.mode === 'live' ? pending : undefined],
      ['On the way to your bank', inTransit],
    ]),
  );
  return { card, show };
}

/**
 * The descriptions of the payments a page of history is about, by payment id, from one list call
 * of the payments created before the page's newest entry; none (ids shown instead) when it fails.
 * @param {Schemas['BalanceEntry'][]} entries
 * @returns {Promise<Map<string, string>>}
 */
async function paymentDescriptions(entries) {
  /** @type {Map<string, string>} */
  const found = new Map();
  const newest = entries[0];
  if (newest === undefined || !entries.some((e) => e.payment_intent !== null)) return found;
  const before = Math.floor(Date.parse(newest.created_at) / 1000) + 1;
  /** @type {Schemas['PaymentIntentList'] | null} */
  const intents = await api('GET', v1('payment_intents', { limit: DESCRIPTIONS_LOOKED_UP, 'created[lt]': before })).catch((err) => {
    if (err instanceof SessionEnded) throw err;
    return null;
  });
  for (const intent of intents?.data ?? []) if (intent.description) found.set(intent.id, intent.description);
  return found;
}

/**
 * The balance's lines, newest first: a test-mode payment is its gross and then its service fee
 * (a live payment's settlement arrives net of its fee and of any refund made before it settled), each with the balance right after it; every other entry is one line.
 * @param {import('../routes.js').Route} route
 * @param {Schemas['BalanceEntryList']} entries
 * @param {Map<string, string>} descriptions
 * @param {Schemas['Payout'][]} payouts
 */
function balanceHistory(route, entries, descriptions, payouts) {
  const payoutsById = new Map(payouts.map((p) => [p.id, p]));
  return [
    table({
      caption: 'Balance history, newest first',
      columns: [{ label: 'What' }, { label: 'Amount', class: 'num' }, { label: 'Balance after', class: 'num' }, { label: 'About' }, { label: 'Date' }],
      rows: entries.data.flatMap((entry) => historyLines(entry, descriptions, payoutsById)),
      empty: 'Nothing has moved yet.',
    }),
    pagerIfPaged(route, entries, {}),
  ];
}

/**
 * @param {Schemas['BalanceEntry']} entry
 * @param {Map<string, string>} descriptions
 * @param {Map<string, Schemas['Payout']>} payoutsById
 * @returns {{ cells: Children[] }[]}
 */
function historyLines(entry, descriptions, payoutsById) {
  const about = entryAbout(entry, descriptions, payoutsById);
  const date = timeEl(entry.created_at, { short: true });
  const what = wordsFor(BALANCE_ENTRY_TYPES, entry.type) ?? entry.type;
  const fee = BigInt(entry.fee);
  if (fee === 0n) return [{ cells: [what, signedAmount(entry.amount), formatKobo(entry.balance_after), about, date] }];
  // Newest first: the fee came off after the gross went in, so its line is the upper one and ends
  // at the entry's balance; the gross line ends `fee` higher.
  return [
    { cells: ['Service fee', signedAmount(-fee), formatKobo(entry.balance_after), entryAbout(entry, descriptions, payoutsById), timeEl(entry.created_at, { short: true })] },
    { cells: [what, signedAmount(sumKobo([entry.amount, fee])), formatKobo(sumKobo([entry.balance_after, fee])), about, date] },
  ];
}

/** @param {string | bigint} kobo */
function signedAmount(kobo) {
  return h('span', { class: koboSign(kobo) < 0 ? 'amount-negative' : 'amount-positive' }, formatKobo(kobo, { signed: true }));
}

/**
 * What a line is about: its payment (by description, or id), its refund, its payout.
 * @param {Schemas['BalanceEntry']} entry
 * @param {Map<string, string>} descriptions
 * @param {Map<string, Schemas['Payout']>} payoutsById
 * @returns {Children}
 */
function entryAbout(entry, descriptions, payoutsById) {
  const payment = entry.payment_intent === null ? null : paymentLink(entry.payment_intent, descriptions.get(entry.payment_intent));
  if (entry.refund !== null) return h('span', { class: 'about' }, 'Refund ', h('span', { class: 'mono' }, entry.refund), payment === null ? null : [' of ', payment]);
  if (entry.payout !== null) {
    const payout = payoutsById.get(entry.payout);
    return h('span', { class: 'about' }, payout === undefined ? ['Payout ', h('span', { class: 'mono' }, entry.payout)] : `Payout to ${accountText(payout)}`);
  }
  if (entry.type === 'top_up') return 'Test funds';
  return payment ?? '—';
}

/**
 * @param {string} id
 * @param {string | undefined} description
 */
function paymentLink(id, description) {
  return description === undefined ? link(here(['payments', id]), id, { class: 'mono' }) : link(here(['payments', id]), description, { title: id });
}

/** "Export CSV": every entry of the balance in this mode, downloaded as the API streams it. */
function exportButton() {
  const button = busyButton('Export CSV', { class: 'button button-secondary' });
  const alert = formAlert();
  button.addEventListener('click', async () => {
    alert.textContent = '';
    setBusy(button, true);
    try {
      await downloadEntriesCsv();
    } catch (err) {
      showFormError(alert, err);
    } finally {
      setBusy(button, false);
    }
  });
  return h('div', { class: 'toolbar' }, h('p', { class: 'muted' }, 'Every entry in this mode, with gross, fee, net and the running balance, for a spreadsheet.'), button, alert);
}

/**
 * The CSV comes as a file (an attachment), so it is fetched with the session and the mode header
 * as a Blob and handed to the browser's downloads through an object URL.
 */
async function downloadEntriesCsv() {
  let response;
  try {
    response = await fetch(v1('balance/entries/export.csv'), {
      headers: { Accept: 'text/csv', 'Nairaflow-Mode': state.mode },
      credentials: 'same-origin',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
    });
  } catch {
    throw new ApiError(0, 'network_error', "Couldn't reach Nairaflow. Check your internet connection and try again.");
  }
  if (response.status === 401) {
    // api() owns what an ended session means (the sign-in view); asking it again shows it.
    await api('GET', v1('balance'));
  }
  if (!response.ok) {
    const body = await response.json().catch(() => null);
    const error = body?.error ?? {};
    throw new ApiError(response.status, typeof error.code === 'string' ? error.code : 'unknown', typeof error.message === 'string' ? error.message : 'The export failed. Try again.');
  }
  const blob = await response.blob();
  const filename = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? `nairaflow-balance-${state.mode}.csv`;
  const url = URL.createObjectURL(blob);
  const a = h('a', { href: url, download: filename, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_MS);
}

/**
 * What the daily reconciliation with Paystack found about this merchant's money.
 * @param {Schemas['ReconciliationNotice'][]} notices
 */
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
          wordsFor(RECONCILIATION_KINDS, n.kind) ?? n.kind,
          h('span', { class: 'mono' }, n.reference),
          wordsFor(RECONCILIATION_PROBLEMS, n.problem) ?? n.problem,
          n.ours_amount === null ? '—' : `${formatKobo(n.ours_amount)} (${n.ours_status})`,
          n.processor_amount === null ? '—' : `${formatKobo(n.processor_amount)} (${n.processor_status})`,
        ],
      })),
      empty: '',
    }),
  );
}

/** Test mode only: money to refund from, without taking test payments first. */
function topUpForm() {
  const input = h('input', { id: 'top-up-amount', name: 'amount', type: 'text', inputmode: 'decimal', autocomplete: 'off', placeholder: '10,000.00' });
  const alert = formAlert();
  const button = busyButton('Add test funds', { type: 'submit', class: 'button button-secondary' });
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
    if (parsed.kobo === undefined) {
      setFieldError(input, parsed.error ?? 'Enter an amount, like 10,000.00.');
      return input.focus();
    }
    setBusy(button, true);
    try {
      await api('POST', v1('test_helpers/top_up'), { body: { amount: Number(parsed.kobo) } });
      await refresh({ anchor: 'balance', text: `Added ${formatKobo(parsed.kobo)} of test funds.` });
    } catch (err) {
      setBusy(button, false);
      showFormError(alert, err, { amount: input });
    }
  });
  return section('Add test funds', form);
}
