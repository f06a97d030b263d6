// The dashboard's Home page, where signing in lands: today's, the last 7 days' and the last 30
// days' figures, the balance, what needs the merchant (here a webhook endpoint that answers 500),
// and the chart of succeeded volume per day with its table, on a laptop and on a 360 px phone.
// Every figure the page should show is worked out from the API's own summary and balance.
import { expect } from 'chai';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { ARTIFACTS, launchBrowser, consoleProblems } from '../support/browser.ts';
import { paidIntent, waitFor } from '../support/payments.ts';
import { answer, startReceiver, type Receiver } from '../support/receiver.ts';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';

const SIZES: [name: string, options: BrowserContextOptions][] = [
  ['1280', { viewport: { width: 1280, height: 800 } }],
  ['360', { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }],
];

/** Kobo as the dashboard writes naira: "123456" -> "₦1,234.56", a minus sign (U+2212) before a negative. */
function naira(kobo: string | bigint): string {
  const value = BigInt(kobo);
  const abs = value < 0n ? -value : value;
  const text = `₦${(abs / 100n).toLocaleString('en-US')}.${String(abs % 100n).padStart(2, '0')}`;
  return value < 0n ? `\u2212${text}` : text;
}

/** YYYY-MM-DD in Lagos (the merchants' time zone unless set otherwise), `back` days ago. */
function lagosDay(back = 0): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: 'Africa/Lagos', year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date());
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  const today = Date.parse(`${part('year')}-${part('month')}-${part('day')}T00:00:00Z`);
  return new Date(today - back * 86_400_000).toISOString().slice(0, 10);
}

interface Figures {
  volume: string;
  count: number;
  fees: string;
  refunded: string;
  net: string;
}

