// The one confirmation dialog (in the page's HTML): a native modal <dialog>, so focus stays in it
// and Escape cancels.
import { els } from './chrome.js';

/**
 * @typedef {object} Confirmation
 * @property {string} title
 * @property {string} message
 * @property {string} confirm the confirming button's words ("Refund ₦500.00")
 * @property {boolean} [danger] a red confirming button
 */

/**
 * Asks before something that cannot be undone; resolves to true when confirmed. Focus goes back
 * to what opened it.
 * @param {Confirmation} confirmation
 * @returns {Promise<boolean>}
 */
export function confirmAction({ title, message, confirm, danger = false }) {
  const { dialog } = els;
  const opener = /** @type {HTMLElement | null} */ (document.activeElement);
  els.dialogTitle.textContent = title;
  els.dialogMessage.textContent = message;
  els.dialogOk.textContent = confirm;
  els.dialogOk.className = `button ${danger ? 'button-danger' : 'button-primary'}`;
  return new Promise((resolve) => {
    /** @param {boolean} ok */
    const finish = (ok) => {
      els.dialogOk.onclick = null;
      els.dialogCancel.onclick = null;
      dialog.oncancel = null;
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
      resolve(ok);
    };
    els.dialogOk.onclick = () => finish(true);
    els.dialogCancel.onclick = () => finish(false);
    dialog.oncancel = (event) => {
      event.preventDefault();
      finish(false);
    };
    dialog.showModal();
    // The safe choice has focus: Enter alone never refunds or rolls anything.
    els.dialogCancel.focus();
  });
}
