// What a merchant can do to one payment: refund some or all of a succeeded one, cancel an open one.
import { h, uniqueId } from '../../shared/dom.js';
import { clearFieldError, setBusy, setFieldError } from '../../shared/forms.js';
import { formatKobo, parseNaira } from '../../shared/money.js';
import { ApiError, api, v1 } from '../api.js';
import { confirmAction } from '../dialog.js';
import { refresh } from '../render.js';
import { busyButton, formAlert, section, showFormError } from '../ui.js';

/** @typedef {import('../../shared/words.js').Schemas['PaymentIntent']} PaymentIntent */

/**
 * The refund form: an amount in naira, or nothing for all that is left; confirmed first.
 * @param {PaymentIntent} intent
 * @param {string} remaining kobo not yet refunded
 */
export function refundForm(intent, remaining) {
  const inputId = uniqueId('refund-amount');
  const hintId = `${inputId}-hint`;
  const input = h('input', { id: inputId, name: 'amount', type: 'text', inputmode: 'decimal', autocomplete: 'off', spellcheck: 'false', placeholder: formatKobo(remaining, { symbol: '' }), 'aria-describedby': hintId });
  const fieldError = h('p', { class: 'field-error', id: `${inputId}-error`, hidden: true });
  const alert = formAlert();
  const button = busyButton('Refund', { type: 'submit', class: 'button button-primary' });
  /** The Idempotency-Key of the last submission, reused only when that same submission is retried. @type {{ fingerprint: string, key: string } | null} */
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
    const amount = parsed.kobo === undefined ? remaining : parsed.kobo.toString();
    const ok = await confirmAction({
      title: `Refund ${formatKobo(amount)}?`,
      message: `${formatKobo(amount)} of this ${formatKobo(intent.amount)} payment goes back to ${intent.customer?.email ?? 'the customer'}, from your available balance. A refund cannot be undone.`,
      confirm: `Refund ${formatKobo(amount)}`,
    });
    if (!ok) return;
    // The API takes kobo as a JSON integer; Number() is exact here because parseNaira caps it at
    // 10^15, below 2^53.
    const body = parsed.kobo === undefined ? { payment_intent: intent.id } : { payment_intent: intent.id, amount: Number(parsed.kobo) };
    const fingerprint = JSON.stringify(body);
    if (pending === null || pending.fingerprint !== fingerprint) pending = { fingerprint, key: crypto.randomUUID() };
    setBusy(button, true);
    try {
      /** @type {import('../../shared/words.js').Schemas['Refund']} */
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
