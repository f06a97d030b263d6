// Balance: what is available (and, live, pending and on its way to the bank), its history, what
// reconciliation with Paystack found, and test top-ups.
import { h } from '../../shared/dom.js';
import { clearFieldError, setBusy, setFieldError } from '../../shared/forms.js';
import { formatKobo, koboSign, parseNaira } from '../../shared/money.js';
import { BALANCE_ENTRY_TYPES, RECONCILIATION_KINDS, RECONCILIATION_PROBLEMS, wordsFor } from '../../shared/words.js';
import { SessionEnded, api, v1 } from '../api.js';
import { flashSlot } from '../messages.js';
import { refresh } from '../render.js';
import { here } from '../routes.js';
import { state } from '../state.js';
import { PAGE_SIZE, busyButton, cursorQuery, detailList, formAlert, heading, inlineError, link, pagerIfPaged, section, showFormError, table, timeEl } from '../ui.js';

/** @typedef {import('../../shared/words.js').Schemas} Schemas */

/** @type {import('../render.js').View} */
export async function viewBalance(route) {
  /** @type {[Schemas['Balance'], Schemas['BalanceEntryList'] | Error, Schemas['ReconciliationNoticeList'] | Error | null]} */
  const [balance, entries, notices] = await Promise.all([
    api('GET', v1('balance')),
    api('GET', v1('balance/entries', { limit: PAGE_SIZE, ...cursorQuery(route) })).catch((err) => err),
    state.mode === 'live' ? api('GET', '/dashboard/api/reconciliation').catch((err) => err) : Promise.resolve(null),
  ]);
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
        section('Balance history', entries instanceof Error ? inlineError(entries) : balanceHistory(route, entries)),
      ),
      state.mode === 'test' ? h('div', { class: 'column-side' }, topUpForm()) : null,
    ),
  );
}

/**
 * @param {import('../routes.js').Route} route
 * @param {Schemas['BalanceEntryList']} entries
 */
function balanceHistory(route, entries) {
  return [
    table({
      caption: 'Balance history, newest first',
      columns: [{ label: 'Type' }, { label: 'Amount', class: 'num' }, { label: 'Payment', class: 'optional' }, { label: 'Date' }],
      rows: entries.data.map((entry) => ({
        cells: [
          wordsFor(BALANCE_ENTRY_TYPES, entry.type) ?? entry.type,
          h('span', { class: koboSign(entry.amount) < 0 ? 'amount-negative' : 'amount-positive' }, formatKobo(entry.amount, { signed: true })),
          entry.payment_intent === null ? '—' : link(here(['payments', entry.payment_intent]), entry.payment_intent, { class: 'mono' }),
          timeEl(entry.created_at, { short: true }),
        ],
      })),
      empty: 'Nothing has moved yet.',
    }),
    pagerIfPaged(route, entries, {}),
  ];
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
