// The dashboard session: asked for at start, kept fresh (a new CSRF token, a later expiry), and
// ended, whereupon the sign-in card shows again.
import { clearFieldError } from '../shared/forms.js';
import { ApiError, api, handleSessionAnswers } from './api.js';
import { els, renderMerchant } from './chrome.js';
import { clearTimers, state } from './state.js';

/** @typedef {import('../shared/words.js').Schemas['DashboardSession']} DashboardSession */

/**
 * The session, or null when not signed in.
 * @returns {Promise<DashboardSession | null>}
 */
export async function fetchSession() {
  try {
    return await api('GET', '/dashboard/api/session', { signingIn: true });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

/** Asks for the session again (a new CSRF token, a later expiry); signs out of the page when it has ended. */
async function reloadSession() {
  try {
    const session = await fetchSession();
    if (session === null) return sessionEnded('Your session has ended. Sign in again to continue.');
    state.session = session;
    renderMerchant();
    scheduleExpiryCheck();
  } catch {
    // The next call tells; nothing to show now.
  }
}

function scheduleExpiryCheck() {
  window.clearTimeout(state.expiryTimer);
  const at = Date.parse(state.session?.expires_at ?? '');
  if (!Number.isFinite(at)) return;
  // setTimeout holds at most 2^31-1 ms; a longer session is checked again then.
  const wait = Math.min(Math.max(at - Date.now() + 1000, 1000), 2 ** 31 - 1);
  state.expiryTimer = window.setTimeout(() => void reloadSession(), wait);
}

/** @param {string} notice */
function sessionEnded(notice) {
  if (state.session === null && !els.signinPage.hidden) return;
  state.session = null;
  window.clearTimeout(state.expiryTimer);
  showSignIn({ notice });
}

handleSessionAnswers({ ended: sessionEnded, reload: reloadSession });

/**
 * Signed out here (Sign out, Sign out everywhere): a fresh start, so the next sign-in opens the
 * default view, not this user's last page.
 * @param {string} notice
 */
export function signedOut(notice) {
  state.session = null;
  window.clearTimeout(state.expiryTimer);
  history.replaceState(null, '', '/dashboard');
  showSignIn({ notice });
}

/**
 * The sign-in card instead of the dashboard, with a notice (why) or an alert (what went wrong).
 * @param {{ notice?: string, alert?: string }} [messages]
 */
export function showSignIn({ notice = '', alert = '' } = {}) {
  clearTimers();
  state.renderId++;
  if (els.dialog.open) els.dialog.close();
  els.boot.hidden = true;
  els.app.hidden = true;
  els.strip.hidden = true;
  els.main.replaceChildren();
  state.renderedPath = '';
  els.signinPage.hidden = false;
  els.signinNotice.textContent = notice;
  els.signinNotice.hidden = notice === '';
  els.signinAlert.textContent = alert;
  els.signinPassword.value = '';
  clearFieldError(els.signinEmail);
  clearFieldError(els.signinPassword);
  document.title = 'Sign in · Nairaflow';
  els.signinTitle.focus();
}

/**
 * The dashboard instead of the sign-in card, for `session`.
 * @param {DashboardSession} session
 */
export function showApp(session) {
  state.session = session;
  els.boot.hidden = true;
  els.signinPage.hidden = true;
  els.app.hidden = false;
  renderMerchant();
  scheduleExpiryCheck();
}
