// The other steps a card issuer may ask for before it answers: a PIN, a phone number, a date of
// birth, a billing address.
import { NetworkError } from '../shared/api.js';
import { announce } from '../shared/dom.js';
import { clearFieldError, setFieldError } from '../shared/forms.js';
import { actionPath, checkoutRequest, render } from './checkout.js';
import { els, stepInputs } from './elements.js';
import { handleRefusal } from './refusals.js';
import { setBusy, state } from './state.js';

/** @typedef {import('../shared/words.js').Schemas['AuthenticatePaymentIntentRequest']} AuthenticateRequest */
/** @typedef {{ input: HTMLInputElement, message: string }} Problem */

/**
 * The answer to the step asked for, as the API takes it; or the field to fix first.
 * @returns {{ answer: Omit<AuthenticateRequest, 'client_secret'>, problem?: undefined } | { answer?: undefined, problem: Problem | undefined }}
 */
function stepAnswer() {
  /**
   * @param {HTMLInputElement} input
   * @param {string} message
   * @returns {Problem | undefined}
   */
  const required = (input, message) => (input.value.trim() === '' ? { input, message } : undefined);
  switch (state.step) {
    case 'pin': {
      const pin = els.pin.value.replace(/\D/g, '');
      return pin.length === 4 ? { answer: { pin } } : { problem: { input: els.pin, message: 'Enter the 4 digits of your card PIN.' } };
    }
    case 'phone': {
      const phone = els.phone.value.replace(/[\s()-]/g, '');
      return /^\+?[0-9]{7,15}$/.test(phone) ? { answer: { phone } } : { problem: { input: els.phone, message: 'Enter your phone number, digits only (a leading + is fine).' } };
    }
    case 'birthday':
      return /^\d{4}-\d{2}-\d{2}$/.test(els.birthday.value) ? { answer: { birthday: els.birthday.value } } : { problem: { input: els.birthday, message: 'Enter your date of birth.' } };
    case 'address': {
      const problem =
        required(els.street, 'Enter your street address.') ??
        required(els.city, 'Enter your city.') ??
        required(els.addressState, 'Enter your state.') ??
        required(els.zip, 'Enter your postal code.');
      if (problem) return { problem };
      return { answer: { address: { street: els.street.value.trim(), city: els.city.value.trim(), state: els.addressState.value.trim(), zip_code: els.zip.value.trim() } } };
    }
  }
  return { problem: undefined };
}

/** The input a refusal's `param` names, in the step view. @type {Record<string, HTMLInputElement>} */
const STEP_FIELDS = {
  pin: els.pin,
  phone: els.phone,
  birthday: els.birthday,
  address: els.street,
  'address.street': els.street,
  'address.city': els.city,
  'address.state': els.addressState,
  'address.zip_code': els.zip,
};

/** @param {SubmitEvent} event */
export async function onStep(event) {
  event.preventDefault();
  if (state.busy) return;
  els.stepAlert.textContent = '';
  const { answer, problem } = stepAnswer();
  if (!answer) {
    if (problem) {
      setFieldError(problem.input, problem.message);
      problem.input.focus();
    }
    return;
  }
  for (const input of stepInputs()) clearFieldError(input);
  // The PIN is sent once and not kept, not even in the form.
  els.pin.value = '';
  setBusy(els.stepButton, true);
  announce('Checking with your bank…');
  try {
    const res = await checkoutRequest('POST', actionPath('authenticate'), { client_secret: state.secret, ...answer });
    if (res.status === 200 && res.body) render(res.body, true);
    else await handleRefusal(res, (param) => (param !== undefined && Object.hasOwn(STEP_FIELDS, param) ? STEP_FIELDS[param] : undefined));
  } catch (err) {
    if (!(err instanceof NetworkError)) throw err;
    els.stepAlert.textContent = "We couldn't reach Nairaflow. Check your connection and try again.";
  } finally {
    setBusy(els.stepButton, false);
  }
}
