// Payouts, on the balance page: the bank account they go to (changed only with the password), the
// "Pay out" form (checked against the available balance before anything is asked or sent), and
// the newest payouts with where each one is.
import { append, h, uniqueId } from '../../shared/dom.js';
import { clearFieldError, setBusy, setFieldError } from '../../shared/forms.js';
import { formatKobo, parseNaira } from '../../shared/money.js';
import { PAYOUT_FAILURE_WORDS, PAYOUT_STATUS, wordsFor } from '../../shared/words.js';
import { ApiError, api, v1 } from '../api.js';
import { confirmAction } from '../dialog.js';
import { changeWithPassword } from '../password-confirmation.js';
import { refresh } from '../render.js';
import { later } from '../state.js';
import { badge, busyButton, detailList, formAlert, inlineError, section, showFormError, table, timeEl } from '../ui.js';

/** @typedef {import('../../shared/words.js').Schemas} Schemas */

/** How many payouts the balance page lists; every payout is also a line of the balance history. */
export const PAYOUTS_SHOWN = 10;

/** How often a payout still on its way is looked at again: test mode settles one in about 10 s. */
const PAYOUT_POLL_MS = 4_000;

/** A payout account number is a NUBAN: 10 digits. */
const ACCOUNT_NUMBER = /^[0-9]{10}$/;

/**
 * "Guaranty Trust Bank ••••6789".
 * @param {{ bank_name: string, account_last4: string }} account
 */
export const accountText = (account) => `${account.bank_name} ••••${account.account_last4}`;

/**
 * The payout account, or null when none is set in this mode yet (404 resource_missing).
 * @returns {Promise<Schemas['PayoutAccount'] | null>}
 */
export async function fetchPayoutAccount() {
  try {
    return await api('GET', v1('payout_account'));
  } catch (err) {
    if (err instanceof ApiError && err.code === 'resource_missing') return null;
    throw err;
  }
}

/**
 * Where payouts go, and the form that sets or changes it (with the password).
 * @param {Schemas['PayoutAccount'] | null} account
 * @param {Schemas['BankList'] | Error} banks
 */
export function payoutAccountSection(account, banks) {
  const form = banks instanceof Error ? inlineError(banks) : payoutAccountForm(account, banks.data);
  if (account === null) {
    return section('Payout account', h('p', { class: 'muted' }, 'No bank account yet. Set the account payouts go to; its name is looked up at the bank.'), form);
  }
  return accountCard(account, form);
}

/**
 * @param {Schemas['PayoutAccount']} account
 * @param {HTMLElement} form
 */
function accountCard(account, form) {
  return section(
    'Payout account',
    detailList([
      ['Bank', account.bank_name],
      ['Account name', h('strong', { id: 'payout-account-name' }, account.account_name)],
      ['Account number', `••••${account.account_last4}`],
      ['Set', timeEl(account.updated_at)],
    ]),
    h('details', { class: 'payout-account-change' }, h('summary', {}, 'Change payout account'), form),
  );
}

/**
 * @param {Schemas['PayoutAccount'] | null} account
 * @param {Schemas['Bank'][]} banks
 */
