import { Router } from 'express';
import { pageAssets, readPage, sendPage } from './static-page.ts';

/** `pi_` + 24 base62, then `_secret_` + 24 base62 (see ids.ts). Anything else cannot be a payment link. */
const CLIENT_SECRET = /^pi_[0-9A-Za-z]{24}_secret_[0-9A-Za-z]{24}$/;

const file = (name: string): URL => new URL(`./payment-sheet/${name}`, import.meta.url);

/** The hosted payment sheet at /pay/{client_secret}: one static page that pays the intent through the public checkout API. */
export function paymentSheetRouter(): Router {
  const assets = pageAssets('/pay/assets/', {
    'sheet.js': file('sheet.js'),
    'base.css': new URL('./shared/base.css', import.meta.url),
    'sheet.css': file('sheet.css'),
    'favicon.svg': new URL('./shared/favicon.svg', import.meta.url),
  });
  const sheetHtml = assets.versioned(readPage(file('sheet.html')));
  const notFoundHtml = assets.versioned(readPage(file('not-found.html')));

  const router = Router();
  router.get('/pay/assets/:name', assets.serve);
  router.get('/pay/:clientSecret', (req, res) => {
    // Only the shape is checked here; the page itself asks the API whether the intent exists.
    if (CLIENT_SECRET.test(req.params.clientSecret)) sendPage(res, 200, sheetHtml);
    else sendPage(res, 404, notFoundHtml);
  });
  router.get(['/pay', '/pay/*rest'], (_req, res) => sendPage(res, 404, notFoundHtml));
  return router;
}
