// The merchant dashboard in a real browser (Debian's chromium through playwright-core), against the
// real service: what a merchant sees and does on a laptop and on a phone, checked against the API.
import { expect } from 'chai';
import { type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { verifySignature } from '../../webhook-verifier/src/index.ts';
import { paidIntent, waitFor } from '../support/payments.ts';
import { answer, startReceiver, type Receiver } from '../support/receiver.ts';
import { ARTIFACTS, FUTURE_EXPIRY, launchBrowser, consoleProblems } from '../support/browser.ts';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';
import { cspWithImportMap, importMapOf, withoutImportMap } from './static-pages.ts';


const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
const PHONE: BrowserContextOptions = { viewport: { width: 375, height: 667 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

const CARDS = { succeeds: '4084 0840 8408 4081', declined: '4084 0800 0000 5408' };



describe('merchant dashboard (/dashboard)', function () {
  let svc: TestService;
  let browser: Browser;
  /** Payments, refunds, the mode switch, CSRF and sessions. */
  let shop: TestMerchant;

  before(async function () {
    this.timeout(60_000);
    // Every page calls the API from 127.0.0.1; the default 100 a minute per IP is for real clients.
    svc = await startTestService('dashboard', { RATE_LIMIT_PER_MINUTE: '10000', PAYMENT_PROCESSING_DELAY_MS: '1500' });
    shop = await svc.createMerchant('Adire & Co');
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await svc?.stop();
  });

  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  async function openBrowser(options: BrowserContextOptions): Promise<void> {
    context = await browser.newContext(options);
    page = await context.newPage();
    problems = consoleProblems(page);
  }
  async function closeBrowser(): Promise<void> {
    await context.close();
    expect(problems, 'browser console errors').to.deep.equal([]);
  }

  const shot = (name: string) => page.screenshot({ path: `${ARTIFACTS}dashboard-${name}.png`, fullPage: true });

  const mainHeading = (name: string | RegExp) => page.getByRole('heading', { level: 1, name });
  const region = (name: string) => page.getByRole('region', { name, exact: true });
  const dialogButton = (name: string) => page.getByRole('dialog').getByRole('button', { name, exact: true });
  const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '');

  async function signIn(merchant: TestMerchant, path = '/dashboard'): Promise<void> {
    await page.goto(`${svc.url}${path}`);
    await mainHeading('Sign in to your dashboard').waitFor();
    await page.getByLabel('Email').fill(merchant.dashboardEmail);
    await page.getByLabel('Password').fill(merchant.dashboardPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
  }

  async function goTo(section: 'Payments' | 'Balance' | 'Webhooks' | 'API keys'): Promise<void> {
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: section, exact: true }).click();
    await mainHeading(section).waitFor();
  }

  async function createIntent(description: string, key = shop.testKey): Promise<{ id: string; payment_url: string }> {
    const res = await svc.request('POST', '/v1/payment_intents', {
      key,
      body: { amount: 250000, currency: 'NGN', description, customer: { email: 'ada@example.com' }, metadata: { order_id: '1042' } },
    });
    expect(res.status, res.text).to.equal(201);
    return res.body;
  }

  async function payInSheet(sheet: Page, number: string): Promise<void> {
    await sheet.getByLabel('Card number').fill(number);
    await sheet.getByLabel('Expiry date').fill(FUTURE_EXPIRY);
    await sheet.getByLabel('CVC').fill('123');
    await sheet.getByRole('button', { name: 'Pay ₦2,500.00' }).click();
  }

  async function merchantSees(id: string): Promise<any> {
    const res = await svc.request('GET', `/v1/payment_intents/${id}`, { key: shop.testKey });
    expect(res.status, res.text).to.equal(200);
    return res.body;
  }

  /** The text of a detail row ("Amount refunded" -> "₦500.00") in the payment's Details. */
  const detail = (label: string) => region('Details').locator('.detail').filter({ has: page.getByText(label, { exact: true }) }).locator('dd').innerText();

  describe('on a laptop (1280x800)', () => {
    beforeEach(() => openBrowser(DESKTOP));
    afterEach(closeBrowser);

    it('signs in with the e-mail and password, after saying in words that a wrong password is wrong', async () => {
      await page.goto(`${svc.url}/dashboard`);
      await mainHeading('Sign in to your dashboard').waitFor();
      await shot('signin-desktop');
      await page.getByRole('button', { name: 'Sign in' }).click();
      expect(await page.locator('#signin-email-error').innerText()).to.equal('Enter your e-mail address.');
      expect(await page.getByLabel('Email').getAttribute('aria-invalid')).to.equal('true');

      await page.getByLabel('Email').fill(shop.dashboardEmail);
      await page.getByLabel('Password').fill(`${shop.dashboardPassword}-wrong`);
      await page.getByRole('button', { name: 'Sign in' }).click();
      const alert = page.locator('#signin-alert');
      await alert.filter({ hasText: /\w/ }).waitFor();
      expect(await alert.getAttribute('role')).to.equal('alert');
      expect(await alert.innerText()).to.match(/password/i).and.not.match(/[{}]|invalid_credentials/);
      expect(await page.getByLabel('Password').inputValue()).to.equal('');
      expect(await page.getByRole('button', { name: 'Sign out' }).count()).to.equal(0);

      await page.getByLabel('Password').fill(shop.dashboardPassword);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await mainHeading('Home').waitFor();
      expect(await page.locator('#merchant-name').innerText()).to.equal('Adire & Co');
      expect(await page.locator('#merchant-user').innerText()).to.equal(shop.dashboardEmail.toLowerCase());
      expect(new URL(page.url()).hash).to.equal('#/test/home');
      expect(await page.getByRole('link', { name: 'Home', exact: true }).getAttribute('aria-current')).to.equal('page');
      expect(await focusedText()).to.equal('Home');

      // The session is a cookie the page's script cannot read.
      const cookie = (await context.cookies()).find((c) => c.name === 'nf_session');
      expect(cookie?.httpOnly).to.equal(true);
      expect(cookie?.sameSite).to.equal('Strict');
      expect(await page.evaluate(() => document.cookie)).to.not.include('nf_session');
    });

    it('asks to wait, in seconds, after repeated wrong passwords, then signs in once the wait is over', async () => {
      const merchant = await svc.createMerchant('Guarded Goods');
      await page.goto(`${svc.url}/dashboard`);
      await mainHeading('Sign in to your dashboard').waitFor();
      const alert = page.locator('#signin-alert');
      const button = page.getByRole('button', { name: 'Sign in' });
      await page.getByLabel('Email').fill(merchant.dashboardEmail);
      let text = '';
      // A few wrong passwords are only wrong; then the service asks to wait.
      for (let attempt = 1; attempt <= 10 && !text.startsWith('Too many'); attempt++) {
        await page.getByLabel('Password').fill(`wrong-${attempt}`);
        await button.click();
        // The button is busy from the press until the answer is shown.
        await page.waitForFunction(() => !document.getElementById('signin-button')!.hasAttribute('aria-busy'));
        text = await alert.innerText();
        expect(text, `attempt ${attempt}`).to.not.equal('');
      }
      expect(text).to.match(/^Too many attempts, try again in \d+ seconds?\.$/);
      expect(await button.isDisabled()).to.equal(true);
      await shot('signin-wait-desktop');

      await page.getByLabel('Password').fill(merchant.dashboardPassword);
      await page.waitForFunction(() => !(document.getElementById('signin-button') as HTMLButtonElement).disabled, null, { timeout: 20_000 });
      await button.click();
      await mainHeading('Home').waitFor();
    });

    it('pages through payments, newest first, with Previous and Next, and filters them by status', async () => {
      const merchant = await svc.createMerchant('Paging Prints');
      const paid = await paidIntent(svc, merchant);
      for (let i = 1; i <= 21; i++) {
        const res = await svc.request('POST', '/v1/payment_intents', { key: merchant.testKey, body: { amount: 1000 * i, currency: 'NGN', description: `Print no. ${i}` } });
        expect(res.status, res.text).to.equal(201);
      }
      await signIn(merchant, '/dashboard#/test/payments');
      const rows = page.getByRole('table').getByRole('row');
      await rows.nth(1).waitFor();
      const firstPage = await rows.allInnerTexts();
      expect(firstPage).to.have.length(21);
      expect(firstPage[1]).to.include('Print no. 21').and.include('₦210.00');
      expect(firstPage[20]).to.include('Print no. 2');
      const previous = page.getByRole('button', { name: '← Previous' });
      const next = page.getByRole('button', { name: 'Next →' });
      expect(await previous.isDisabled()).to.equal(true);

      const bodyRows = (count: number) => page.waitForFunction((n) => document.querySelectorAll('tbody tr').length === n, count);
      await next.click();
      await bodyRows(2);
      const secondPage = await rows.allInnerTexts();
      expect(secondPage).to.have.length(3);
      expect(secondPage[1]).to.include('Print no. 1').and.include('₦10.00');
      expect(secondPage[2]).to.include('Succeeded').and.include('₦2,500.00');
      expect(new URL(page.url()).hash).to.match(/^#\/test\/payments\?starting_after=pi_/);
      expect(await next.isDisabled()).to.equal(true);

      await previous.click();
      await bodyRows(20);
      expect(await rows.nth(1).innerText()).to.include('Print no. 21');
      expect(await previous.isDisabled()).to.equal(true);

      await page.getByLabel('Status').selectOption({ label: 'Succeeded' });
      await bodyRows(1);
      expect(new URL(page.url()).hash).to.equal('#/test/payments?status=succeeded');
      expect(await rows.nth(1).innerText()).to.include(paid.id).and.include('Succeeded').and.include('₦2,500.00');
      await page.getByLabel('Status').selectOption({ label: 'Canceled' });
      await page.getByText('No payments are canceled.').waitFor();
    });

    it('shows a payment made in another tab as succeeded, with its timeline, and refunds part of it', async () => {
      await signIn(shop);
      const intent = await createIntent('Indigo adire wrapper (2 yards)');

      // The customer pays in another tab: a declined card first, then one that succeeds.
      const sheet = await context.newPage();
      await sheet.goto(intent.payment_url);
      await payInSheet(sheet, CARDS.declined);
      await sheet.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
      await payInSheet(sheet, CARDS.succeeds);
      await sheet.getByRole('heading', { name: 'Payment successful' }).waitFor({ timeout: 10_000 });
      await sheet.close();

      await page.bringToFront();
      await goTo('Payments');
      const row = page.getByRole('row').filter({ hasText: 'Indigo adire wrapper (2 yards)' });
      await row.waitFor();
      expect(await row.innerText()).to.include('₦2,500.00').and.include('Succeeded').and.include('ada@example.com');
      await shot('payments-desktop');

      await row.getByRole('link').click();
      await mainHeading('Payment of ₦2,500.00').waitFor();
      expect(new URL(page.url()).hash).to.equal(`#/test/payments/${intent.id}`);
      expect(await focusedText()).to.equal('Payment of ₦2,500.00');
      expect(await page.locator('.payment-head').innerText()).to.include('Succeeded').and.include('Service fee\n₦137.50').and.include('Net to your balance\n₦2,362.50');
      expect(await detail('ID')).to.equal(intent.id);
      expect(await detail('Status')).to.equal('Succeeded');
      expect(await detail('Method')).to.equal('card');
      expect(await detail('Amount refunded')).to.equal('₦0.00');
      expect(await region('Details').locator('pre').first().innerText()).to.equal('{\n  "order_id": "1042"\n}');
      const created = region('Details').locator('.detail').filter({ has: page.getByText('Created', { exact: true }) }).locator('time');
      expect(await created.getAttribute('title')).to.match(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/);

      const timeline = region('Timeline').locator('.timeline-item');
      const steps = await timeline.allInnerTexts();
      expect(steps).to.have.length(4);
      expect(steps[0]).to.include('Payment created');
      expect(steps[1]).to.include('Card payment attempt — Failed').and.include('•••• 5408').and.include('card declined');
      expect(steps[2]).to.include('Card payment attempt — Succeeded').and.include('•••• 4081');
      expect(steps[3]).to.include('Payment succeeded');
      const events = await region('Events').getByRole('row').allInnerTexts();
      expect(events.join('\n')).to.include('payment_intent.failed').and.include('payment_intent.succeeded').and.include('No endpoint');

      // Refund ₦500.00: the form asks first, then the timeline and the refunded amount show it.
      await page.getByLabel('Amount to refund (₦)').fill('500');
      await page.getByRole('button', { name: 'Refund', exact: true }).click();
      await page.getByRole('dialog', { name: 'Refund ₦500.00?' }).waitFor();
      const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/v1/refunds'));
      await dialogButton('Refund ₦500.00').click();
      const request = await sent;
      expect(request.postDataJSON()).to.deep.equal({ payment_intent: intent.id, amount: 50000 });
      const headers = await request.allHeaders();
      expect(headers['nairaflow-mode']).to.equal('test');
      expect(headers['x-csrf-token']).to.be.a('string').and.not.equal('');
      expect(headers['idempotency-key']).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(headers['content-type']).to.equal('application/json');
      expect(headers['authorization']).to.equal(undefined);
      await page.getByText('Refunded ₦500.00 to ada@example.com.').waitFor();
      expect(await focusedText()).to.equal('Refunded ₦500.00 to ada@example.com.');
      expect(await timeline.last().innerText()).to.include('Refunded ₦500.00');
      expect(await detail('Amount refunded')).to.equal('₦500.00');
      expect(await page.getByText('Leave empty to refund what is left: ₦2,000.00.').isVisible()).to.equal(true);
      expect(await region('Events').innerText()).to.include('refund.succeeded');
      expect((await merchantSees(intent.id)).amount_refunded).to.equal('50000');

      // The same page after a reload, as the README shows it.
      await page.reload();
      await mainHeading('Payment of ₦2,500.00').waitFor();
      await region('Timeline').getByText('Refunded ₦500.00').waitFor();
      await shot('payment-desktop');
    });

    it('explains a refund amount it cannot take, and one the API refuses, in words, and refunds nothing', async () => {
      const intent = await paidIntent(svc, shop);
      await signIn(shop, `/dashboard#/test/payments/${intent.id}`);
      await mainHeading('Payment of ₦2,500.00').waitFor();
      const amount = page.getByLabel('Amount to refund (₦)');
      const error = page.locator('.field-error:not([hidden])');

      // Kobo are the smallest unit: a third decimal is refused before anything is sent.
      await amount.fill('1.005');
      await page.getByRole('button', { name: 'Refund', exact: true }).click();
      expect(await error.innerText()).to.equal('Use at most 2 decimal places (kobo), like 1,500.50.');
      expect(await amount.getAttribute('aria-invalid')).to.equal('true');
      expect(await page.getByRole('dialog').isVisible()).to.equal(false);

      // More than the payment: said under the field in naira, before any dialog.
      await amount.fill('2,500.01');
      await page.getByRole('button', { name: 'Refund', exact: true }).click();
      await error.waitFor();
      expect(await error.innerText()).to.equal('At most ₦2,500.00 is left to refund.');
      expect(await page.getByRole('dialog').isVisible()).to.equal(false);
      expect(await amount.getAttribute('aria-invalid')).to.equal('true');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).to.equal('amount');
      await shot('refund-error-desktop');

      // Cancelling the confirmation sends nothing either.
      await amount.fill('1,234.56');
      await page.getByRole('button', { name: 'Refund', exact: true }).click();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });

      const seen = await merchantSees(intent.id);
      expect(seen.amount_refunded).to.equal('0');
      const refunds = await svc.request('GET', `/v1/refunds?payment_intent=${intent.id}`, { key: shop.testKey });
      expect(refunds.body.data).to.deep.equal([]);
      expect(await region('Timeline').innerText()).to.not.include('Refunded');
    });

    it('cancels an open payment after asking, and shows it canceled by the merchant', async () => {
      const intent = await createIntent('Aso-oke gele, navy');
      await signIn(shop, `/dashboard#/test/payments/${intent.id}`);
      await mainHeading('Payment of ₦2,500.00').waitFor();
      expect(await page.locator('.payment-head').innerText()).to.include('Awaiting payment');
      expect(await page.getByLabel('Amount to refund (₦)').count()).to.equal(0);

      await page.getByRole('button', { name: 'Cancel payment' }).click();
      await page.getByRole('dialog', { name: 'Cancel this payment?' }).waitFor();
      await dialogButton('Cancel payment').click();
      await page.getByText('Payment canceled. The customer can no longer pay it.').waitFor();
      expect(await page.locator('.payment-head').innerText()).to.include('Canceled');
      expect(await region('Timeline').locator('.timeline-item').last().innerText()).to.include('Payment canceled').and.include('canceled by you');
      expect(await detail('Cancellation reason')).to.equal('Canceled by you');
      expect(await page.getByRole('button', { name: 'Cancel payment' }).count()).to.equal(0);
      expect((await merchantSees(intent.id)).status).to.equal('canceled');
    });

    it('switches between test and live data, keeps the mode in the URL, and marks only test mode', async () => {
      await createIntent('Kente stole, gold');
      await signIn(shop, '/dashboard#/test/payments');
      const strip = page.getByText('You are viewing test data', { exact: false });
      const toggle = page.getByRole('switch', { name: 'Test mode' });
      expect(await strip.isVisible()).to.equal(true);
      expect(await toggle.getAttribute('aria-checked')).to.equal('true');
      await page.getByRole('row').filter({ hasText: 'Kente stole, gold' }).waitFor();

      await toggle.click();
      await page.getByText('No live payments yet.', { exact: false }).waitFor();
      expect(new URL(page.url()).hash).to.equal('#/live/payments');
      expect(await strip.isVisible()).to.equal(false);
      expect(await toggle.getAttribute('aria-checked')).to.equal('false');
      expect(await page.getByRole('row').filter({ hasText: 'Kente stole, gold' }).count()).to.equal(0);
      await shot('live-desktop');

      // A reload, or a link, keeps live mode.
      await page.reload();
      await page.getByText('No live payments yet.', { exact: false }).waitFor();
      expect(await strip.isVisible()).to.equal(false);
      await goTo('Balance');
      expect(new URL(page.url()).hash).to.equal('#/live/balance');
      expect(await page.getByRole('heading', { name: 'Available balance' }).isVisible()).to.equal(true);
      expect(await page.getByText('Add test funds').count()).to.equal(0);

      // So does a link in path form.
      await page.goto(`${svc.url}/dashboard/live/payments`);
      await page.getByText('No live payments yet.', { exact: false }).waitFor();
      expect(new URL(page.url()).hash).to.equal('#/live/payments');
      expect(await toggle.getAttribute('aria-checked')).to.equal('false');
      await goTo('Balance');

      await toggle.click();
      await page.getByRole('heading', { name: 'Available test balance' }).waitFor();
      expect(new URL(page.url()).hash).to.equal('#/test/balance');
      expect(await strip.isVisible()).to.equal(true);
      await goTo('Payments');
      await page.getByRole('row').filter({ hasText: 'Kente stole, gold' }).waitFor();
    });

    it('shows the balance and its history, newest first, with signed amounts linked to their payments', async () => {
      const merchant = await svc.createMerchant('Balance Bazaar');
      const intent = await paidIntent(svc, merchant);
      const refund = await svc.request('POST', '/v1/refunds', { key: merchant.testKey, body: { payment_intent: intent.id, amount: 5000 } });
      expect(refund.status, refund.text).to.equal(201);
      await signIn(merchant);
      await goTo('Balance');

      // 2,500.00 paid, 137.50 fee, 50.00 refunded: the payment and its fee are lines of their own.
      expect(await page.locator('.balance-amount').innerText()).to.equal('₦2,312.50');
      const rows = await region('Balance history').getByRole('row').allInnerTexts();
      expect(rows).to.have.length(4);
      expect(rows[1]).to.include('Refund').and.include('−₦50.00').and.include(intent.id);
      expect(rows[2]).to.include('Service fee').and.include('−₦137.50').and.include(intent.id);
      expect(rows[3]).to.include('Payment').and.include('+₦2,500.00').and.include(intent.id);

      await page.getByLabel('Amount (₦)').fill('10,000');
      await page.getByRole('button', { name: 'Add test funds' }).click();
      await page.getByText('Added ₦10,000.00 of test funds.').waitFor();
      expect(await page.locator('.balance-amount').innerText()).to.equal('₦12,312.50');
      expect(await region('Balance history').getByRole('row').nth(1).innerText()).to.include('Test top-up').and.include('+₦10,000.00');
      await shot('balance-desktop');

      await region('Balance history').getByRole('link', { name: intent.id }).first().click();
      await mainHeading('Payment of ₦2,500.00').waitFor();
    });

    describe('webhooks', () => {
      let receiver: Receiver;
      let hooks: TestMerchant;
      beforeEach(async () => {
        receiver = await startReceiver();
        hooks = await svc.createMerchant('Hooked Fabrics');
      });
      afterEach(() => receiver.close());

      async function setEndpointThroughApi(): Promise<void> {
        const res = await svc.request('PUT', '/v1/webhook_endpoint', { key: hooks.testKey, body: { url: receiver.url } });
        expect(res.status, res.text).to.equal(201);
      }

      /** The change's dialog asks for the password (not typed in this session lately); types it and confirms. */
      async function confirmWithPassword(dialog: string, button: string): Promise<void> {
        const asking = page.getByRole('dialog', { name: dialog });
        await asking.getByLabel('Your password').fill(hooks.dashboardPassword);
        await asking.getByRole('button', { name: button, exact: true }).click();
        await asking.waitFor({ state: 'detached' });
      }

      it('explains a refused URL under the field, then sets the endpoint and shows its signing secret once', async () => {
        await signIn(hooks);
        await goTo('Webhooks');
        const url = page.getByLabel('Endpoint URL');
        await url.fill('ftp://example.com/hooks');
        await page.getByRole('button', { name: 'Add endpoint' }).click();
        await confirmWithPassword('Add the webhook endpoint?', 'Add endpoint');
        const error = page.locator('#endpoint-url-error');
        await error.waitFor();
        expect(await error.innerText()).to.equal('The webhook URL must be an https:// URL.');
        expect(await url.getAttribute('aria-invalid')).to.equal('true');
        expect(await url.getAttribute('aria-describedby')).to.include('endpoint-url-error');

        await url.fill(receiver.url);
        await page.getByRole('button', { name: 'Add endpoint' }).click();
        // The password typed a moment ago still holds: the dialog only confirms.
        await page.getByRole('dialog', { name: 'Add the webhook endpoint?' }).waitFor();
        expect(await page.getByRole('dialog').getByLabel('Your password').count()).to.equal(0);
        await dialogButton('Add endpoint').click();
        await page.getByRole('heading', { name: 'Your signing secret' }).waitFor();
        expect(await focusedText()).to.equal('Your signing secret');
        expect(await region('Your signing secret').innerText()).to.include("This won't be shown again.");
        const secret = await page.locator('.secret-value').innerText();
        expect(secret).to.match(/^whsec_[0-9A-Za-z]{32}$/);
        await page.getByRole('button', { name: 'Copy' }).click();
        await page.locator('.copy-status').filter({ hasText: /Copied|Selected/ }).waitFor();

        // The secret shown is the one that signs deliveries.
        await page.getByRole('button', { name: 'Send test event' }).click();
        const [delivery] = await receiver.waitFor(1);
        expect(() => verifySignature(delivery!.body, delivery!.headers['service-signature'], secret)).to.not.throw();

        await goTo('Webhooks');
        expect(await page.locator('.secret-value').count()).to.equal(0);
        expect(await url.inputValue()).to.equal(receiver.url);
        expect(await page.getByText(secret).count()).to.equal(0);
      });

      it('sends a test event and shows its delivery; Retry now shows a failed attempt with its status and body, then a good one', async () => {
        await setEndpointThroughApi();
        await signIn(hooks);
        await goTo('Webhooks');
        await page.getByRole('button', { name: 'Send test event' }).click();
        await mainHeading('webhook.test').waitFor();
        expect(await page.getByText('Test event sent.', { exact: false }).isVisible()).to.equal(true);

        // The page follows the delivery by itself.
        const status = page.locator('.event-status');
        await status.getByText('Succeeded').waitFor({ timeout: 15_000 });
        const attempts = page.locator('.delivery');
        expect(await attempts.count()).to.equal(1);
        expect(await attempts.first().innerText()).to.include('Attempt #1').and.include('Scheduled').and.include('Status code\n200');
        expect(await region('Payload').innerText()).to.include('"type": "webhook.test"').and.include('"test": true');

        receiver.respond = answer(500, 'boom');
        await page.getByRole('button', { name: 'Retry now' }).click();
        await page.getByText('Attempt #2 failed', { exact: false }).waitFor();
        expect(await attempts.count()).to.equal(2);
        const failed = attempts.first();
        expect(await failed.innerText()).to.include('Attempt #2').and.include('Failed').and.include('Manual').and.include('Status code\n500');
        expect(await failed.locator('pre').innerText()).to.equal('boom');
        await shot('event-desktop');

        receiver.respond = answer(200);
        await page.getByRole('button', { name: 'Retry now' }).click();
        await page.getByText('Attempt #3 succeeded', { exact: false }).waitFor();
        expect(await attempts.first().innerText()).to.include('Attempt #3').and.include('Succeeded').and.include('Status code\n200');
        expect(await status.innerText()).to.include('Succeeded').and.include('Attempts\n3');
        expect(receiver.received).to.have.length(3);

        await goTo('Webhooks');
        const row = region('Events').getByRole('row').filter({ hasText: 'webhook.test' });
        expect(await row.innerText()).to.include('Succeeded').and.include('3');
        await shot('webhooks-desktop');
      });

      it("shows each attempt's reading of the receiver's clock, and warns when it is more than a minute off", async () => {
        // The receiver's clock runs 2 minutes fast: its answers say so in their Date header.
        receiver.respond = (_r, _i, res) => res.writeHead(200, { date: new Date(Date.now() + 120_000).toUTCString() }).end('ok');
        await setEndpointThroughApi();
        const { body: event } = await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: hooks.testKey });
        const [delivery] = await waitFor('the attempt to be recorded', async () => {
          const { body } = await svc.request('GET', `/v1/events/${event.id}/deliveries`, { key: hooks.testKey });
          return body.data[0]?.receiver_clock_skew_seconds === null || body.data.length === 0 ? undefined : body.data;
        });
        expect(delivery.receiver_clock_skew_seconds).to.be.within(119, 121);
        await signIn(hooks);
        await page.goto(`${svc.url}/dashboard#/test/webhooks/events/${event.id}`);
        const warning = page.locator('#clock-skew-warning');
        await warning.waitFor();
        expect(await warning.innerText()).to.match(/The receiver's clock is 1(19|20|21) s ahead/).and.include('300 s');
        expect(await page.locator('.delivery').first().innerText()).to.match(/Receiver clock\n1(19|20|21) s ahead/);

        // In step: no warning.
        receiver.respond = answer(200);
        await page.getByRole('button', { name: 'Retry now' }).click();
        await page.getByText('Attempt #2 succeeded', { exact: false }).waitFor();
        expect(await page.locator('#clock-skew-warning').count()).to.equal(0);
        expect(await page.locator('.delivery').first().innerText()).to.include('Receiver clock\nIn step');
      });

      it('shows an endpoint that keeps failing, then disabled with its reason, and enables it again by saving its URL', async () => {
        receiver.respond = answer(500, 'down');
        await setEndpointThroughApi();
        await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: hooks.testKey });
        await waitFor('the first attempt to fail', async () =>
          (await svc.request('GET', '/v1/webhook_endpoint', { key: hooks.testKey })).body.failing_since ?? undefined,
        );
        await signIn(hooks);
        await goTo('Webhooks');
        const failing = page.locator('#endpoint-failing');
        await failing.waitFor();
        expect(await failing.innerText()).to.include('Deliveries are failing.').and.include('disabled');

        // Six days of failures later (as far as the endpoint's record goes), the next attempt disables it.
        await svc.service.orm.em.fork().execute("update webhook_endpoints set failing_since = now() - interval '6 days' where merchant_id = ?", [hooks.id]);
        await svc.service.orm.em.fork().execute('update webhook_queue set due_at = now() where endpoint_id in (select id from webhook_endpoints where merchant_id = ?)', [hooks.id]);
        await waitFor('the endpoint to be disabled', async () =>
          (await svc.request('GET', '/v1/webhook_endpoint', { key: hooks.testKey })).body.disabled_at ?? undefined,
        );
        await goTo('Webhooks');
        const disabled = page.locator('#endpoint-disabled');
        await disabled.waitFor();
        expect(await disabled.innerText()).to.include('This endpoint is disabled.').and.include('No delivery succeeded for 6');
        const row = region('Events').getByRole('row').filter({ hasText: 'webhook.test' });
        expect(await row.innerText()).to.include('Endpoint disabled');
        await shot('webhooks-disabled-desktop');

        receiver.respond = answer(200);
        await page.getByRole('button', { name: 'Save URL and enable' }).click();
        await confirmWithPassword('Enable the webhook endpoint?', 'Save URL and enable');
        await page.getByText('Endpoint enabled.', { exact: false }).waitFor();
        expect(await page.locator('#endpoint-disabled').count()).to.equal(0);
        expect((await svc.request('GET', '/v1/webhook_endpoint', { key: hooks.testKey })).body.disabled_at).to.equal(null);
        // Saving the URL did not make a delivery succeed: the page still says it is failing, and why,
        // and offers to resend what the endpoint missed.
        expect(await failing.innerText()).to.include('Deliveries are failing.').and.include('The endpoint answered 500');
        expect(await page.locator('#recover-form').innerText()).to.include('Endpoint enabled.').and.include('Resend everything that has not succeeded since');
      });

      it('rolls the signing secret with the chosen overlap, and deletes the endpoint', async () => {
        await setEndpointThroughApi();
        await signIn(hooks);
        await goTo('Webhooks');
        await page.getByLabel('Old secret').selectOption({ label: 'Keep the old secret for 1 hour' });
        await page.getByRole('button', { name: 'Roll secret' }).click();
        await confirmWithPassword('Roll the signing secret?', 'Roll secret');
        await page.getByRole('heading', { name: 'Your new signing secret' }).waitFor();
        expect(await page.locator('.secret-value').innerText()).to.match(/^whsec_[0-9A-Za-z]{32}$/);
        const endpoint = await svc.request('GET', '/v1/webhook_endpoint', { key: hooks.testKey });
        const overlap = Date.parse(endpoint.body.previous_secret_expires_at) - Date.now();
        expect(overlap).to.be.within(3500_000, 3600_000);
        expect(await page.getByText('Previous secret stops signing').isVisible()).to.equal(true);

        await page.getByRole('button', { name: 'Delete endpoint' }).click();
        // Within 5 minutes of the password: only a confirmation.
        await page.getByRole('dialog', { name: 'Delete the webhook endpoint?' }).waitFor();
        await dialogButton('Delete endpoint').click();
        await page.getByText('Endpoint deleted.').waitFor();
        expect(await page.getByText('No endpoint yet', { exact: false }).isVisible()).to.equal(true);
        expect(await page.getByRole('button', { name: 'Add endpoint' }).isVisible()).to.equal(true);
        expect((await svc.request('GET', '/v1/webhook_endpoint', { key: hooks.testKey })).status).to.equal(404);
      });
    });

    it('rolls the test API key: the new key is shown once, the old one gets 401 and the new one works', async () => {
      const keys = await svc.createMerchant('Key Cutters');
      await signIn(keys);
      await goTo('API keys');
      const test = region('Test secret key');
      expect(await test.innerText()).to.include(`sk_test_••••${keys.testKey.slice(-4)}`);
      expect(await region('Live secret key').innerText()).to.include(`sk_live_••••${keys.liveKey.slice(-4)}`);
      expect(await page.getByText(keys.testKey).count()).to.equal(0);

      await test.getByRole('button', { name: 'Roll test key' }).click();
      await page.getByRole('dialog', { name: 'Roll the test key?' }).waitFor();
      await page.getByRole('dialog').getByLabel('Your password').fill(keys.dashboardPassword);
      await dialogButton('Roll test key').click();
      await page.getByRole('heading', { name: 'Your new test secret key' }).waitFor();
      expect(await region('Your new test secret key').innerText()).to.include("This won't be shown again.");
      const secret = await page.locator('.secret-value').innerText();
      expect(secret).to.match(/^sk_test_/).and.not.equal(keys.testKey);
      expect(await test.innerText()).to.include(`sk_test_••••${secret.slice(-4)}`);
      await shot('api-keys-desktop');

      const old = await svc.request('GET', '/v1/balance', { key: keys.testKey });
      expect(old.status, old.text).to.equal(401);
      const fresh = await svc.request('GET', '/v1/balance', { key: secret });
      expect(fresh.status, fresh.text).to.equal(200);
      const live = await svc.request('GET', '/v1/balance', { key: keys.liveKey });
      expect(live.status, live.text).to.equal(200);

      await page.getByRole('button', { name: "I've saved it" }).click();
      expect(await page.locator('.secret-value').count()).to.equal(0);
      expect(await page.getByText(secret).count()).to.equal(0);
      await goTo('Payments');
      await goTo('API keys');
      expect(await page.locator('.secret-value').count()).to.equal(0);
    });

    it('refuses a change from the signed-in page without the CSRF token (403 csrf_token_invalid), and changes nothing', async () => {
      const intent = await paidIntent(svc, shop);
      await signIn(shop);
      const refund = (headers: Record<string, string>) =>
        page.evaluate(
          async ({ id, headers }) => {
            const res = await fetch('/v1/refunds', {
              method: 'POST',
              headers: { 'Content-Type': 'application/json', 'Nairaflow-Mode': 'test', ...headers },
              body: JSON.stringify({ payment_intent: id }),
            });
            return { status: res.status, body: await res.json() };
          },
          { id: intent.id, headers },
        );

      for (const headers of [{}, { 'X-CSRF-Token': 'not-the-token' }] as Record<string, string>[]) {
        const refused = await refund(headers);
        expect(refused.status, JSON.stringify(refused.body)).to.equal(403);
        expect(refused.body.error.code).to.equal('csrf_token_invalid');
      }
      expect((await merchantSees(intent.id)).amount_refunded).to.equal('0');
      const refunds = await svc.request('GET', `/v1/refunds?payment_intent=${intent.id}`, { key: shop.testKey });
      expect(refunds.body.data).to.deep.equal([]);

      // With the session's token the same request goes through: the token was all that was missing.
      const token = await page.evaluate(async () => (await (await fetch('/dashboard/api/session')).json()).csrf_token);
      const allowed = await refund({ 'X-CSRF-Token': token });
      expect(allowed.status, JSON.stringify(allowed.body)).to.equal(201);
      expect((await merchantSees(intent.id)).amount_refunded).to.equal('250000');
    });

    it('signs out back to the sign-in view, and the old session no longer works', async () => {
      await signIn(shop);
      const cookie = (await context.cookies()).find((c) => c.name === 'nf_session');
      expect(cookie, 'session cookie').to.not.equal(undefined);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await mainHeading('Sign in to your dashboard').waitFor();
      expect(await page.getByText('You have signed out.').isVisible()).to.equal(true);
      expect(await page.getByRole('navigation', { name: 'Dashboard' }).isVisible()).to.equal(false);

      const headers = { cookie: `nf_session=${cookie!.value}`, 'Nairaflow-Mode': 'test' };
      const session = await svc.request('GET', '/dashboard/api/session', { headers });
      expect(session.status, session.text).to.equal(401);
      expect(session.body.error.code).to.equal('authentication_required');
      const list = await svc.request('GET', '/v1/payment_intents', { headers });
      expect(list.status, list.text).to.equal(401);

      await page.reload();
      await mainHeading('Sign in to your dashboard').waitFor();
    });

    it('signs out everywhere after asking: this browser and another one signed in as the same user', async () => {
      const elsewhere = await svc.signIn(shop);
      await signIn(shop);
      await goTo('API keys');
      await page.getByRole('button', { name: 'Sign out everywhere' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
      await mainHeading('Sign in to your dashboard').waitFor();
      expect(await page.getByText('You have signed out everywhere.').isVisible()).to.equal(true);
      expect((await svc.request('GET', '/dashboard/api/session', { session: elsewhere })).status).to.equal(401);
    });

    it('sends the merchant to sign in when the session ends elsewhere, then back to the same page', async () => {
      await signIn(shop);
      await goTo('Webhooks');
      const cookie = (await context.cookies()).find((c) => c.name === 'nf_session')!;
      const token = await page.evaluate(async () => (await (await fetch('/dashboard/api/session')).json()).csrf_token);
      const ended = await svc.request('DELETE', '/dashboard/api/session', { headers: { cookie: `nf_session=${cookie.value}`, 'X-CSRF-Token': token } });
      expect(ended.status, ended.text).to.equal(204);

      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Balance', exact: true }).click();
      await mainHeading('Sign in to your dashboard').waitFor();
      expect(await page.getByText('Your session has ended. Sign in again to continue.').isVisible()).to.equal(true);

      await page.getByLabel('Email').fill(shop.dashboardEmail);
      await page.getByLabel('Password').fill(shop.dashboardPassword);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await mainHeading('Balance').waitFor();
      expect(new URL(page.url()).hash).to.equal('#/test/balance');
    });
  });

  describe('on a phone (375x667)', () => {
    beforeEach(() => openBrowser(PHONE));
    afterEach(closeBrowser);

    it('signs in and lists payments without widening the page; the navigation and the mode switch stay in reach', async () => {
      const intent = await createIntent('Adire tote bag, indigo');
      await page.goto(`${svc.url}/dashboard`);
      await mainHeading('Sign in to your dashboard').waitFor();
      await shot('signin-phone');
      await signIn(shop, '/dashboard#/test/payments');
      await mainHeading('Payments').waitFor();
      const row = page.getByRole('row').filter({ hasText: '₦2,500.00' }).first();
      await row.waitFor();
      expect(await row.innerText()).to.include('Awaiting payment');

      const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      expect(fits, 'the page is no wider than the phone').to.equal(true);
      for (const name of ['Payments', 'Balance', 'Webhooks', 'API keys']) {
        expect(await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name, exact: true }).isVisible(), name).to.equal(true);
      }
      expect(await page.getByRole('switch', { name: 'Test mode' }).isVisible()).to.equal(true);
      expect(await page.getByText('You are viewing test data', { exact: false }).isVisible()).to.equal(true);
      await shot('payments-phone');

      await page.getByRole('link', { name: /Adire tote bag, indigo/ }).click();
      await mainHeading('Payment of ₦2,500.00').waitFor();
      expect(new URL(page.url()).hash).to.equal(`#/test/payments/${intent.id}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).to.equal(true);
      await shot('payment-phone');
    });
  });

  it('serves the page with a strict CSP, no caching and no inline code, deep links too; assets cache for long; /dashboard/api is left alone', async () => {
    let html = '';
    for (const path of ['/dashboard', '/dashboard/', '/dashboard/payments/pi_123', '/dashboard/a/b/c']) {
      const res = await fetch(`${svc.url}${path}`);
      html = await res.text();
      expect(res.status, path).to.equal(200);
      expect(res.headers.get('content-type'), path).to.equal('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy'), path).to.equal(cspWithImportMap(html));
      expect(res.headers.get('referrer-policy'), path).to.equal('no-referrer');
      expect(res.headers.get('x-frame-options'), path).to.equal('DENY');
      expect(res.headers.get('x-content-type-options'), path).to.equal('nosniff');
      expect(res.headers.get('cache-control'), path).to.equal('no-store');
      expect(html, path).to.include('Sign in to your dashboard');
    }
    expect(withoutImportMap(html)).to.not.match(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(html).to.not.match(/<style|\sstyle=|\son[a-z]+=/i);

    for (const [path, type] of [
      ['/dashboard/assets/dashboard/dashboard.js', 'text/javascript; charset=utf-8'],
      ['/dashboard/assets/dashboard/dashboard.css', 'text/css; charset=utf-8'],
      ['/dashboard/assets/shared/favicon.svg', 'image/svg+xml'],
    ] as const) {
      expect(html).to.match(new RegExp(`${path.replace(/\./g, '\\.')}\\?v=[0-9a-f]{12}`));
      const asset = await fetch(`${svc.url}${path}`);
      expect(asset.status, path).to.equal(200);
      expect(asset.headers.get('content-type'), path).to.include(type);
      expect(asset.headers.get('cache-control'), path).to.equal('public, max-age=31536000, immutable');
    }
    for (const module of Object.keys(importMapOf(html).imports)) {
      const script = await (await fetch(`${svc.url}${module}`)).text();
      expect(script, module).to.not.match(/\.innerHTML\s*=|insertAdjacentHTML|outerHTML\s*=|document\.write/);
    }

    const missing = await fetch(`${svc.url}/dashboard/assets/other.js`);
    expect(missing.status).to.equal(404);
    expect(missing.headers.get('content-type')).to.not.include('text/html');
    const api = await fetch(`${svc.url}/dashboard/api/session`, { headers: { accept: 'application/json' } });
    expect(api.status).to.equal(401);
    expect(api.headers.get('content-type')).to.include('application/json');
  });
});