function payoutAccountForm(account, banks) {
  const select = h(
    'select',
    { id: 'payout-bank', name: 'bank_code', required: true },
    h('option', { value: '' }, 'Choose a bank'),
    banks.map((bank) => h('option', { value: bank.code, selected: bank.code === account?.bank_code }, bank.name)),
  );
  const input = h('input', { id: 'payout-account-number', name: 'account_number', type: 'text', inputmode: 'numeric', autocomplete: 'off', spellcheck: 'false', maxlength: '10', placeholder: '0123456789', 'aria-describedby': 'payout-account-number-hint' });
  const alert = formAlert();
  const button = busyButton(account === null ? 'Set payout account' : 'Change payout account', { type: 'submit', class: 'button button-primary' });
  const form = h(
    'form',
    { novalidate: true, class: 'form' },
    h('div', { class: 'field' }, h('label', { for: 'payout-bank' }, 'Bank'), select, h('p', { class: 'field-error', id: 'payout-bank-error', hidden: true })),
    h(
      'div',
      { class: 'field' },
      h('label', { for: 'payout-account-number' }, 'Account number'),
      input,
      h('p', { class: 'hint', id: 'payout-account-number-hint' }, '10 digits. The name on the account is looked up at the bank and shown here.'),
      h('p', { class: 'field-error', id: 'payout-account-number-error', hidden: true }),
    ),
    alert,
    button,
  );
  select.addEventListener('change', () => clearFieldError(select));
  input.addEventListener('input', () => clearFieldError(input));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    alert.textContent = '';
    clearFieldError(select);
    clearFieldError(input);
    const number = input.value.replace(/\s+/g, '');
    if (select.value === '') {
      setFieldError(select, 'Choose the bank.');
      return select.focus();
    }
    if (!ACCOUNT_NUMBER.test(number)) {
      setFieldError(input, 'Enter the 10-digit account number.');
      return input.focus();
    }
    const bankName = select.selectedOptions[0]?.textContent ?? 'the bank';
    try {
      /** @type {Schemas['PayoutAccount'] | null} */
      const saved = await changeWithPassword(
        {
          title: account === null ? 'Set the payout account?' : 'Change the payout account?',
          message: `Payouts will go to the account ending ${number.slice(-4)} at ${bankName}. Payouts already made keep the account they were made to.`,
          confirm: account === null ? 'Set payout account' : 'Change payout account',
        },
        () => {
          setBusy(button, true);
          return api('PUT', v1('payout_account'), { body: { bank_code: select.value, account_number: number } });
        },
      );
      if (saved === null) return setBusy(button, false);
      await refresh({ anchor: 'balance', text: `Payouts now go to ${saved.account_name}, ${accountText(saved)}.` });
    } catch (err) {
      setBusy(button, false);
      if (err instanceof ApiError && err.param === 'bank_code') {
        setFieldError(select, err.message);
        return select.focus();
      }
      showFormError(alert, err, { account_number: input });
    }
  });
  return form;
}

/**
 * "Pay out": an amount in naira, its kobo shown as they will be sent, refused in naira when the
 * available balance cannot cover it, before any dialog; then confirmed and sent once.
 * @param {Schemas['Balance']} balance
 * @param {Schemas['PayoutAccount'] | null} account
 */
export function payoutForm(balance, account) {
  const available = BigInt(balance.available);
  const inputId = uniqueId('payout-amount');
  const hintId = `${inputId}-hint`;
  const koboId = `${inputId}-kobo`;
  const input = h('input', { id: inputId, name: 'amount', type: 'text', inputmode: 'decimal', autocomplete: 'off', spellcheck: 'false', placeholder: formatKobo(balance.available, { symbol: '' }), 'aria-describedby': `${hintId} ${koboId}` });
  const koboLine = h('p', { class: 'hint payout-kobo', id: koboId, 'aria-live': 'polite' });
  const alert = formAlert();
  const button = busyButton('Pay out', { type: 'submit', class: 'button button-primary' });
  /** The Idempotency-Key of the last submission, reused only when that same submission is retried. @type {{ fingerprint: string, key: string } | null} */
  let pending = null;

  const showKobo = () => {
    const parsed = parseNaira(input.value);
    koboLine.textContent = parsed.kobo === undefined ? '' : `Sent as ${parsed.kobo.toString()} kobo (${formatKobo(parsed.kobo)}).`;
  };
  input.addEventListener('input', () => {
    clearFieldError(input);
    showKobo();
  });

  const form = h(
    'form',
    { novalidate: true, class: 'form' },
    h('p', { class: 'muted' }, account === null ? 'Set a payout account first: there is nowhere to pay out to yet.' : `To ${account.account_name}, ${accountText(account)}.`),
    h(
      'div',
      { class: 'field' },
      h('label', { for: inputId }, 'Amount to pay out (₦)'),
      input,
      h('p', { class: 'hint', id: hintId }, `Available: ${formatKobo(balance.available)}.`),
      koboLine,
      h('p', { class: 'field-error', id: `${inputId}-error`, hidden: true }),
    ),
    alert,
    button,
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    alert.textContent = '';
    clearFieldError(input);
    if (account === null) {
      alert.textContent = 'Set a payout account first: there is nowhere to pay out to yet.';
      return;
    }
    const parsed = parseNaira(input.value);
    if (parsed.kobo === undefined) {
      setFieldError(input, parsed.error ?? 'Enter an amount, like 10,000.00.');
      return input.focus();
    }
    const amount = parsed.kobo;
    if (amount > available) {
      setFieldError(input, available === 0n ? `Your available balance is ${formatKobo(available)}: there is nothing to pay out.` : `You can pay out at most ${formatKobo(available)}, your available balance.`);
      return input.focus();
    }
    const ok = await confirmAction({
      title: `Pay out ${formatKobo(amount)}?`,
      message: `${formatKobo(amount)} (${amount.toString()} kobo) of your available ${formatKobo(available)} goes to ${account.account_name}, ${accountText(account)}. A payout cannot be undone.`,
      confirm: `Pay out ${formatKobo(amount)}`,
    });
    if (!ok) return;
    // The API takes kobo as a JSON integer; Number() is exact here because parseNaira caps it at
    // 10^15, below 2^53.
    const body = { amount: Number(amount) };
    const fingerprint = JSON.stringify(body);
    if (pending === null || pending.fingerprint !== fingerprint) pending = { fingerprint, key: crypto.randomUUID() };
    setBusy(button, true);
    try {
      /** @type {Schemas['Payout']} */
      const payout = await api('POST', v1('payouts'), { body, idempotencyKey: pending.key });
      pending = null;
      await refresh({ anchor: 'balance', text: `Paying out ${formatKobo(payout.amount)} to ${accountText(payout)}.` });
    } catch (err) {
      setBusy(button, false);
      // Only a request whose outcome is unknown is retried with the same key; any answer ends it.
      if (!(err instanceof ApiError) || !(err.status === 0 || err.status >= 500 || err.code === 'idempotency_key_in_use')) pending = null;
      if (err instanceof ApiError && err.code === 'insufficient_balance') {
        // The API says it in kobo; the balance moved since the page was drawn.
        const now = await api('GET', v1('balance')).catch(() => null);
        setFieldError(input, `Your available balance${now === null ? '' : ` (${formatKobo(now.available)})`} cannot cover ${formatKobo(amount)}; nothing was paid out.`);
        return input.focus();
      }
      showFormError(alert, err, { amount: input });
    }
  });
  const card = section('Pay out', form);
  card.classList.add('balance-pay-out');
  return card;
}

