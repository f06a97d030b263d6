// The one-time code the card issuer sent.
import { NetworkError } from '../shared/api.js';
import { announce } from '../shared/dom.js';
import { clearFieldError, setFieldError } from '../shared/forms.js';
import { actionPath, checkoutRequest, render } from './checkout.js';
import { els } from './elements.js';
import { handleRefusal } from './refusals.js';
import { setBusy, state } from './state.js';

export function onOtpInput() {
  const digits = els.otp.value.replace(/\D/g, '').slice(0, 8);
  if (digits !== els.otp.value) els.otp.value = digits;
  if (els.otp.getAttribute('aria-invalid') === 'true' && digits.length >= 4) clearFieldError(els.otp);
}

/** @param {SubmitEvent} event */
export async function onOtp(event) {
  event.preventDefault();
  if (state.busy) return;
  els.otpAlert.textContent = '';
  const otp = els.otp.value.replace(/\D/g, '');
  if (otp.length < 4) {
    setFieldError(els.otp, 'Enter the one-time code your bank sent you.');
    els.otp.focus();
    return;
  }
  clearFieldError(els.otp);
  setBusy(els.otpButton, true);
  announce('Checking the code…');
  try {
    const res = await checkoutRequest('POST', actionPath('otp'), { client_secret: state.secret, otp });
    if (res.status === 200 && res.body) render(res.body, true);
    else await handleRefusal(res, (param) => (param === 'otp' ? els.otp : undefined));
  } catch (err) {
    if (!(err instanceof NetworkError)) throw err;
    els.otpAlert.textContent = "We couldn't reach Nairaflow. Check your connection and try again.";
  } finally {
    setBusy(els.otpButton, false);
  }
}
