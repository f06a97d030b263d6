// The hosted payment sheet in a real browser (Debian's chromium through playwright-core), against the
// real service: what the customer sees on a phone and on a laptop, and what the merchant then sees
// through the API.
import { expect } from 'chai';
import { type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { TEST_CARD_LIST } from '../../server/src/domain/processor/test-cards.ts';
import { ARTIFACTS, FUTURE_EXPIRY, launchBrowser, PAGE_CSP as CSP } from '../support/browser.ts';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';
import { cspWithImportMap, withoutImportMap } from './static-pages.ts';


const VIEWPORTS: { name: string; options: BrowserContextOptions }[] = [
  { name: 'phone', options: { viewport: { width: 375, height: 667 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } },
  { name: 'desktop', options: { viewport: { width: 1280, height: 800 } } },
];

const CARDS = {
  succeeds: '4084 0840 8408 4081',
  otp: '5060 6666 6666 6666 666',
  declined: '4084 0800 0000 5408',
  processingThenSucceeds: '4000 0000 0000 0259',
  processingThenFails: '4000 0000 0000 0267',
};



describe('hosted payment sheet (/pay/{client_secret})', function () {
  let svc: TestService;
  let browser: Browser;
  let shop: TestMerchant;
  let logoShop: TestMerchant;

  before(async function () {
    this.timeout(60_000);
    // Every page polls the API from 127.0.0.1; the default 100 a minute per IP is for real clients.
    // Every page comes from one address too: the per-client failed-attempt limit is raised as well.
    svc = await startTestService('payment_sheet', {
      PAYMENT_PROCESSING_DELAY_MS: '1500',
      RATE_LIMIT_PER_MINUTE: '10000',
      MAX_FAILED_ATTEMPTS_PER_CLIENT: '1000',
    });
    shop = await svc.createMerchant('Adire & Co');
    logoShop = await svc.createMerchant('Kente Corner', LOGO_URL);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await svc?.stop();
  });

  interface Intent {
    id: string;
    client_secret: string;
  }

  async function createIntent(options: { merchant?: TestMerchant; email?: string | null } = {}): Promise<Intent> {
    const email = options.email === undefined ? 'ada@example.com' : options.email;
    const res = await svc.request('POST', '/v1/payment_intents', {
      key: (options.merchant ?? shop).testKey,
      body: { amount: 250000, currency: 'NGN', description: 'Indigo adire wrapper (2 yards)', ...(email === null ? {} : { customer: { email } }) },
    });
    expect(res.status, res.text).to.equal(201);
    return res.body;
  }

  async function merchantSees(intent: Intent, merchant: TestMerchant = shop): Promise<any> {
    const res = await svc.request('GET', `/v1/payment_intents/${intent.id}`, { key: merchant.testKey });
    expect(res.status, res.text).to.equal(200);
    return res.body;
  }

  for (const { name: viewport, options } of VIEWPORTS) {
    describe(`on a ${viewport} (${options.viewport!.width}x${options.viewport!.height})`, () => {
      let context: BrowserContext;
      let page: Page;
      let problems: string[];

      beforeEach(async () => {
        context = await browser.newContext(options);
        // The merchant's logo host, answered here so that the browser needs no network.
        await context.route(`${LOGO_URL}*`, (route) => route.fulfill({ contentType: 'image/svg+xml', body: LOGO_SVG }));
        page = await context.newPage();
        problems = [];
        // A CSP violation or a script error would break the page for real customers.
        page.on('console', (message) => {
          if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) problems.push(message.text());
        });
        page.on('pageerror', (error) => problems.push(String(error)));
      });
      afterEach(async () => {
        await context.close();
        expect(problems, 'browser console errors').to.deep.equal([]);
      });

      const shot = (flow: string) => page.screenshot({ path: `${ARTIFACTS}payment-sheet-${flow}-${viewport}.png`, fullPage: true });

      async function open(intent: Intent): Promise<void> {
        await page.goto(`${svc.url}/pay/${intent.client_secret}`);
      }

      async function waitForForm(): Promise<void> {
        await page.getByRole('heading', { name: 'Pay with card' }).waitFor();
      }

      async function payWith(number: string): Promise<void> {
        await page.getByLabel('Card number').fill(number);
        await page.getByLabel('Expiry date').fill(FUTURE_EXPIRY);
        await page.getByLabel('CVC').fill('123');
        await page.getByRole('button', { name: 'Pay ₦2,500.00' }).click();
      }

      async function expectSuccess(merchantName = 'Adire & Co'): Promise<void> {
        await page.getByRole('heading', { name: 'Payment successful' }).waitFor({ timeout: 10_000 });
        const text = await page.locator('#view-success').innerText();
        expect(text).to.include(`You paid ₦2,500.00 to ${merchantName}.`);
        expect(text).to.include('Reference');
        expect(await page.getByRole('heading', { level: 1, name: `Pay ${merchantName}`, exact: true }).isVisible()).to.equal(true);
        expect(await page.getByRole('button', { name: /^Pay/ }).isVisible()).to.equal(false);
      }

      async function focusedId(): Promise<string | undefined> {
        return page.evaluate(() => document.activeElement?.id);
      }

      it('takes a card payment, shows "Payment successful", and the merchant sees it succeeded', async () => {
        const intent = await createIntent();
        await open(intent);
        await waitForForm();
        expect(await page.getByRole('heading', { level: 1, name: 'Pay Adire & Co' }).isVisible()).to.equal(true);
        expect(await page.locator('#amount-display').innerText()).to.equal('₦2,500.00');
        expect(await page.locator('#amount-spoken').textContent()).to.equal('NGN 2,500.00');
        expect(await page.getByText('Indigo adire wrapper (2 yards)').isVisible()).to.equal(true);
        // No logo: the merchant's initials in a coloured circle.
        expect(await page.locator('#merchant-logo').innerText()).to.equal('AC');
        expect(await page.getByLabel('Email').isVisible()).to.equal(false);
        const number = page.getByLabel('Card number');
        expect(await number.getAttribute('inputmode')).to.equal('numeric');
        expect(await number.getAttribute('autocomplete')).to.equal('cc-number');
        expect(await page.getByLabel('Expiry date').getAttribute('autocomplete')).to.equal('cc-exp');
        expect(await page.getByLabel('CVC').getAttribute('autocomplete')).to.equal('cc-csc');
        await shot('form');

        await payWith(CARDS.succeeds);
        await expectSuccess();
        await shot('success');

        const seen = await merchantSees(intent);
        expect(seen.status).to.equal('succeeded');
        expect(seen.method).to.equal('card');
      });

      it('explains a declined card in words, keeps the form, and succeeds with another card', async () => {
        const intent = await createIntent();
        await open(intent);
        await waitForForm();
        await payWith(CARDS.declined);

        const alert = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
        await alert.waitFor();
        expect(await page.getByRole('button', { name: 'Pay ₦2,500.00' }).isEnabled()).to.equal(true);
        expect(await focusedId()).to.equal('card-number');
        await shot('declined');
        expect((await merchantSees(intent)).status).to.equal('requires_authentication');

        await payWith(CARDS.succeeds);
        await expectSuccess();
        expect(await alert.count()).to.equal(0);
        await shot('decline-then-success');
        expect((await merchantSees(intent)).status).to.equal('succeeded');
      });

      it('asks for the one-time code, fails the attempt on a wrong code, and succeeds with 123456', async () => {
        const intent = await createIntent();
        await open(intent);
        await waitForForm();
        await payWith(CARDS.otp);

        await page.getByRole('heading', { name: 'Enter your one-time code' }).waitFor();
        expect(await page.getByText('The code is 123456').isVisible()).to.equal(true);
        const otp = page.getByLabel('One-time code', { exact: true });
        expect(await otp.getAttribute('autocomplete')).to.equal('one-time-code');
        expect(await focusedId()).to.equal('otp');
        await shot('otp-step');
        await otp.fill('000000');
        await page.getByRole('button', { name: 'Confirm payment' }).click();

        await page.getByRole('alert').filter({ hasText: 'The one-time code was incorrect' }).waitFor();
        await waitForForm();
        expect(await focusedId()).to.equal('card-number');
        expect((await merchantSees(intent)).status).to.equal('requires_authentication');

        await payWith(CARDS.otp);
        await otp.waitFor();
        await otp.fill('123456');
        await page.getByRole('button', { name: 'Confirm payment' }).click();
        await expectSuccess();
        await shot('otp');
        expect((await merchantSees(intent)).status).to.equal('succeeded');
      });

      it('shows the processing state, then the outcome by itself: a failure in words, then a success', async () => {
        const intent = await createIntent();
        await open(intent);
        await waitForForm();
        await payWith(CARDS.processingThenFails);
        await page.getByRole('heading', { name: 'Processing your payment' }).waitFor();
        await page.getByRole('alert').filter({ hasText: "Your bank couldn't complete the payment." }).waitFor({ timeout: 10_000 });
        expect(await focusedId()).to.equal('card-number');
        expect((await merchantSees(intent)).last_error).to.equal('processor_declined');

        await payWith(CARDS.processingThenSucceeds);

        await page.getByRole('heading', { name: 'Processing your payment' }).waitFor();
        expect((await merchantSees(intent)).status).to.equal('processing');
        await shot('processing-step');
        await expectSuccess();
        await shot('processing');
        expect((await merchantSees(intent)).status).to.equal('succeeded');
      });

      it('asks for an e-mail when the intent has none, and the merchant gets it on the intent', async () => {
        const intent = await createIntent({ email: null });
        await open(intent);
        await waitForForm();
        const email = page.getByLabel('Email', { exact: true });
        expect(await email.isVisible()).to.equal(true);
        expect(await email.getAttribute('type')).to.equal('email');

        await payWith(CARDS.succeeds);
        expect(await page.locator('#email-error').innerText()).to.equal('Enter your e-mail address for the receipt.');
        expect(await email.getAttribute('aria-invalid')).to.equal('true');
        expect(await email.getAttribute('aria-describedby')).to.include('email-error');
        expect(await focusedId()).to.equal('email');

        await email.fill('Bola@Example.com');
        await page.getByRole('button', { name: 'Pay ₦2,500.00' }).click();
        await expectSuccess();
        await shot('email');
        const seen = await merchantSees(intent);
        expect(seen.status).to.equal('succeeded');
        expect(seen.customer?.email?.toLowerCase()).to.equal('bola@example.com');
      });

      it('spaces the card number, adds the expiry slash, and explains bad fields before sending anything', async () => {
        const intent = await createIntent();
        await open(intent);
        await waitForForm();
        const number = page.getByLabel('Card number');
        const expiry = page.getByLabel('Expiry date');
        const cvc = page.getByLabel('CVC');
        await number.pressSequentially('4084084084084082');
        expect(await number.inputValue()).to.equal('4084 0840 8408 4082');
        await expiry.pressSequentially('0120');
        expect(await expiry.inputValue()).to.equal('01/20');
        await cvc.pressSequentially('12');
        await page.getByRole('button', { name: 'Pay ₦2,500.00' }).click();

        expect(await page.locator('#card-number-error').innerText()).to.equal('Your card number is invalid. Check it and try again.');
        expect(await page.locator('#card-expiry-error').innerText()).to.equal('Your card has expired. Check the date or use another card.');
        expect(await page.locator('#card-cvc-error').innerText()).to.equal("Your card's security code is incomplete.");
        for (const field of [number, expiry, cvc]) expect(await field.getAttribute('aria-invalid')).to.equal('true');
        expect(await focusedId()).to.equal('card-number');
        await shot('invalid-fields');
        // Nothing reached the server.
        expect((await merchantSees(intent)).last_error).to.equal(null);

        await number.fill(CARDS.succeeds);
        expect(await number.getAttribute('aria-invalid')).to.equal(null);
      });

      it('shows the TEST MODE banner and a table of test cards that fill the form', async () => {
        const intent = await createIntent({ merchant: logoShop });
        await open(intent);
        await waitForForm();
        expect(await page.getByText('TEST MODE', { exact: true }).first().isVisible()).to.equal(true);
        const table = page.getByRole('table');
        // A heading row, and one for each card the simulator knows.
        expect(await table.getByRole('row').count()).to.equal(TEST_CARD_LIST.length + 1);
        expect(await table.innerText()).to.include('Processing, then fails').and.include('4000 0000 0000 0275');
        expect(await page.locator('#merchant-logo img').count()).to.equal(1);

        await page.getByRole('button', { name: CARDS.succeeds }).click();
        expect(await page.getByLabel('Card number').inputValue()).to.equal(CARDS.succeeds);
        expect(await page.getByLabel('Expiry date').inputValue()).to.match(/^\d{2}\/\d{2}$/);
        await shot('test-cards');
        await page.getByRole('button', { name: 'Pay ₦2,500.00' }).click();
        await expectSuccess('Kente Corner');
        expect((await merchantSees(intent, logoShop)).status).to.equal('succeeded');
      });

      it('after five failed cards, tells the customer plainly that the payment is blocked', async () => {
        const intent = await createIntent();
        await open(intent);
        await waitForForm();
        for (let i = 1; i <= 4; i++) {
          await payWith(CARDS.declined);
          await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
          await page.waitForFunction(() => !(document.getElementById('pay-button') as HTMLButtonElement).disabled);
        }
        await payWith(CARDS.declined);
        await page.getByRole('heading', { name: 'This payment was blocked' }).waitFor();
        const message = await page.locator('#terminal-message').innerText();
        expect(message).to.include('Too many payment attempts failed');
        expect(message).to.include('Nothing was charged. Go back to Adire & Co to start again.');
        expect(await page.getByLabel('Card number').isVisible()).to.equal(false);
        await shot('blocked');
        expect(await merchantSees(intent)).to.include({ status: 'canceled', cancellation_reason: 'too_many_failed_attempts' });
      });

      it('tells the customer a canceled payment can no longer be paid', async () => {
        const intent = await createIntent();
        const canceled = await svc.request('POST', `/v1/payment_intents/${intent.id}/cancel`, { key: shop.testKey });
        expect(canceled.status, canceled.text).to.equal(200);
        await open(intent);
        await page.getByRole('heading', { name: 'This payment was canceled' }).waitFor();
        expect(await page.locator('#terminal-message').innerText()).to.include('Adire & Co canceled this payment');
        expect(await page.getByLabel('Card number').isVisible()).to.equal(false);
        await shot('canceled');
        expect((await merchantSees(intent)).status).to.equal('canceled');
      });

      it('shows "Payment link not found" for a link with a wrong secret', async () => {
        const intent = await createIntent();
        await open({ ...intent, client_secret: `${intent.id}_secret_${'x'.repeat(24)}` });
        await page.getByRole('heading', { level: 1, name: 'Payment link not found' }).waitFor();
        expect(await page.getByLabel('Card number').isVisible()).to.equal(false);
        expect(await page.getByText('Adire & Co').count()).to.equal(0);
        await shot('not-found');
        expect((await merchantSees(intent)).status).to.equal('requires_authentication');
      });
    });
  }

  it('serves the page with a strict CSP, no referrer, no caching and no inline code; assets cache for long', async () => {
    const intent = await createIntent();
    const res = await fetch(`${svc.url}/pay/${intent.client_secret}`);
    const html = await res.text();
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).to.equal(cspWithImportMap(html));
    expect(res.headers.get('referrer-policy')).to.equal('no-referrer');
    expect(res.headers.get('x-content-type-options')).to.equal('nosniff');
    expect(res.headers.get('cache-control')).to.equal('no-store');
    expect(html).to.not.include(intent.client_secret);
    expect(withoutImportMap(html)).to.not.match(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(html).to.not.match(/<style|\sstyle=|\son[a-z]+=/i);

    for (const [path, type] of [
      ['/pay/assets/payment-sheet/sheet.js', 'text/javascript; charset=utf-8'],
      ['/pay/assets/payment-sheet/sheet.css', 'text/css; charset=utf-8'],
    ] as const) {
      expect(html).to.match(new RegExp(`${path.replace(/\./g, '\\.')}\\?v=[0-9a-f]{12}`));
      const asset = await fetch(`${svc.url}${path}`);
      expect(asset.status).to.equal(200);
      expect(asset.headers.get('content-type')).to.equal(type);
      expect(asset.headers.get('cache-control')).to.equal('public, max-age=31536000, immutable');
    }

    for (const path of ['/pay/not-a-secret', `/pay/${intent.id}`, '/pay/', '/pay/a/b']) {
      const notFound = await fetch(`${svc.url}${path}`);
      expect(notFound.status, path).to.equal(404);
      expect(notFound.headers.get('content-security-policy'), path).to.equal(CSP);
      expect(await notFound.text(), path).to.include('Payment link not found');
    }
    expect((await fetch(`${svc.url}/pay/assets/other.js`)).status).to.equal(404);
  });
});

const LOGO_URL = 'https://cdn.kente-corner.test/logo.svg';
const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" fill="#f5b82e"/>' +
  '<path d="M0 16h48v6H0zM0 30h48v6H0z" fill="#0c3b2e"/><path d="M16 0h6v48h-6zM30 0h6v48h-6z" fill="#b42318" opacity=".8"/></svg>';
