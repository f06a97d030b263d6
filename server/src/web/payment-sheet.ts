import { Router } from 'express';
import { TEST_CARD_LIST, TEST_OTP } from '../domain/processor/test-cards.ts';
import { assetFiles, pageAssets, readPage, sendPage } from './static-page.ts';

/** `pi_` + 24 base62, then `_secret_` + 24 base62 (see ids.ts). Anything else cannot be a payment link. */
const CLIENT_SECRET = /^pi_[0-9A-Za-z]{24}_secret_[0-9A-Za-z]{24}$/;

const WEB = new URL('./', import.meta.url);
const file = (name: string): URL => new URL(`payment-sheet/${name}`, WEB);

/** The hosted payment sheet at /pay/{client_secret}: one static page that pays the intent through the public checkout API. */
export function paymentSheetRouter(): Router {
  const assets = pageAssets('/pay/assets/', assetFiles(WEB, ['payment-sheet', 'shared']));
  const sheetPage = assets.page(withTestCards(readPage(file('sheet.html'))));
  const notFoundPage = assets.page(readPage(file('not-found.html')));

  const router = Router();
  router.get('/pay/assets/*path', assets.serve);
  router.get('/pay/:clientSecret', (req, res) => {
    // Only the shape is checked here; the page itself asks the API whether the intent exists.
    if (CLIENT_SECRET.test(req.params.clientSecret)) sendPage(res, 200, sheetPage);
    else sendPage(res, 404, notFoundPage);
  });
  router.get(['/pay', '/pay/*rest'], (_req, res) => sendPage(res, 404, notFoundPage));
  return router;
}

const TEST_CARDS_SLOT = /^( *)<!-- test cards: [^>]*-->$/m;

/** The sheet with a row of its test-mode table for each card the simulator knows, so that it lists every one there is. */
function withTestCards(html: string): string {
  const slot = TEST_CARDS_SLOT.exec(html);
  if (slot === null) throw new Error('sheet.html has no <!-- test cards: ... --> line for the test cards');
  const indent = slot[1]!;
  const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const rows = TEST_CARD_LIST.map(({ number, result }) => {
    const shown = number.replace(/(\d{4})(?=\d)/g, '$1 ');
    const said = escape(result).replace(TEST_OTP, `<strong>${TEST_OTP}</strong>`);
    return [
      `${indent}<tr>`,
      `${indent}  <td><button type="button" class="test-card" data-number="${number}" aria-label="Use test card ${shown}">${shown}</button></td>`,
      `${indent}  <td>${said}</td>`,
      `${indent}</tr>`,
    ].join('\n');
  });
  return html.replace(TEST_CARDS_SLOT, () => rows.join('\n'));
}