describe('dashboard home (#/test/home)', function () {
  this.timeout(60_000);
  let svc: TestService;
  let browser: Browser;
  let receiver: Receiver;
  /** Payments today and over the month, some refunded; a webhook endpoint answering 500. */
  let shop: TestMerchant;

  /** Pays `amount`, refunds `refund` of it (if any), and moves both `daysAgo` days back. */
  async function payment(amount: number, daysAgo: number, refund = 0): Promise<void> {
    const intent = await paidIntent(svc, shop, amount);
    if (refund > 0) {
      const res = await svc.request('POST', '/v1/refunds', { key: shop.testKey, body: { payment_intent: intent.id, amount: refund } });
      expect(res.status, res.text).to.equal(201);
    }
    if (daysAgo === 0) return;
    const em = svc.service.orm.em.fork();
    await em.execute('update payment_intents set created_at = created_at - make_interval(days => ?), succeeded_at = succeeded_at - make_interval(days => ?) where id = ?', [daysAgo, daysAgo, intent.id]);
    await em.execute('update refunds set created_at = created_at - make_interval(days => ?) where payment_intent_id = ?', [daysAgo, intent.id]);
  }

  before(async function () {
    this.timeout(120_000);
    svc = await startTestService('dashboard_home', { RATE_LIMIT_PER_MINUTE: '10000', DASHBOARD_RATE_LIMIT_PER_MINUTE: '10000', TEST_PAYOUT_DELAY_SECONDS: '1' });
    shop = await svc.createMerchant('Adire & Co');
    // Today: 3 paid, one refunded in part and one in full.
    await payment(250_000, 0);
    await payment(400_000, 0, 100_000);
    await payment(1_000_000, 0, 1_000_000);
    // This week, this month, and one from before the month that no figure may count.
    await payment(500_000, 2, 50_000);
    await payment(750_000, 2);
    await payment(300_000, 6);
    await payment(2_000_000, 12, 2_000_000);
    await payment(999_900, 40);

    receiver = await startReceiver({ respond: answer(500, 'upstream broke') });
    const endpoint = await svc.request('PUT', '/v1/webhook_endpoint', { key: shop.testKey, body: { url: receiver.url } });
    expect(endpoint.status, endpoint.text).to.equal(201);
    await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: shop.testKey });
    await waitFor('the endpoint to fail', async () => (await svc.request('GET', '/v1/webhook_endpoint', { key: shop.testKey })).body.last_error ?? undefined);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await receiver?.close();
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
  afterEach(async () => {
    await context?.close();
    expect(problems, 'browser console errors').to.deep.equal([]);
  });

  async function signIn(merchant: TestMerchant): Promise<void> {
    await page.goto(`${svc.url}/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Sign in to your dashboard' }).waitFor();
    await page.getByLabel('Email').fill(merchant.dashboardEmail);
    await page.getByLabel('Password').fill(merchant.dashboardPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
  }

  const region = (name: string) => page.getByRole('region', { name, exact: true });
  /** What a card says beside one of its labels: figure('Today', 'Net') -> "₦1,234.56". */
  const figure = (card: string, label: string) => region(card).locator('.stat').filter({ has: page.getByText(label, { exact: true }) }).locator('dd').innerText();
  const figuresOf = async (card: string): Promise<Record<string, string>> =>
    Object.fromEntries(await Promise.all(['Volume', 'Payments', 'Fees', 'Refunded', 'Net'].map(async (label) => [label, await figure(card, label)])));
  const shown = (f: Figures) => ({ Volume: naira(f.volume), Payments: String(f.count), Fees: naira(f.fees), Refunded: naira(f.refunded), Net: naira(f.net) });
  const fitsTheScreen = () => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

  async function summary(key: string): Promise<Figures & { days: (Figures & { date: string })[] }> {
    const res = await svc.request('GET', `/v1/reports/summary?from=${lagosDay(29)}&to=${lagosDay()}`, { key });
    expect(res.status, res.text).to.equal(200);
    return res.body;
  }

  for (const [size, options] of SIZES) {
    it(`lands on Home after signing in, with today's, the week's and the month's figures, the balance, the failing endpoint and the chart (${size} px)`, async () => {
      await openBrowser(options);
      await signIn(shop);
      expect(new URL(page.url()).hash).to.equal('#/test/home');
      const nav = page.getByRole('navigation', { name: 'Dashboard' });
      expect(await nav.getByRole('link').first().innerText()).to.equal('Home');
      expect(await nav.getByRole('link', { name: 'Home', exact: true }).getAttribute('aria-current')).to.equal('page');

      const report = await summary(shop.testKey);
      const days = report.days;
      expect(days).to.have.length(30);
      // The page's figures are the API's: today is the summary's last day, the week its last 7.
      const today = days.at(-1)!;
      const week = days.slice(-7).reduce(
        (sum, day) => ({
          volume: String(BigInt(sum.volume) + BigInt(day.volume)),
          count: sum.count + day.count,
          fees: String(BigInt(sum.fees) + BigInt(day.fees)),
          refunded: String(BigInt(sum.refunded) + BigInt(day.refunded)),
          net: String(BigInt(sum.net) + BigInt(day.net)),
        }),
        { volume: '0', count: 0, fees: '0', refunded: '0', net: '0' } as Figures,
      );
      // ...and they are the payments made above: 3 today, 6 this week, 7 this month (not the 40-day-old one).
      expect([today.count, week.count, report.count]).to.deep.equal([3, 6, 7]);
      expect([today.volume, today.refunded]).to.deep.equal(['1650000', '1100000']);
      expect(report.refunded).to.equal('3150000');

      expect(await figuresOf('Today')).to.deep.equal(shown(today));
      expect(await figuresOf('Last 7 days')).to.deep.equal(shown(week));
      expect(await figuresOf('Last 30 days')).to.deep.equal(shown(report));

      const balance = (await svc.request('GET', '/v1/balance', { key: shop.testKey })).body;
      expect(await figure('Balance', 'Available')).to.equal(naira(balance.available));
      // Nothing pending nor on its way in test mode: not said at all.
      expect(await region('Balance').getByText('Pending').count()).to.equal(0);
      expect(await region('Balance').getByText('On the way to your bank').count()).to.equal(0);

      // What needs the merchant: the endpoint failing, why in words, and a way to the page that fixes it.
      const endpoint = (await svc.request('GET', '/v1/webhook_endpoint', { key: shop.testKey })).body;
      const needs = region('What needs you');
      expect(await needs.innerText()).to.include('Webhook deliveries are failing').and.include(endpoint.last_error).and.not.include('Nothing needs you');
      const fix = needs.getByRole('link', { name: 'Fix it on Webhooks' });
      expect(await fix.getAttribute('href')).to.equal('#/test/webhooks');

      // The chart: one bar per day of the 30, and the same days in a table a screen reader can read.
      const chart = region('Volume per day');
      expect(await chart.locator('svg .chart-bar').count()).to.equal(30);
      expect(await chart.locator('svg .chart-bar:not(.chart-bar-empty)').count()).to.equal(days.filter((day) => day.count > 0).length);
      await page.screenshot({ path: `${ARTIFACTS}dashboard-home-${size}.png`, fullPage: true });
      await chart.getByText('Show these figures as a table').click();
      const rows = chart.getByRole('table').locator('tbody tr');
      await rows.first().waitFor();
      expect(await rows.count()).to.equal(30);
      // Newest first: today's row, and two rows down the day 2 days ago with its 2 payments.
      const cells = async (row: number) => (await rows.nth(row).locator('td').allInnerTexts()).map((text) => text.trim());
      const twoDaysAgo = days.at(-3)!;
      expect(twoDaysAgo.count).to.equal(2);
      for (const [row, day] of [[0, today], [2, twoDaysAgo]] as const) {
        expect(await cells(row), day.date).to.deep.equal([naira(day.volume), String(day.count), naira(day.fees), naira(day.refunded), naira(day.net)]);
      }

      expect(await fitsTheScreen(), 'the page is no wider than the screen, its table open').to.equal(true);
      if (size === '360') {
        // What a finger presses on the page is at least 44 px tall.
        const heights = await page.evaluate(() =>
          Array.from(document.querySelectorAll('#main a, #main button, #main summary, nav a'), (el) => [el.textContent?.trim() ?? '', el.getBoundingClientRect().height] as const),
        );
        expect(heights.filter(([, height]) => height < 43.5), 'controls shorter than 44 px').to.deep.equal([]);
        expect(heights.length, 'controls on the page').to.be.at.least(5);
      }
      await page.screenshot({ path: `${ARTIFACTS}dashboard-home-table-${size}.png`, fullPage: true });

      await fix.click();
      await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
      expect(new URL(page.url()).hash).to.equal('#/test/webhooks');
    });
  }

  it("shows live mode's own figures and chart behind the mode switch, and suggests a live webhook endpoint", async () => {
    await openBrowser(SIZES[0]![1]);
    const live = await paidIntent(svc, shop, 123_456, 'bola@example.com', true);
    expect(live.amount).to.equal('123456');
    await signIn(shop);
    await page.getByRole('switch', { name: 'Test mode' }).click();
    await page.waitForURL(/#\/live\/home$/);
    await page.getByText('No webhook endpoint for live payments').waitFor();

    const report = await summary(shop.liveKey);
    expect(report.count).to.equal(1);
    expect(await figuresOf('Today')).to.deep.equal(shown(report.days.at(-1)!));
    expect(await figure('Today', 'Volume')).to.equal('₦1,234.56');
    expect(await figuresOf('Last 30 days')).to.deep.equal(shown(report));
    const chart = region('Volume per day');
    expect(await chart.locator('svg .chart-bar').count()).to.equal(30);
    expect(await chart.locator('svg .chart-bar:not(.chart-bar-empty)').count()).to.equal(1);
    expect(await chart.getByText('Highest day: ₦1,234.56').count()).to.equal(1);

    // A live payment waits for settlement: its net is pending, and said so.
    const balance = (await svc.request('GET', '/v1/balance', { key: shop.liveKey })).body;
    expect(balance.pending).to.not.equal('0');
    expect(await figure('Balance', 'Pending')).to.equal(naira(balance.pending));

    const needs = region('What needs you');
    expect(await needs.innerText()).to.not.include('Webhook deliveries are failing');
    expect(await needs.getByRole('link', { name: 'Set up a webhook endpoint' }).getAttribute('href')).to.equal('#/live/webhooks');
  });

  it('says plainly when nothing needs the merchant', async () => {
    await openBrowser(SIZES[1]![1]);
    const calm = await svc.createMerchant('Calm Cloth');
    await signIn(calm);
    expect(await region('What needs you').innerText()).to.include('Nothing needs you right now.');
    expect(await figure('Today', 'Volume')).to.equal('₦0.00');
    expect(await region('Volume per day').getByText('No payments yet').count()).to.equal(1);
    expect(await fitsTheScreen()).to.equal(true);
  });

  it('says a failed payout needs the merchant, why, and where to see it, until a later payout is paid', async () => {
    await openBrowser(SIZES[1]![1]);
    const payee = await svc.createMerchant('Payout Prints');
    expect((await svc.request('POST', '/v1/test_helpers/top_up', { key: payee.testKey, body: { amount: 500_000 } })).status).to.equal(200);
    /** Pays out 1,000.00 to `account` and waits for the payout to end up `status`. */
    const payout = async (account: string, status: string) => {
      await svc.request('PUT', '/v1/payout_account', { key: payee.testKey, body: { bank_code: '044', account_number: account } });
      const created = await svc.request('POST', '/v1/payouts', { key: payee.testKey, body: { amount: 100_000 } });
      expect(created.status, created.text).to.equal(201);
      await waitFor(`the payout to be ${status}`, async () => ((await svc.request('GET', `/v1/payouts/${created.body.id}`, { key: payee.testKey })).body.status === status ? true : undefined), 20_000);
    };
    // Test mode's account 1111111111 cannot take transfers.
    await payout('1111111111', 'failed');
    await signIn(payee);
    const needs = region('What needs you');
    expect(await needs.innerText()).to.include('A payout failed').and.include('₦1,000.00').and.include('cannot take transfers').and.not.include('Nothing needs you');
    expect(await needs.getByRole('link', { name: 'See payouts on Balance' }).getAttribute('href')).to.equal('#/test/balance');
    expect(await fitsTheScreen()).to.equal(true);

    // Paid to a good account since: the failure needs nothing more.
    await payout('0123456789', 'paid');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
    expect(await region('What needs you').innerText()).to.include('Nothing needs you right now.');
  });

  it('shows a part that could not load as an error in its place, and the rest of the page still works', async () => {
    await openBrowser(SIZES[0]![1]);
    await page.route('**/v1/reports/summary?*', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ error: { type: 'rate_limit_error', code: 'rate_limited', message: 'Too many requests. Wait a few seconds, then try again.' } }) }),
    );
    await signIn(shop);
    expect(await region('Volume per day').getByRole('alert').innerText()).to.equal('Too many requests. Wait a few seconds, then try again.');
    expect(await region('Today, the last 7 days and the last 30 days').getByRole('alert').innerText()).to.equal('Too many requests. Wait a few seconds, then try again.');
    const balance = (await svc.request('GET', '/v1/balance', { key: shop.testKey })).body;
    expect(await figure('Balance', 'Available')).to.equal(naira(balance.available));
    expect(await region('What needs you').innerText()).to.include('Webhook deliveries are failing');
  });
});
