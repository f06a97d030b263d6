// The payment sheet's way back to the shop, in a real browser: after paying, the
// customer is sent to the merchant's return_url with the intent's id; while unpaid they are offered
// "Back to <merchant>"; and the sheet goes nowhere else, whatever its own address says.
import { expect } from 'chai';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { ARTIFACTS, FUTURE_EXPIRY, launchBrowser } from '../support/browser.ts';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';

const SUCCEEDS = '4084 0840 8408 4081';
const DECLINED = '4084 0800 0000 5408';

/** The shop's pages, answered inside the browser so that nothing goes to the network. */
const SHOP = 'https://adire.example.com';
const ELSEWHERE = 'https://elsewhere.example.net';

describe('hosted payment sheet: back to the shop (return_url)', function () {
  let svc: TestService;
  let browser: Browser;
  let shop: TestMerchant;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  /** Every page of the shop's (or anyone else's) the browser asked for. */
  let visited: string[];

  before(async function () {
    this.timeout(60_000);
    svc = await startTestService('payment_sheet_return_url', { RATE_LIMIT_PER_MINUTE: '10000', MAX_FAILED_ATTEMPTS_PER_CLIENT: '1000' });
    shop = await svc.createMerchant('Adire & Co');
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await svc?.stop();
  });

  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true });
    visited = [];
    for (const origin of [SHOP, ELSEWHERE]) {
      await context.route(`${origin}/**`, (route) => {
        visited.push(route.request().url());
        return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Shop</title><h1>Back at the shop</h1>' });
      });
    }
    page = await context.newPage();
    problems = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(String(error)));
  });
  afterEach(async () => {
    await context.close();
    expect(problems, 'browser console errors').to.deep.equal([]);
  });

  async function createIntent(returnUrl?: string): Promise<{ id: string; client_secret: string }> {
    const res = await svc.request('POST', '/v1/payment_intents', {
      key: shop.testKey,
      body: {
        amount: 250000,
        currency: 'NGN',
        description: 'Indigo adire wrapper',
        customer: { email: 'ada@example.com' },
        ...(returnUrl === undefined ? {} : { return_url: returnUrl }),
      },
    });
    expect(res.status, res.text).to.equal(201);
    return res.body;
  }

  async function payWith(number: string): Promise<void> {
    await page.getByLabel('Card number').fill(number);
    await page.getByLabel('Expiry date').fill(FUTURE_EXPIRY);
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay ₦2,500.00' }).click();
  }

  const sheetUrl = (intent: { client_secret: string }, suffix = '') => `${svc.url}/pay/${intent.client_secret}${suffix}`;

  it('after a successful payment, says it is returning the customer and sends them to the return_url with ?payment_intent=', async () => {
    const intent = await createIntent(`${SHOP}/orders/1042`);
    await page.goto(sheetUrl(intent));
    await page.getByRole('heading', { name: 'Pay with card' }).waitFor();
    await payWith(SUCCEEDS);

    await page.getByRole('heading', { name: 'Payment successful' }).waitFor({ timeout: 10_000 });
    expect(await page.locator('#view-success').innerText()).to.include('Returning you to Adire & Co…');
    // In case the browser blocks the redirect, the same address as a link.
    const link = page.getByRole('link', { name: 'Return to Adire & Co' });
    expect(await link.getAttribute('href')).to.equal(`${SHOP}/orders/1042?payment_intent=${intent.id}`);
    await page.screenshot({ path: `${ARTIFACTS}payment-sheet-return-url-returning-phone.png`, fullPage: true });

    await page.waitForURL(`${SHOP}/orders/1042?payment_intent=${intent.id}`, { timeout: 10_000 });
    expect(await page.getByRole('heading', { name: 'Back at the shop' }).isVisible()).to.equal(true);
    expect(visited).to.deep.equal([`${SHOP}/orders/1042?payment_intent=${intent.id}`]);
    // The sheet's address holds the client secret: the shop must not get it as a Referer.
    const merchantView = await svc.request('GET', `/v1/payment_intents/${intent.id}`, { key: shop.testKey });
    expect(merchantView.body.status).to.equal('succeeded');
  });

  it('keeps the shop’s own query and fragment, adding payment_intent to the query before the fragment', async () => {
    const intent = await createIntent(`${SHOP}/checkout/done?order=1042&lang=en#receipt`);
    await page.goto(sheetUrl(intent));
    await page.getByRole('heading', { name: 'Pay with card' }).waitFor();
    const referer = new Promise<string | undefined>((resolve) => {
      page.on('request', (request) => {
        if (request.url().startsWith(SHOP)) resolve(request.headers()['referer']);
      });
    });
    await payWith(SUCCEEDS);
    await page.waitForURL(`${SHOP}/checkout/done?order=1042&lang=en&payment_intent=${intent.id}#receipt`, { timeout: 10_000 });
    expect(await referer, 'Referer sent to the shop').to.equal(undefined);
  });

  it('while unpaid, and after a declined card, offers "Back to Adire & Co": a link to the return_url as given', async () => {
    const intent = await createIntent(`${SHOP}/cart?step=pay`);
    await page.goto(sheetUrl(intent));
    await page.getByRole('heading', { name: 'Pay with card' }).waitFor();
    const back = page.getByRole('link', { name: 'Back to Adire & Co' });
    expect(await back.isVisible()).to.equal(true);
    expect(await back.getAttribute('href')).to.equal(`${SHOP}/cart?step=pay`);
    await page.screenshot({ path: `${ARTIFACTS}payment-sheet-return-url-back-link-phone.png`, fullPage: true });

    await payWith(DECLINED);
    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    expect(await back.isVisible()).to.equal(true);
    // Nothing happens by itself while unpaid: the customer decides.
    await page.waitForTimeout(500);
    expect(visited).to.deep.equal([]);

    await back.click();
    await page.waitForURL(`${SHOP}/cart?step=pay`);
    expect(visited).to.deep.equal([`${SHOP}/cart?step=pay`]);
    const merchantView = await svc.request('GET', `/v1/payment_intents/${intent.id}`, { key: shop.testKey });
    expect(merchantView.body).to.include({ status: 'requires_authentication', last_error: 'card_declined' });
  });

  it('offers the way back from a canceled payment too', async () => {
    const intent = await createIntent(`${SHOP}/cart`);
    const canceled = await svc.request('POST', `/v1/payment_intents/${intent.id}/cancel`, { key: shop.testKey });
    expect(canceled.status).to.equal(200);
    await page.goto(sheetUrl(intent));
    await page.getByRole('heading', { name: 'This payment was canceled' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to Adire & Co' }).getAttribute('href')).to.equal(`${SHOP}/cart`);
  });

  it('ignores a return_url in the sheet’s own address: the server-stored one is the only way out', async () => {
    const intent = await createIntent(`${SHOP}/orders/77`);
    const planted = encodeURIComponent(`${ELSEWHERE}/phish`);
    await page.goto(sheetUrl(intent, `?return_url=${planted}&redirect=${planted}#return_url=${planted}`));
    await page.getByRole('heading', { name: 'Pay with card' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to Adire & Co' }).getAttribute('href')).to.equal(`${SHOP}/orders/77`);
    await payWith(SUCCEEDS);
    await page.waitForURL(`${SHOP}/orders/77?payment_intent=${intent.id}`, { timeout: 10_000 });
    expect(visited.filter((url) => url.startsWith(ELSEWHERE))).to.deep.equal([]);
  });

  it('without a return_url, stays as it was: no way back is offered and the receipt stays on screen', async () => {
    const intent = await createIntent();
    await page.goto(sheetUrl(intent, `?return_url=${encodeURIComponent(`${ELSEWHERE}/phish`)}`));
    await page.getByRole('heading', { name: 'Pay with card' }).waitFor();
    expect(await page.getByRole('link', { name: /Back to/ }).count()).to.equal(0);
    await payWith(SUCCEEDS);
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor({ timeout: 10_000 });
    expect(await page.getByText('You can safely close this page.').isVisible()).to.equal(true);
    expect(await page.getByRole('link', { name: /Return to/ }).count()).to.equal(0);
    await page.waitForTimeout(4000);
    expect(page.url()).to.equal(sheetUrl(intent, `?return_url=${encodeURIComponent(`${ELSEWHERE}/phish`)}`));
    expect(visited).to.deep.equal([]);
  });

  it('opened again once paid, offers the way back (with the intent id) but does not leave by itself', async () => {
    const intent = await createIntent(`${SHOP}/orders/5`);
    const paid = await svc.request('POST', `/v1/payment_intents/${intent.id}/confirm`, {
      body: { client_secret: intent.client_secret, method: 'card', card: { number: SUCCEEDS.replace(/ /g, ''), exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123' } },
    });
    expect(paid.body.status).to.equal('succeeded');
    await page.goto(sheetUrl(intent));
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor();
    expect(await page.getByRole('link', { name: 'Return to Adire & Co' }).getAttribute('href')).to.equal(`${SHOP}/orders/5?payment_intent=${intent.id}`);
    expect(await page.getByRole('link', { name: /Back to/ }).count()).to.equal(0);
    await page.waitForTimeout(4000);
    expect(visited).to.deep.equal([]);
  });
});
