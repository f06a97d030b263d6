// Account changes a stolen session cookie must not be enough for (rolling a live key, the webhook
// endpoint's URL, deleting it, rolling or revealing its secret, the payout account) ask for the
// password at the change. The dialog that asks is also the change's confirmation: it says what
// will happen, and its button does it. A password typed in this session holds 5 minutes
// (`password_confirmed_until`); within them the dialog only confirms.
import { h, uniqueId } from '../shared/dom.js';
import { clearFieldError, setBusy, setFieldError } from '../shared/forms.js';
import { api, ApiError, SessionEnded } from './api.js';
import { state } from './state.js';

/**
 * @typedef {object} Change
 * @property {string} title "Roll the live secret key?"
 * @property {string} message what will happen, in words
 * @property {string} confirm the confirming button's words ("Roll the key")
 * @property {boolean} [danger] a red confirming button
 */

/** Whether the password typed in this session still holds (with a few seconds to spare). */
export function passwordStillHolds() {
  const until = state.session?.password_confirmed_until;
  return until != null && Date.parse(until) - Date.now() > 5_000;
}

/**
 * Asks to confirm `change`, with the password unless it was typed in the last minutes; resolves to
 * true once confirmed (the password checked by the server), false when cancelled. Focus goes back
 * to what opened it.
 * @param {Change} change
 * @returns {Promise<boolean>}
 */
export function confirmWithPassword({ title, message, confirm, danger = false }) {
  const askPassword = !passwordStillHolds();
  const opener = /** @type {HTMLElement | null} */ (document.activeElement);
  const titleId = uniqueId('password-title');
  const messageId = uniqueId('password-message');
  const inputId = uniqueId('password');
  const input = /** @type {HTMLInputElement} */ (
    h('input', { id: inputId, type: 'password', name: 'password', autocomplete: 'current-password', required: true, spellcheck: 'false' })
  );
  // Password managers fill the right account's password when the form names whose it is.
  const username = h('input', { type: 'text', name: 'username', autocomplete: 'username', value: state.session?.user.email ?? '', readonly: true, hidden: true, tabindex: '-1' });
  const alert = h('div', { class: 'alert alert-error', role: 'alert' });
  const cancel = h('button', { type: 'button', class: 'button button-secondary' }, 'Cancel');
  const ok = h('button', { type: 'submit', class: `button ${danger ? 'button-danger' : 'button-primary'}` }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), h('span', {}, confirm));
  const form = h(
    'form',
    { class: 'dialog-form', novalidate: true },
    askPassword ? username : null,
    askPassword
      ? h(
          'div',
          { class: 'field' },
          h('label', { for: inputId }, 'Your password'),
          h('p', { class: 'hint', id: `${inputId}-hint` }, 'Asked again for this change, even though you are signed in. It holds for 5 minutes.'),
          input,
          h('p', { class: 'field-error', id: `${inputId}-error`, hidden: true }),
        )
      : null,
    alert,
    h('div', { class: 'dialog-actions' }, cancel, ok),
  );
  if (askPassword) input.setAttribute('aria-describedby', `${inputId}-hint`);
  const dialog = /** @type {HTMLDialogElement} */ (
    h('dialog', { class: 'dialog dialog-password', 'aria-labelledby': titleId, 'aria-describedby': messageId }, h('h2', { class: 'dialog-title', id: titleId }, title), h('p', { class: 'dialog-message', id: messageId }, message), form)
  );
  document.body.append(dialog);

  return new Promise((resolve) => {
    /** @param {boolean} confirmed */
    const finish = (confirmed) => {
      if (dialog.open) dialog.close();
      dialog.remove();
      if (opener?.isConnected) opener.focus();
      resolve(confirmed);
    };
    cancel.addEventListener('click', () => finish(false));
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      finish(false);
    });
    input.addEventListener('input', () => clearFieldError(input));
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      alert.textContent = '';
      if (!askPassword) return finish(true);
      if (input.value === '') {
        setFieldError(input, 'Enter your password.');
        input.focus();
        return;
      }
      setBusy(ok, true);
      try {
        state.session = await api('POST', '/dashboard/api/session/password_confirmation', { body: { password: input.value } });
        input.value = '';
        finish(true);
      } catch (err) {
        if (err instanceof SessionEnded) return finish(false);
        setBusy(ok, false);
        if (err instanceof ApiError && err.code === 'invalid_credentials') {
          setFieldError(input, 'That is not your password.');
          input.select();
          input.focus();
        } else if (err instanceof ApiError && err.status === 429) {
          // Too many wrong passwords (or requests): the answer says how long to wait, and the
          // button stays off until then, so a press cannot lengthen the wait.
          const seconds = err.retryAfter ?? 60;
          alert.textContent = err.message;
          ok.disabled = true;
          window.setTimeout(() => {
            ok.disabled = false;
          }, seconds * 1000);
          input.focus();
        } else {
          alert.textContent = err instanceof ApiError ? err.message : 'Something went wrong. Try again.';
        }
      }
    });
    dialog.showModal();
    // The password when it is asked for; otherwise the safe choice, so Enter alone changes nothing.
    (askPassword ? input : cancel).focus();
  });
}

/**
 * Runs `send` (the change's API call) after `confirmWithPassword`; when the server still asks for
 * the password (it stopped holding in between), asks once more and sends again. Resolves to the
 * answer, or null when the user cancelled (possibly at the second asking, after `send` began: a
 * caller that marks its button busy in `send` clears it on null).
 * @template T
 * @param {Change} change
 * @param {() => Promise<T>} send
 * @returns {Promise<T | null>}
 */
export async function changeWithPassword(change, send) {
  if (!(await confirmWithPassword(change))) return null;
  try {
    return await send();
  } catch (err) {
    if (!(err instanceof ApiError && err.code === 'password_confirmation_required') || state.session === null) throw err;
    state.session = { ...state.session, password_confirmed_until: null };
    if (!(await confirmWithPassword(change))) return null;
    return send();
  }
}
