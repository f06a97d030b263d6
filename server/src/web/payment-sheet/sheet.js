// Nairaflow hosted payment sheet: plain ES modules, served as they are (no framework, no build step).
// This one starts it. The client secret in the page's URL is the only credential; it is sent to
// this origin's API and nowhere else. Card data is read from the form, sent once in the confirm
// request, and never stored.
import { onCvcInput, onEmailInput, onExpiryInput, onFieldBlur, onNumberInput, onPay, onTestCard } from './card-form.js';
import { load, notFound, schedulePoll } from './checkout.js';
import { els } from './elements.js';
import { onOtp, onOtpInput } from './otp-form.js';
import { showView } from './screens.js';
import { state } from './state.js';
import { onStep } from './step-form.js';

/** `pi_` + 24 base62, then `_secret_` + 24 base62: the client secret, whose first part is the intent's id. */
const SECRET_PATTERN = /^(pi_[0-9A-Za-z]{24})_secret_[0-9A-Za-z]{24}$/;

function start() {
  let secret = '';
  try {
    secret = decodeURIComponent(location.pathname.replace(/^\/pay\//, '').replace(/\/+$/, ''));
  } catch {
    secret = '';
  }
  const match = SECRET_PATTERN.exec(secret);
  if (!match) return notFound();
  state.secret = secret;
  state.intentId = /** @type {string} */ (match[1]);

  els.number.addEventListener('input', onNumberInput);
  els.expiry.addEventListener('input', onExpiryInput);
  els.cvc.addEventListener('input', onCvcInput);
  els.otp.addEventListener('input', onOtpInput);
  els.email.addEventListener('input', onEmailInput);
  for (const input of [els.email, els.number, els.expiry, els.cvc]) input.addEventListener('blur', onFieldBlur);
  els.cardForm.addEventListener('submit', onPay);
  els.otpForm.addEventListener('submit', onOtp);
  els.stepForm.addEventListener('submit', onStep);
  els.testCards.addEventListener('click', onTestCard);
  // The bank's code never came, or the customer prefers another card: a new confirm replaces the attempt.
  els.otpChangeCard.addEventListener('click', () => showView('form', els.number));
  els.stepChangeCard.addEventListener('click', () => showView('form', els.number));
  // Coming back to a tab that was asleep mid-processing: ask again at once.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && state.pollTimer !== undefined) {
      state.pollDelay = 0;
      schedulePoll();
    }
  });
  load();
}

start();
