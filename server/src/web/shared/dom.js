// Building the page from data: every piece of it goes in as text (textContent, createElement),
// never as HTML.

/** @typedef {import('./dom-types.ts').Children} Children */

/**
 * createElement with attributes, properties (hidden, disabled, value, selected), listeners
 * (onclick) and text or element children; null, undefined and false props and children are left out.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, unknown>} [props]
 * @param {...Children} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(props ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'class') el.className = String(value);
    else if (name.startsWith('on') && typeof value === 'function') el.addEventListener(name.slice(2), /** @type {EventListener} */ (value));
    else if (name === 'hidden' || name === 'disabled' || name === 'value' || name === 'selected') /** @type {any} */ (el)[name] = value;
    else el.setAttribute(name, value === true ? '' : String(value));
  }
  append(el, children);
  return el;
}

/**
 * Appends children (nested arrays flattened; null, undefined and false left out) as nodes or text.
 * @template {Element} E
 * @param {E} el
 * @param {Children[]} children
 * @returns {E}
 */
export function append(el, children) {
  // Flattened as unknown[]: the checker cannot follow Children's nesting to any depth.
  for (const child of /** @type {unknown[]} */ (children).flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

/**
 * The page's element with this id; the pages' HTML has every id the scripts ask for.
 * @param {string} id
 * @returns {HTMLElement}
 */
export const byId = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

let idCounter = 0;

/**
 * An id no other element on the page has: `${stem}-1`, `${stem}-2`, …
 * @param {string} stem
 */
export const uniqueId = (stem) => `${stem}-${++idCounter}`;

/**
 * Says `text` through the page's polite live region (#announcer).
 * @param {string} text
 */
export function announce(text) {
  const announcer = byId('announcer');
  // Cleared first so that the same message twice in a row is still read out.
  announcer.textContent = '';
  window.setTimeout(() => {
    announcer.textContent = text;
  }, 50);
}

/**
 * Up to two letters for a merchant without a logo: "Adire & Co" -> "AC".
 * @param {string} name
 */
export function initials(name) {
  const words = name.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
  const letters = words.slice(0, 2).map((word) => [...word.replace(/^[^\p{L}\p{N}]+/u, '')][0] ?? '');
  return (letters.join('') || '?').toUpperCase();
}

/**
 * Whether a merchant's logo URL may be shown: https only (the CSP allows any https: image).
 * @param {unknown} url
 * @returns {url is string}
 */
export const isShowableLogo = (url) => typeof url === 'string' && /^https:\/\//i.test(url);
