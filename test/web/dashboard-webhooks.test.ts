// The dashboard's webhooks pages in a real browser (Debian's chromium through playwright-core),
// against the real service: an endpoint's health while it fails and after, resending what it
// missed, the password asked again at the account changes, and the same pages on a 360 px phone.
// (A stolen cookie without the password is refused server-side: test/http/password-confirmation.test.ts.)
import { expect } from 'chai';
import { type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { waitFor } from '../support/payments.ts';
import { answer, startReceiver, type Receiver } from '../support/receiver.ts';
import { ARTIFACTS, launchBrowser, consoleProblems } from '../support/browser.ts';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';

const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
const PHONE: BrowserContextOptions = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/** How many webhook.test events each failing endpoint is sent. */
const EVENTS = 3;

describe('merchant dashboard: webhooks (/dashboard#/test/webhooks)', function () {
  let svc: TestService;
  let browser: Browser;

  before(async function () {
    this.timeout(60_000);
    // Retries an hour apart: what is delivered again is what the merchant resends.
    svc = await startTestService('dashboard_webhooks', { RATE_LIMIT_PER_MINUTE: '10000', WEBHOOK_RETRY_BASE_MS: '3600000' });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await svc?.stop();
  });

  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  let receiver: Receiver;
  let merchant: TestMerchant;

  async function openBrowser(options: BrowserContextOptions): Promise<void> {
    context = await browser.newContext(options);
    page = await context.newPage();
    problems = consoleProblems(page);
  }
  beforeEach(async () => {
    receiver = await startReceiver();
    merchant = await svc.createMerchant('Indigo Dyeworks');
  });
  afterEach(async () => {
    await context?.close();
    await receiver.close();
    expect(problems, 'browser console errors').to.deep.equal([]);
  });

  const shot = (name: string) => page.screenshot({ path: `${ARTIFACTS}dashboard-webhooks-${name}.png`, fullPage: true });
  const mainHeading = (name: string | RegExp) => page.getByRole('heading', { level: 1, name });
  const region = (name: string) => page.getByRole('region', { name, exact: true });
  const eventRows = () => region('Events').locator('tbody tr');

  async function signIn(path = '/dashboard'): Promise<void> {
    await page.goto(`${svc.url}${path}`);
    await mainHeading('Sign in to your dashboard').waitFor();
    await page.getByLabel('Email').fill(merchant.dashboardEmail);
    await page.getByLabel('Password').fill(merchant.dashboardPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
  }

  async function goTo(section: 'Webhooks' | 'API keys'): Promise<void> {
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: section, exact: true }).click();
    await mainHeading(section).waitFor();
  }

  /** Sets the test-mode endpoint with the secret key; answers its signing secret. */
  async function setEndpoint(): Promise<string> {
    const res = await svc.request('PUT', '/v1/webhook_endpoint', { key: merchant.testKey, body: { url: receiver.url } });
    expect(res.status, res.text).to.equal(201);
    return res.body.secret;
  }

  /** An endpoint answering 500 to `EVENTS` test events, each tried once; answers its state then. */
  async function failingEndpoint(): Promise<any> {
    receiver.respond = answer(500, 'database down');
    await setEndpoint();
    for (let i = 0; i < EVENTS; i++) {
      const res = await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: merchant.testKey });
      expect(res.status, res.text).to.equal(201);
    }
    await receiver.waitFor(EVENTS);
    return waitFor('the endpoint to be failing', async () => {
      const { body } = await svc.request('GET', '/v1/webhook_endpoint', { key: merchant.testKey });
      return body.failing_since !== null && body.last_error !== null ? body : undefined;
    });
  }

  /** The dialog asks for the password; types `password` and confirms with `button`. */
  async function typePassword(dialog: string, button: string, password = merchant.dashboardPassword): Promise<void> {
    const asking = page.getByRole('dialog', { name: dialog });
    await asking.getByLabel('Your password').fill(password);
    await asking.getByRole('button', { name: button, exact: true }).click();
  }

  /** Wider than the viewport means the page scrolls sideways. */
  const scrollsSideways = () => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

  /** Every visible control in the view (and an open dialog) smaller than a finger (44 px), by its text. */
  const smallTargets = () =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll('main a, main button, main input, main select, dialog[open] button, dialog[open] input'))
        .filter((el) => (el as HTMLElement).offsetParent !== null)
        .map((el) => ({ el, box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.height < 44 || box.width < 44)
        .map(({ el, box }) => `${el.tagName.toLowerCase()} "${(el.textContent || (el as HTMLInputElement).name || el.id).trim()}" ${Math.round(box.width)}x${Math.round(box.height)}`),
    );

  describe('on a laptop (1280x800)', () => {
    beforeEach(() => openBrowser(DESKTOP));

    it('shows an endpoint answering 500 as failing since its first failure, with the cause in words; resending after it recovers queues what it missed, which then succeeds', async function () {
      this.timeout(60_000);
      const failing = await failingEndpoint();
      await signIn();
      await goTo('Webhooks');

      const health = page.locator('#endpoint-failing');
      await health.waitFor();
      const since = await health.locator('time').first().getAttribute('datetime');
      expect(Date.parse(since!)).to.equal(Date.parse(failing.failing_since));
      expect(await health.innerText())
        .to.include('Deliveries are failing.')
        .and.include('No delivery has succeeded since')
        .and.include('Last error: The endpoint answered 500: your server had a problem. Check its logs.')
        .and.include('No delivery to it has succeeded yet.')
        .and.include('This stays until a delivery succeeds');
      await shot('failing-desktop');

      // The events, filtered by their delivery, the filter kept in the address.
      await page.getByLabel('Delivery', { exact: true }).selectOption({ label: 'Succeeded' });
      await page.waitForURL(/delivery_status=succeeded/);
      await region('Events').getByText('No events with delivery “Succeeded”.').waitFor();
      await page.getByLabel('Delivery', { exact: true }).selectOption({ label: 'Pending' });
      await page.waitForURL(/delivery_status=pending/);
      await waitFor('the pending events', async () => ((await eventRows().count()) === EVENTS ? true : undefined));
      for (const row of await eventRows().all()) expect(await row.innerText()).to.include('webhook.test').and.include('Pending');

      // The receiver is fixed; the default time is from before the failing began.
      receiver.respond = answer(200);
      await page.getByLabel('Delivery', { exact: true }).selectOption({ label: 'Any' });
      await page.waitForURL((url) => !url.hash.includes('delivery_status'));
      const from = Date.parse(await page.getByLabel('Resend everything that has not succeeded since').inputValue());
      expect(from).to.be.below(Date.parse(failing.failing_since)).and.above(Date.parse(failing.failing_since) - 10 * 60_000);
      await page.getByRole('button', { name: 'Resend events' }).click();
      const queued = page.getByText(`Queued ${EVENTS} events for a new attempt now.`, { exact: false });
      await queued.waitFor();
      expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).to.include(`Queued ${EVENTS} events`);
      await shot('resent-desktop');

      await page.getByRole('link', { name: 'See the pending events' }).click();
      await page.waitForURL(/delivery_status=pending/);
      await receiver.waitFor(EVENTS * 2);
      await waitFor('the resent events to succeed', async () => {
        const { body } = await svc.request('GET', '/v1/events?delivery_status=succeeded', { key: merchant.testKey });
        return body.data.length === EVENTS ? true : undefined;
      });

      // The merchant looks again: every event succeeded, and the endpoint is well.
      await page.getByLabel('Delivery', { exact: true }).selectOption({ label: 'Succeeded' });
      await page.waitForURL(/delivery_status=succeeded/);
      await waitFor('the succeeded events', async () => ((await eventRows().count()) === EVENTS ? true : undefined));
      for (const row of await eventRows().all()) expect(await row.innerText()).to.include('Succeeded');
      expect(await page.locator('#endpoint-failing').count()).to.equal(0);
      const lastSuccess = page.locator('.detail').filter({ hasText: 'Last delivery succeeded' });
      expect(await lastSuccess.locator('time').count()).to.equal(1);

      // Nothing left to resend.
      await page.getByRole('button', { name: 'Resend events' }).click();
      await page.getByText('Nothing to resend', { exact: false }).waitFor();
    });

    it('reveals the signing secret only after the password: a wrong one is refused in words, the right one shows the secret that signs deliveries', async () => {
      const created = await setEndpoint();
      await signIn();
      await goTo('Webhooks');
      await page.getByRole('button', { name: 'Reveal signing secret' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reveal the signing secret?' });
      await dialog.waitFor();
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).to.equal('password');

      await typePassword('Reveal the signing secret?', 'Reveal secret', `${merchant.dashboardPassword}x`);
      const error = dialog.locator('.field-error');
      await error.waitFor();
      expect(await error.innerText()).to.equal('That is not your password.');
      expect(await dialog.getByLabel('Your password').getAttribute('aria-invalid')).to.equal('true');
      expect(await page.locator('.secret-value').count()).to.equal(0);

      await typePassword('Reveal the signing secret?', 'Reveal secret');
      await page.getByRole('heading', { name: 'Your signing secret' }).waitFor();
      expect(await dialog.count()).to.equal(0);
      const shown = await page.locator('.secret-value').innerText();
      const { body: revealed } = await svc.request('GET', '/v1/webhook_endpoint/secret', { key: merchant.testKey });
      expect(shown).to.equal(revealed.secret).and.equal(created);
      expect(await region('Your signing secret').innerText()).to.include("This won't be shown again.");

      await page.getByRole('button', { name: "I've saved it" }).click();
      expect(await page.getByText(shown).count()).to.equal(0);
    });

    it('asks to wait, in seconds, after repeated wrong passwords in the dialog, and keeps its button off meanwhile', async function () {
      this.timeout(40_000);
      await setEndpoint();
      await signIn();
      await goTo('Webhooks');
      await page.getByRole('button', { name: 'Reveal signing secret' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reveal the signing secret?' });
      const button = dialog.getByRole('button', { name: 'Reveal secret', exact: true });
      let text = '';
      // A few wrong passwords are only wrong; then the service asks to wait.
      for (let attempt = 1; attempt <= 10 && !text.startsWith('Too many'); attempt++) {
        await dialog.getByLabel('Your password').fill(`wrong-${attempt}`);
        await button.click();
        await page.waitForFunction(() => document.querySelector('dialog[open] [aria-busy]') === null);
        text = await dialog.locator('.alert').textContent() ?? '';
      }
      expect(text).to.match(/^Too many wrong passwords; try again in \d+ seconds?\.$/);
      expect(await button.isDisabled()).to.equal(true);
      expect(await page.locator('.secret-value').count()).to.equal(0);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      expect(await dialog.count()).to.equal(0);
    });

    it('asks for the password to roll a key, the live one as the test one', async () => {
      await signIn();
      await goTo('API keys');

      await region('Test secret key').getByRole('button', { name: 'Roll test key' }).click();
      await typePassword('Roll the test key?', 'Roll test key');
      await page.getByRole('heading', { name: 'Your new test secret key' }).waitFor();
      // Typed a moment ago: the live key's dialog only confirms now. Forget it, as after 5 minutes.
      await svc.service.orm.em.fork().execute('update dashboard_sessions set password_confirmed_at = null');
      await page.reload();
      await mainHeading('API keys').waitFor();

      await region('Live secret key').getByRole('button', { name: 'Roll live key' }).click();
      const dialog = page.getByRole('dialog', { name: 'Roll the live key?' });
      await dialog.waitFor();
      expect(await dialog.innerText()).to.include(`sk_live_••••${merchant.liveKey.slice(-4)}`).and.include('Your password');
      // Cancelled: nothing changes.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      expect(await dialog.count()).to.equal(0);
      expect((await svc.request('GET', '/v1/balance', { key: merchant.liveKey })).status).to.equal(200);

      await region('Live secret key').getByRole('button', { name: 'Roll live key' }).click();
      await typePassword('Roll the live key?', 'Roll live key');
      await page.getByRole('heading', { name: 'Your new live secret key' }).waitFor();
      const secret = await page.locator('.secret-value').innerText();
      expect(secret).to.match(/^sk_live_/).and.not.equal(merchant.liveKey);
      expect((await svc.request('GET', '/v1/balance', { key: merchant.liveKey })).status).to.equal(401);
      expect((await svc.request('GET', '/v1/balance', { key: secret })).status).to.equal(200);
    });
  });

  describe('on a phone (360x740)', () => {
    beforeEach(() => openBrowser(PHONE));

    it('shows the failing endpoint, the filters, an event and the API keys without sideways scroll, every control a finger wide', async function () {
      this.timeout(60_000);
      await failingEndpoint();
      await signIn();
      await page.goto(`${svc.url}/dashboard#/test/webhooks`);
      await mainHeading('Webhooks').waitFor();
      await page.locator('#endpoint-failing').waitFor();
      await eventRows().first().waitFor();
      expect(await scrollsSideways(), 'the webhooks page scrolls sideways').to.equal(false);
      expect(await smallTargets(), 'controls under 44 px on the webhooks page').to.deep.equal([]);
      // Each event stacks into labelled lines, all on screen, led by what tells it apart.
      const cells = await eventRows()
        .first()
        .evaluate((row) =>
          Array.from(row.children).map((cell) => {
            const box = cell.getBoundingClientRect();
            return { label: (cell as HTMLElement).dataset['label'], text: (cell as HTMLElement).innerText.trim(), shown: box.height > 0 && box.left >= 0 && box.right <= innerWidth };
          }),
        );
      expect(cells.slice(0, 3).map((c) => [c.label, c.text.split('\n')[0]])).to.deep.equal([
        ['Event', 'webhook.test'],
        ['Delivery', 'Pending'],
        ['Created', cells[2]!.text.split('\n')[0]],
      ]);
      expect(cells[2]!.text).to.not.equal('');
      expect(cells.filter((c) => !c.shown).map((c) => c.label), 'cells off screen').to.deep.equal([]);
      await shot('failing-phone');

      // The password dialog fits too.
      await page.getByRole('button', { name: 'Reveal signing secret' }).click();
      await page.getByRole('dialog', { name: 'Reveal the signing secret?' }).waitFor();
      expect(await scrollsSideways(), 'the dialog scrolls sideways').to.equal(false);
      expect(await smallTargets(), 'controls under 44 px in the dialog').to.deep.equal([]);
      await typePassword('Reveal the signing secret?', 'Reveal secret');
      await page.getByRole('heading', { name: 'Your signing secret' }).waitFor();
      expect(await scrollsSideways(), 'the revealed secret scrolls sideways').to.equal(false);
      expect(await smallTargets(), 'controls under 44 px by the revealed secret').to.deep.equal([]);
      await shot('secret-phone');

      await eventRows().first().getByRole('link').click();
      await mainHeading('webhook.test').waitFor();
      await page.locator('.delivery').first().waitFor();
      expect(await scrollsSideways(), 'the event page scrolls sideways').to.equal(false);
      expect(await smallTargets(), 'controls under 44 px on the event page').to.deep.equal([]);
      await shot('event-phone');

      await page.goto(`${svc.url}/dashboard#/test/api-keys`);
      await mainHeading('API keys').waitFor();
      expect(await scrollsSideways(), 'the API keys page scrolls sideways').to.equal(false);
      expect(await smallTargets(), 'controls under 44 px on the API keys page').to.deep.equal([]);
    });
  });
});
