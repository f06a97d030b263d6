// What an action leaves on the next render of its view: a message near what it changed (which
// takes focus, so a screen reader says it), or a secret shown this once.
import { h, uniqueId } from '../shared/dom.js';
import { els } from './chrome.js';
import { state } from './state.js';

/**
 * A place for the flash message meant for `anchor`; it takes focus after the render.
 * @param {string} anchor
 */
export function flashSlot(anchor) {
  const flash = state.flash;
  if (flash === null || flash.anchor !== anchor) return null;
  const el = h('p', { class: `flash flash-${flash.tone ?? 'success'}`, tabindex: '-1' }, flash.text);
  state.focusAfterRender = el;
  return el;
}

/**
 * The secret meant for `anchor`, shown this once with a copy button.
 * @param {string} anchor
 */
export function revealSlot(anchor) {
  const reveal = state.reveal;
  if (reveal === null || reveal.anchor !== anchor) return null;
  const titleId = uniqueId('reveal');
  const statusId = uniqueId('copy-status');
  const code = h('code', { class: 'secret-value', id: `${titleId}-value` }, reveal.secret);
  const status = h('p', { class: 'copy-status', id: statusId, role: 'status' });
  const title = h('h3', { class: 'reveal-title', id: titleId, tabindex: '-1' }, reveal.title);
  state.focusAfterRender = title;
  // "Saved it" takes the secret off the page (and out of memory with the button's closure) rather
  // than leaving it on screen until the next view.
  const done = h('button', { type: 'button', class: 'button button-small' }, "I've saved it");
  const section = h(
    'section',
    { class: 'reveal', 'aria-labelledby': titleId },
    title,
    h('p', { class: 'reveal-warning' }, h('strong', {}, "This won't be shown again. "), reveal.note),
    h(
      'div',
      { class: 'secret-row' },
      code,
      h('button', { type: 'button', class: 'button button-secondary button-small', onclick: () => copySecret(reveal.secret, code, status) }, 'Copy'),
    ),
    status,
    done,
  );
  done.addEventListener('click', () => {
    section.remove();
    els.main.querySelector('h1')?.focus();
  });
  return section;
}

/**
 * @param {string} secret
 * @param {HTMLElement} code
 * @param {HTMLElement} status
 */
async function copySecret(secret, code, status) {
  try {
    await navigator.clipboard.writeText(secret);
    status.textContent = 'Copied to the clipboard.';
  } catch {
    // No clipboard access (permissions, an old browser): select it for Ctrl+C instead.
    const range = document.createRange();
    range.selectNodeContents(code);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    status.textContent = 'Selected: press Ctrl+C (or ⌘C) to copy.';
  }
}
