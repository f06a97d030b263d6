// The summary above the form: who is paid, how much, for what, and the way back to the merchant.
import { initials, isShowableLogo } from '../shared/dom.js';
import { formatKobo } from '../shared/money.js';
import { els } from './elements.js';

/** @typedef {import('./state.js').CheckoutView} CheckoutView */

/** The query parameter that tells the merchant's return page which intent was paid. */
const RETURN_PARAMETER = 'payment_intent';

/** @param {CheckoutView} view */
export function renderSummary(view) {
  els.summary.hidden = false;
  els.merchantName.textContent = view.merchant_name;
  els.amountDisplay.textContent = formatKobo(view.amount);
  els.amountSpoken.textContent = formatKobo(view.amount, { symbol: 'NGN ' });
  els.amountLabel.textContent = view.status === 'succeeded' ? 'Amount paid' : view.status === 'requires_authentication' || view.status === 'processing' ? 'Amount to pay' : 'Amount';
  els.description.textContent = view.description ?? '';
  els.reference.textContent = view.id;
  els.payLabel.textContent = `Pay ${formatKobo(view.amount)}`;
  els.banner.hidden = view.livemode;
  els.testCards.hidden = view.livemode;
  els.otpHint.hidden = view.livemode;
  els.emailField.hidden = !view.needs_email;
  els.email.disabled = !view.needs_email;
  renderLogo(view);
  renderBackLink(view);
}

/**
 * One of 8 colours for a merchant's initials, the same every time for the same name.
 * @param {string} name
 */
function tone(name) {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return String(hash % 8);
}

/** @param {CheckoutView} view */
function renderLogo(view) {
  const url = view.merchant_logo_url;
  const showInitials = () => {
    els.logo.replaceChildren(document.createTextNode(initials(view.merchant_name)));
    els.logo.dataset['tone'] = tone(view.merchant_name);
  };
  if (!isShowableLogo(url)) return showInitials();
  if (els.logo.dataset['src'] === url) return;
  const img = document.createElement('img');
  img.alt = '';
  img.referrerPolicy = 'no-referrer';
  img.decoding = 'async';
  img.addEventListener('error', showInitials, { once: true });
  img.src = url;
  els.logo.dataset['src'] = url;
  delete els.logo.dataset['tone'];
  els.logo.replaceChildren(img);
}

/**
 * Where "back to the merchant" leads: the return_url the merchant gave when creating the intent, as
 * the API reports it (never anything from this page's own address), with `payment_intent=<id>`
 * added to its query once paid. Null when there is none, or it is not a web address the API
 * would have accepted in this mode.
 * @param {CheckoutView} view
 * @param {boolean} paid
 * @returns {string | null}
 */
export function returnTarget(view, paid) {
  if (typeof view.return_url !== 'string') return null;
  let url;
  try {
    url = new URL(view.return_url);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && !view.livemode)) return null;
  if (paid) {
    // Added as text rather than through URLSearchParams, which would rewrite the merchant's own
    // query (`%20` as `+`, `a` as `a=`); the fragment stays after it, where it belongs.
    const query = url.search.slice(1).replace(/&+$/, '');
    const added = `${RETURN_PARAMETER}=${encodeURIComponent(view.id)}`;
    url.search = query === '' ? added : `${query}&${added}`;
  }
  return url.href;
}

/**
 * "Back to <merchant>" while the intent can still be paid, or no longer can be; not mid-payment or once paid.
 * @param {CheckoutView} view
 */
function renderBackLink(view) {
  const target = view.status === 'requires_authentication' || view.status === 'canceled' ? returnTarget(view, false) : null;
  els.backLink.hidden = target === null;
  if (target === null) {
    els.backLink.removeAttribute('href');
    return;
  }
  els.backLink.href = target;
  els.backLinkLabel.textContent = `Back to ${view.merchant_name}`;
}