/**
 * The newest payouts, looked at again while one is still on its way; `onMoved` is told when one
 * has moved on (paid, or failed and paid back), so the balance beside it can follow.
 * @param {Schemas['PayoutList'] | Error} payouts
 * @param {() => boolean} current
 * @param {() => void} onMoved
 */
export function payoutsSection(payouts, current, onMoved) {
  const body = h('div', { class: 'payouts-body' }, payouts instanceof Error ? inlineError(payouts) : payoutsTable(payouts));
  if (!(payouts instanceof Error)) pollWhileMoving(body, payouts, current, onMoved);
  return section('Payouts', body);
}

/** @param {Schemas['PayoutList']} payouts */
const statusesOf = (payouts) => payouts.data.map((p) => `${p.id}:${p.status}`).join(' ');

/**
 * @param {HTMLElement} body
 * @param {Schemas['PayoutList']} payouts
 * @param {() => boolean} current
 * @param {() => void} onMoved
 */
function pollWhileMoving(body, payouts, current, onMoved) {
  if (!payouts.data.some((p) => p.status === 'pending' || p.status === 'in_transit')) return;
  later(PAYOUT_POLL_MS, async () => {
    if (!current()) return;
    /** @type {Schemas['PayoutList'] | null} */
    const fresh = await api('GET', v1('payouts', { limit: PAYOUTS_SHOWN })).catch(() => null);
    if (fresh === null || !current()) return;
    if (statusesOf(fresh) !== statusesOf(payouts)) {
      body.replaceChildren();
      append(body, [payoutsTable(fresh)]);
      onMoved();
    }
    pollWhileMoving(body, fresh, current, onMoved);
  });
}

/** @param {Schemas['PayoutList']} payouts */
function payoutsTable(payouts) {
  return [
    table({
      caption: 'Payouts, newest first',
      columns: [{ label: 'Amount', class: 'num' }, { label: 'Status' }, { label: 'To' }, { label: 'Created' }, { label: 'Paid or failed' }],
      rows: payouts.data.map((payout) => ({
        cells: [
          formatKobo(payout.amount),
          payoutStatus(payout),
          `${payout.account_name}, ${accountText(payout)}`,
          timeEl(payout.created_at, { short: true }),
          timeEl(payout.paid_at ?? payout.failed_at, { short: true }),
        ],
      })),
      empty: 'No payouts yet.',
    }),
    payouts.has_more ? h('p', { class: 'muted' }, `The ${PAYOUTS_SHOWN} newest payouts; every payout is also a line of the balance history.`) : null,
  ];
}

/** @param {Schemas['Payout']} payout */
function payoutStatus(payout) {
  const why = wordsFor(PAYOUT_FAILURE_WORDS, payout.failure_code);
  return h('span', { class: 'payout-status' }, badge(PAYOUT_STATUS, payout.status), why === undefined ? null : h('span', { class: 'payout-why' }, why));
}
