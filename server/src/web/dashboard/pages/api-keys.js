// API keys: the test and live secret keys (masked), rolling one, and signing out everywhere.
import { announce, h, uniqueId } from '../../shared/dom.js';
import { setBusy } from '../../shared/forms.js';
import { SessionEnded, api } from '../api.js';
import { confirmAction } from '../dialog.js';
import { revealSlot } from '../messages.js';
import { changeWithPassword } from '../password-confirmation.js';
import { refresh } from '../render.js';
import { signedOut } from '../session.js';
import { state } from '../state.js';
import { busyButton, detailList, formAlert, heading, showFormError, timeEl } from '../ui.js';

/** @typedef {import('../../shared/words.js').Schemas} Schemas */

/** @param {Schemas['ApiKey']} key */
const maskedKey = (key) => `${key.prefix}••••${key.last4}`;

/** @type {import('../render.js').View} */
export async function viewApiKeys() {
  /** @type {Schemas['ApiKeyList']} */
  const keys = await api('GET', '/dashboard/api/api_keys');
  const ordered = [...keys.data].sort((a, b) => Number(a.livemode) - Number(b.livemode));
  return h(
    'div',
    { class: 'view view-api-keys' },
    heading('API keys', { lead: 'Your server sends a secret key with every API call. Keep them out of code, logs and browsers.' }),
    ordered.map((key) => apiKeyCard(key)),
    signOutEverywhereSection(),
  );
}

/** Ends every session of this user: a lost phone, a shared computer left signed in. */
function signOutEverywhereSection() {
  const button = h('button', { type: 'button', class: 'button button-secondary' }, 'Sign out everywhere');
  button.addEventListener('click', async () => {
    const confirmed = await confirmAction({
      title: 'Sign out everywhere?',
      message: 'Every browser signed in as you, this one included, is signed out at once.',
      confirm: 'Sign out everywhere',
      danger: true,
    });
    if (!confirmed) return;
    setBusy(button, true);
    try {
      await api('DELETE', '/dashboard/api/sessions');
    } catch (err) {
      if (!(err instanceof SessionEnded)) announce(`Could not sign out everywhere: ${err instanceof Error ? err.message : err}`);
      return;
    } finally {
      setBusy(button, false);
    }
    signedOut('You have signed out everywhere.');
  });
  return h(
    'section',
    { class: 'card', 'aria-labelledby': 'sessions-title' },
    h('h2', { id: 'sessions-title' }, 'Sessions'),
    h('p', {}, 'Signed in somewhere you should not be (a lost phone, a shared computer)? End every session at once.'),
    button,
  );
}

/**
 * One key, masked, with Roll (confirmed first, the live one with the password; the new key is
 * shown once).
 * @param {Schemas['ApiKey']} key
 */
function apiKeyCard(key) {
  const modeName = key.livemode ? 'live' : 'test';
  const alert = formAlert();
  const button = busyButton(`Roll ${modeName} key`, { class: 'button button-secondary' });
  button.addEventListener('click', async () => {
    alert.textContent = '';
    const change = {
      title: `Roll the ${modeName} key?`,
      message: `${maskedKey(key)} stops working at once: every request made with it gets 401 until your server uses the new key, which is shown once.`,
      confirm: `Roll ${modeName} key`,
      danger: key.livemode,
    };
    const roll = () => {
      setBusy(button, true);
      return api('POST', `/dashboard/api/api_keys/${encodeURIComponent(key.id)}/roll`);
    };
    try {
      // A stolen session cookie must not be enough to roll a key (the live one stops real payments
      // until the server has the new one; a new test key would change what the password guards in
      // test mode): the password is asked for either.
      /** @type {Schemas['ApiKeyWithSecret'] | null} */
      const rolled = await changeWithPassword(change, roll);
      if (rolled === null) return setBusy(button, false);
      state.reveal = {
        anchor: `key-${modeName}`,
        title: `Your new ${modeName} secret key`,
        secret: rolled.secret,
        note: `Copy it now into your server's configuration. The old key ${maskedKey(key)} no longer works.`,
      };
      await refresh();
    } catch (err) {
      setBusy(button, false);
      showFormError(alert, err);
    }
  });
  const titleId = uniqueId('key');
  return h(
    'section',
    { class: 'card key-card', 'aria-labelledby': titleId },
    h('div', { class: 'key-head' }, h('h2', { class: 'card-title', id: titleId }, key.livemode ? 'Live secret key' : 'Test secret key'), h('span', { class: `badge ${key.livemode ? 'badge-success' : 'badge-test'}` }, key.livemode ? 'Live' : 'Test')),
    revealSlot(`key-${modeName}`),
    detailList([
      ['Key', h('code', { class: 'key-masked' }, maskedKey(key))],
      ['Created', timeEl(key.created_at)],
    ]),
    alert,
    button,
  );
}
