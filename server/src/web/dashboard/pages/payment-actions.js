// What a merchant can do to one payment: refund some or all of a succeeded one, cancel an open one.
import { h, uniqueId } from '../../shared/dom.js';
import { clearFieldError, setBusy, setFieldError } from '../../shared/forms.js';
import { formatKobo, parseNaira, subtractKobo } from '../../shared/money.js';
import { ApiError, api, v1 } from '../api.js';
import { confirmAction } from '../dialog.js';
import { refresh } from '../render.js';
import { busyButton, formAlert, section, showFormError } from '../ui.js';

/** @typedef {import('../../shared/words.js').Schemas['PaymentIntent']} PaymentIntent */

/**
 * The refund form: an amount in naira (nothing for all that is left), checked against what is left
 * before it is confirmed, with the kobo it sends shown as it is typed.
 * @param {PaymentIntent} intent
 * @param {string} remaining kobo not yet refunded
 */
export function refundForm(intent, remaining) {
  /** What is left to refund, as far as this page knows: less once a refusal says another refund came first. */
  let left = remaining;
  const inputId = uniqueId('refund-amount');
  const hintId = `${inputId}-hint`;
  const previewId = `${inputId}-sends`;
  const input = h('input', { id: inputId, name: 'amount', type: 'text', inputmode: 'decimal', autocomplete: 'off', spellcheck: 'false', placeholder: formatKobo(left, { symbol: '' }), 'aria-describedby': `${hintId} ${previewId}` });
  const hint = h('p', { class: 'hint', id: hintId });
  const preview = h('p', { class: 'hint kobo-preview', id: previewId });
  const fieldError = h('p', { class: 'field-error', id: `${inputId}-error`, hidden: true });
  const alert = formAlert();
  const button = busyButton('Refund', { type: 'submit', class: 'button button-primary' });
  /** The Idempotency-Key of the last submission, reused only when that same submission is retried. @type {{ fingerprint: string, key: string } | null} */
  let pending = null;

  // The API takes kobo, so the page says exactly which number goes: what the merchant typed, as sent.
  const showLeft = () => {
    hint.textContent = `Leave empty to refund what is left: ${formatKobo(left)}.`;
    input.placeholder = formatKobo(left, { symbol: '' });
    const parsed = parseNaira(input.value);
    preview.textContent = parsed.kobo !== undefined ? `Sends ${parsed.kobo} kobo.` : parsed.empty ? `Sends ${left} kobo (all that is left).` : '';
  };
  showLeft();
  input.addEventListener('input', showLeft);

  const form = h(
    'form',
    { novalidate: true, class: 'form refund-form' },
    h('div', { class: 'field' }, h('label', { for: inputId }, 'Amount to refund (₦)'), input, hint, preview, fieldError),
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
    const amount = parsed.kobo ?? BigInt(left);
    if (amount > BigInt(left)) {
      setFieldError(input, `At most ${formatKobo(left)} is left to refund.`);
      return input.focus();
    }
    const ok = await confirmAction({
      title: `Refund ${formatKobo(amount)}?`,
      message: `${formatKobo(amount)} of this ${formatKobo(intent.amount)} payment goes back to ${intent.customer?.email ?? 'the customer'}, from your available balance. A refund cannot be undone.`,
      confirm: `Refund ${formatKobo(amount)}`,
    });
    if (!ok) return;
    // The amount always goes, even for "all that is left": the refund is then exactly what the
    // merchant confirmed. Number() is exact: it is at most the payment's amount, at most 10^15 < 2^53.
    const body = { payment_intent: intent.id, amount: Number(amount) };
    const fingerprint = JSON.stringify(body);
    if (pending === null || pending.fingerprint !== fingerprint) pending = { fingerprint, key: crypto.randomUUID() };
    setBusy(button, true);
    try {
      /** @type {import('../../shared/words.js').Schemas['Refund']} */
      const refund = await api('POST', v1('refunds'), { body, idempotencyKey: pending.key });
      pending = null;
      await refresh({ anchor: 'payment', text: `Refunded ${formatKobo(refund.amount)} to ${intent.customer?.email ?? 'the customer'}.` });
    } catch (err) {
      // Only a request whose outcome is unknown is retried with the same key; any answer ends it.
      if (!(err instanceof ApiError) || !(err.status === 0 || err.status >= 500 || err.code === 'idempotency_key_in_use')) pending = null;
      const refusal = await refusalInNaira(err, intent, amount);
      setBusy(button, false);
      if (refusal === null) return showFormError(alert, err, { amount: input });
      if (refusal.left !== undefined) {
        left = refusal.left;
        showLeft();
      }
      if (refusal.field) {
        setFieldError(input, refusal.message);
        input.focus();
      } else {
        alert.textContent = refusal.message;
      }
    }
  });
  return section('Refund', form);
}

/**
 * A refusal the API words in kobo, in naira words from this payment instead (the field takes naira);
 * null for any other answer, which is shown as the API says it.
 * @param {unknown} err
 * @param {PaymentIntent} intent
 * @param {bigint} amount kobo asked for
 * @returns {Promise<{ message: string, field: boolean, left?: string } | null>}
 */
async function refusalInNaira(err, intent, amount) {
  if (!(err instanceof ApiError)) return null;
  if (err.code === 'invalid_request' && err.param === 'amount' && /left to refund/.test(err.message)) {
    // Another refund (another tab, the API) came first: what is left now is the payment's own word.
    /** @type {PaymentIntent | null} */
    const now = await api('GET', v1(`payment_intents/${encodeURIComponent(intent.id)}`)).catch(() => null);
    if (now === null) return { message: `${formatKobo(amount)} is more than what is left to refund.`, field: true };
    const left = subtractKobo(now.amount, now.amount_refunded);
    return { message: `At most ${formatKobo(left)} is left to refund: another refund was made since this page was opened.`, field: true, left };
  }
  if (err.code === 'insufficient_balance') {
    /** @type {import('../../shared/words.js').Schemas['Balance'] | null} */
    const balance = await api('GET', v1('balance')).catch(() => null);
    const available = balance === null ? 'Your available balance' : `Your available balance, ${formatKobo(balance.available)},`;
    return { message: `${available} cannot cover this refund of ${formatKobo(amount)}. Nothing was refunded.`, field: false };
  }
  if (/\bkobo\b/i.test(err.message)) return { message: `The refund of ${formatKobo(amount)} was refused, and nothing was refunded. Try a smaller amount, or try again later.`, field: false };
  return null;
}

/**
 * Cancelling a payment the customer has not paid yet, confirmed first.
 * @param {PaymentIntent} intent
 */
export function cancelSection(intent) {
  const alert = formAlert();
  const button = busyButton('Cancel payment', { class: 'button button-danger-outline' });
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
