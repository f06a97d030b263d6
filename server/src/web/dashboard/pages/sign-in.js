// Signing in (the card in the page's HTML) and signing out (the top bar's button).
import { announce } from '../../shared/dom.js';
import { clearFieldError, setBusy, setFieldError } from '../../shared/forms.js';
import { ApiError, SessionEnded, api } from '../api.js';
import { els } from '../chrome.js';
import { render } from '../render.js';
import { DEFAULT_SECTION, hrefFor, parseRoute } from '../routes.js';
import { showApp, signedOut } from '../session.js';

/** @type {number | undefined} */
let signinUnlockTimer;

/** @param {SubmitEvent} event */
export async function onSignIn(event) {
  event.preventDefault();
  els.signinAlert.textContent = '';
  els.signinNotice.hidden = true;
  clearFieldError(els.signinEmail);
  clearFieldError(els.signinPassword);
  const email = els.signinEmail.value.trim();
  const password = els.signinPassword.value;
  if (email === '') setFieldError(els.signinEmail, 'Enter your e-mail address.');
  if (password === '') setFieldError(els.signinPassword, 'Enter your password.');
  if (email === '' || password === '') return (email === '' ? els.signinEmail : els.signinPassword).focus();

  setBusy(els.signinButton, true);
  let session;
  try {
    session = await api('POST', '/dashboard/api/session', { body: { email, password }, signingIn: true });
  } catch (err) {
    setBusy(els.signinButton, false);
    if (!(err instanceof ApiError)) throw err;
    els.signinPassword.value = '';
    if (err.status === 429) return lockOut(err.retryAfter ?? 60);
    if (err.param === 'email') {
      setFieldError(els.signinEmail, err.message);
      return els.signinEmail.focus();
    }
    if (err.param === 'password') {
      setFieldError(els.signinPassword, err.message);
      return els.signinPassword.focus();
    }
    els.signinAlert.textContent = err.message;
    els.signinPassword.focus();
    return;
  }
  setBusy(els.signinButton, false);
  els.signinPassword.value = '';
  showApp(session);
  // With no view in the fragment, replacing it renders the default view (hashchange).
  if (parseRoute() === null || location.hash === '') location.replace(hrefFor('test', [DEFAULT_SECTION]));
  else await render({ focus: 'heading' });
}

/**
 * After too many wrong passwords: says how long to wait, and keeps the button off until then, so
 * a press cannot extend the lock-out.
 * @param {number} seconds
 */
function lockOut(seconds) {
  els.signinAlert.textContent = `Too many attempts, try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
  els.signinButton.disabled = true;
  window.clearTimeout(signinUnlockTimer);
  signinUnlockTimer = window.setTimeout(() => {
    els.signinButton.disabled = false;
  }, seconds * 1000);
}

export async function onSignOut() {
  setBusy(els.signout, true);
  try {
    await api('DELETE', '/dashboard/api/session');
  } catch (err) {
    if (!(err instanceof SessionEnded)) announce(`Could not sign out: ${err instanceof Error ? err.message : err}`);
    return;
  } finally {
    setBusy(els.signout, false);
  }
  signedOut('You have signed out.');
}
