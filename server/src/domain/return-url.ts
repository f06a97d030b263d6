// Where the payment sheet may send a customer back to: the merchant's own page, given when the
// intent is created and never taken from anywhere else. The sheet navigates the customer's
// browser there, so only web addresses are accepted: a javascript: or data: URL would run code in
// the sheet or put a page of anyone's making in its place.
import { ApiError } from './errors.ts';

/** The query parameter the sheet adds, after a successful payment, with the intent's id. */
export const RETURN_URL_PARAMETER = 'payment_intent';

// Anything the URL parser would silently drop or rewrite (a tab, a newline, a NUL) would make the
// address the browser opens differ from the one the merchant sees on the intent.
const SPACE_OR_CONTROL = /[\u0000-\u0020\u007f]/;

/**
 * Refuses (400 invalid_request, `param: return_url`) a return URL the sheet must not navigate to.
 * A fragment is kept: a single-page shop routes on it (`https://shop.example/#/orders/1042`), it
 * never leaves the browser, and the sheet adds its parameter to the query, before it.
 */
export function assertAcceptableReturnUrl(raw: string, livemode: boolean): void {
  const refuse = (why: string) => new ApiError('invalid_request', `return_url ${why}.`, 'return_url');
  if (SPACE_OR_CONTROL.test(raw)) throw refuse('must not contain spaces or control characters; percent-encode them');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse('must be an absolute URL, such as https://shop.example.com/orders/1042');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw refuse(`must be an https:// address of your shop, not a ${url.protocol} URL`);
  }
  // Over http a live customer's way back (and the intent's id in it) would cross the network in the clear.
  if (url.protocol === 'http:' && livemode) {
    throw refuse('must use https:// in live mode; http:// is accepted only in test mode');
  }
  if (url.username !== '' || url.password !== '') throw refuse('must not contain a user name or password');
  if (new URLSearchParams(url.search).has(RETURN_URL_PARAMETER)) {
    throw refuse(`must not carry its own ${RETURN_URL_PARAMETER} query parameter: the payment sheet adds it after the payment`);
  }
}
