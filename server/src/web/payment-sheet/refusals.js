// What the customer can do about an action the API refused.
import { setFieldError } from '../shared/forms.js';
import { notFound, reload } from './checkout.js';
import { showFormAlert } from './screens.js';

/**
 * Maps a refused (non-200) answer to what the customer can do about it: a field to fix, a wait, or
 * the intent as it now stands.
 * @param {import('../shared/api.js').Answer} res
 * @param {(param: string | undefined) => HTMLInputElement | undefined} fieldForParam the input an error's `param` names
 */
export async function handleRefusal(res, fieldForParam) {
  /** @type {Partial<import('../shared/words.js').Schemas['Error']['error']>} */
  const error = res.body?.error ?? {};
  if (res.status === 404) return notFound();
  // The API says how long to wait (a minute for too many requests, longer after many failed cards).
  if (res.status === 429) return showFormAlert(error.message || 'Too many attempts in a short time. Please wait a minute, then try again.');
  if (error.code === 'payment_intent_unexpected_state') return reload();
  if (res.status === 400) {
    const input = fieldForParam(error.param);
    if (input) {
      setFieldError(input, serverFieldMessage(error.param, error.message));
      input.focus();
      return;
    }
    return showFormAlert(error.message || 'Something in the payment details is not right. Check them and try again.');
  }
  showFormAlert('Something went wrong on our side and you have not been charged. Please try again in a moment.');
}

/**
 * @param {string | undefined} param
 * @param {string | undefined} message
 */
function serverFieldMessage(param, message) {
  if (param === 'card.number') return 'Your card number is invalid. Check it and try again.';
  if (param === 'card.exp_month' || param === 'card.exp_year') return 'Your card has expired or its expiry date is invalid.';
  if (param === 'card.cvc') return "Your card's security code is invalid.";
  if (param === 'email') return 'Enter a valid e-mail address for the receipt.';
  return message || 'Check this field.';
}
