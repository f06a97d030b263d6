// Form fields and their errors, the same way on every page: the error is the text of the
// field's `${id}-error` element, joined to the field by aria-describedby and aria-invalid.

/** @typedef {HTMLInputElement | HTMLSelectElement} Field */

/**
 * @param {Field} input
 * @returns {HTMLElement | null}
 */
const errorElement = (input) => document.getElementById(`${input.id}-error`);

/**
 * Shows `message` under the field and ties it to the field for screen readers.
 * @param {Field} input
 * @param {string} message
 */
export function setFieldError(input, message) {
  const error = errorElement(input);
  if (error === null) return;
  error.textContent = message;
  error.hidden = false;
  input.setAttribute('aria-invalid', 'true');
  const described = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  if (!described.includes(error.id)) input.setAttribute('aria-describedby', [...described, error.id].join(' '));
}

/**
 * Takes the field's error away, and leaves its other descriptions (a hint) as they were.
 * @param {Field} input
 */
export function clearFieldError(input) {
  const error = errorElement(input);
  if (error === null) return;
  error.textContent = '';
  error.hidden = true;
  input.removeAttribute('aria-invalid');
  const described = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id && id !== error.id);
  if (described.length > 0) input.setAttribute('aria-describedby', described.join(' '));
  else input.removeAttribute('aria-describedby');
}

/**
 * A submit button while its request is out: off, and its spinner showing (aria-busy).
 * @param {HTMLButtonElement} button
 * @param {boolean} busy
 */
export function setBusy(button, busy) {
  button.disabled = busy;
  if (busy) button.setAttribute('aria-busy', 'true');
  else button.removeAttribute('aria-busy');
}
