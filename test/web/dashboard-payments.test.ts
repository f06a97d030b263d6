// The dashboard's payments pages in a real browser (Debian's chromium through playwright-core),
// against the real service: finding a payment, the honest status of each, the totals and the CSV of
// a search, a payment's net in naira, and the refund form, on a laptop and on a phone.
import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { CARDS, card, confirm, createIntent } from '../support/payments.ts';
import { ARTIFACTS, launchBrowser, consoleProblems } from '../support/browser.ts';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';

/** The merchant's own time zone: the date filter's days start at its midnight. */
const TIME_ZONE = 'Africa/Lagos';
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 }, timezoneId: TIME_ZONE };
const PHONE: BrowserContextOptions = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, timezoneId: TIME_ZONE };

/** "12500000" -> "₦125,000.00", as a merchant reads kobo (the test's own, from the digits). */
function naira(kobo: string): string {
  const value = BigInt(kobo);
  const abs = value < 0n ? -value : value;
  const text = `₦${(abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${(abs % 100n).toString().padStart(2, '0')}`;
  return value < 0n ? `\u2212${text}` : text;
}

/** The day of `iso` in the merchant's time zone, as a date field takes it (YYYY-MM-DD). */
const dayIn = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date(iso));

interface Shop {
  merchant: TestMerchant;
  /** Each payment by what it is, with its id. */
  ids: Record<'paid' | 'partlyRefunded' | 'refunded' | 'declined' | 'canceled' | 'awaiting' | 'paidAgain' | 'maskAwaiting' | 'lastMonth', string>;
}

describe('dashboard payments pages (/dashboard#/…/payments)', function () {
  let svc: TestService;
  let browser: Browser;
  let shop: Shop;

  async function makePayment(merchant: TestMerchant, body: Record<string, unknown>, outcome: 'paid' | 'declined' | 'open' = 'paid'): Promise<string> {
    const intent = await createIntent(svc, merchant.testKey, body);
    if (outcome === 'open') return intent.id;
    const res = await confirm(svc, intent, outcome === 'declined' ? { card: card(CARDS.declined) } : {});
    expect(res.body.status, res.text).to.equal(outcome === 'paid' ? 'succeeded' : 'requires_authentication');
    return intent.id;
  }
  async function refund(merchant: TestMerchant, id: string, amount?: number): Promise<void> {
    const res = await svc.request('POST', '/v1/refunds', { key: merchant.testKey, body: amount === undefined ? { payment_intent: id } : { payment_intent: id, amount } });
    expect(res.status, res.text).to.equal(201);
  }

  before(async function () {
    this.timeout(90_000);
    svc = await startTestService('dashboard_payments', { RATE_LIMIT_PER_MINUTE: '10000' });
    browser = await launchBrowser();

    const merchant = await svc.createMerchant('Ankara House');
    const pay = (body: Record<string, unknown>, outcome?: 'paid' | 'declined' | 'open') => makePayment(merchant, body, outcome);
    const lastMonth = await pay({ amount: 450_000, description: 'Ankara tote, last month', customer: { email: 'ife@example.com' } });
    // Made a month ago, as far as the list can tell.
    await svc.service.orm.em.fork().execute("update payment_intents set created_at = created_at - interval '30 days' where id = ?", [lastMonth]);
    const paid = await pay({ amount: 1_200_000, description: 'Ankara dress, emerald', customer: { email: 'bisi@example.com' }, metadata: { order_id: 'A-101' } });
    const partlyRefunded = await pay({ amount: 12_500_000, description: 'Aso-oke wedding set', customer: { email: 'chidi@example.com' }, metadata: { order_id: 'A-102' } });
    const refunded = await pay({ amount: 800_000, description: 'Adire scarf, indigo', customer: { email: 'dayo@example.com' }, metadata: { order_id: 'A-103' } });
    const declined = await pay({ amount: 450_000, description: 'Beaded clutch', customer: { email: 'efe@example.com' }, metadata: { order_id: 'A-104' } }, 'declined');
    const canceled = await pay({ amount: 600_000, description: 'Kente stole, gold', customer: { email: 'funmi@example.com' }, metadata: { order_id: 'A-105' } }, 'open');
    const awaiting = await pay({ amount: 300_000, description: 'Gele head tie', customer: { phone: '+2348031234567' }, metadata: { order_id: 'A-106' } }, 'open');
    const paidAgain = await pay({ amount: 2_000_000, description: 'Agbada, white lace', customer: { email: 'gozie@example.com' }, metadata: { order_id: 'A-107', channel: 'instagram' } });
    const maskAwaiting = await pay({ amount: 150_000, description: 'Ankara face mask', customer: { email: 'hauwa@example.com' }, metadata: { order_id: 'A-108' } }, 'open');
    await refund(merchant, partlyRefunded, 3_500_000);
    await refund(merchant, refunded);
    const cancel = await svc.request('POST', `/v1/payment_intents/${canceled}/cancel`, { key: merchant.testKey });
    expect(cancel.status, cancel.text).to.equal(200);
    shop = { merchant, ids: { paid, partlyRefunded, refunded, declined, canceled, awaiting, paidAgain, maskAwaiting, lastMonth } };

    // The states the pages are about, as the API says them.
    const states = await Promise.all(Object.values(shop.ids).map(async (id) => (await svc.request('GET', `/v1/payment_intents/${id}`, { key: merchant.testKey })).body.display_status));
    expect(states).to.deep.equal(['succeeded', 'partially_refunded', 'refunded', 'failed', 'canceled', 'awaiting_payment', 'succeeded', 'awaiting_payment', 'succeeded']);
  });
  after(async () => {
    await browser?.close();
    await svc?.stop();
  });

  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  async function openBrowser(options: BrowserContextOptions): Promise<void> {
    context = await browser.newContext({ ...options, acceptDownloads: true });
    page = await context.newPage();
    problems = consoleProblems(page);
  }
  async function closeBrowser(): Promise<void> {
    await context.close();
    expect(problems, 'browser console errors').to.deep.equal([]);
  }

  const mainHeading = (name: string | RegExp) => page.getByRole('heading', { level: 1, name });
  const region = (name: string) => page.getByRole('region', { name, exact: true });
  const dialog = () => page.getByRole('dialog');
  const fitsSideways = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  async function signIn(merchant: TestMerchant, fragment = '#/test/payments'): Promise<void> {
    await page.goto(`${svc.url}/dashboard${fragment}`);
    await mainHeading('Sign in to your dashboard').waitFor();
    await page.getByLabel('Email').fill(merchant.dashboardEmail);
    await page.getByLabel('Password').fill(merchant.dashboardPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
  }

  /** The ids of the payments the API lists for `query`, newest first. */
  async function apiIds(query: string): Promise<string[]> {
    const res = await svc.request('GET', `/v1/payment_intents?limit=100&${query}`, { key: shop.merchant.testKey });
    expect(res.status, res.text).to.equal(200);
    return res.body.data.map((pi: { id: string }) => pi.id);
  }

  /** Waits until the list shows exactly these payments, in this order. */
  async function listShows(ids: string[]): Promise<void> {
    const shown = () => page.evaluate(() => Array.from(document.querySelectorAll('tbody tr a.row-link')).map((a) => a.getAttribute('href')?.split('/').pop()));
    await page
      .waitForFunction(
        (expected) => {
          if (document.getElementById('main')?.hasAttribute('aria-busy')) return false;
          const ids = Array.from(document.querySelectorAll('tbody tr a.row-link')).map((a) => a.getAttribute('href')?.split('/').pop());
          return JSON.stringify(ids) === JSON.stringify(expected) && (expected.length > 0 || document.querySelector('.empty') !== null);
        },
        ids,
        { timeout: 5000 },
      )
      .catch(async () => expect(await shown(), 'the payments listed').to.deep.equal(ids));
  }

  const row = (text: string) => page.locator('tbody tr').filter({ hasText: text });
  const hashQuery = () => new URLSearchParams(new URL(page.url()).hash.split('?')[1] ?? '');

  /** Every control in `scope` a finger can reach: at least 44 px tall. */
  async function tapTargetsAreTall(scope: string): Promise<void> {
    const short = await page.evaluate((selector) => {
      const controls = Array.from(document.querySelectorAll(`${selector} :is(input, select, button, a.button)`)).filter((el) => (el as HTMLElement).offsetParent !== null);
      return controls.filter((el) => el.getBoundingClientRect().height < 44).map((el) => `${el.tagName} ${el.textContent ?? ''} ${el.getBoundingClientRect().height}`);
    }, scope);
    expect(short, `controls under 44 px in ${scope}`).to.deep.equal([]);
  }

  for (const [device, options] of [
    ['on a laptop (1280x800)', DESKTOP],
    ['on a phone (360x740)', PHONE],
  ] as const) {
    const phone = options === PHONE;
    const shot = (name: string) => page.screenshot({ path: `${ARTIFACTS}dashboard-payments-${name}-${phone ? 'phone' : 'desktop'}.png`, fullPage: true });

    describe(device, () => {
      beforeEach(() => openBrowser(options));
      afterEach(closeBrowser);

      it('lists each payment with its description, customer, amount, honest status and date, and finds one by e-mail, phone, word or metadata value', async () => {
        await signIn(shop.merchant);
        await mainHeading('Payments').waitFor();
        await listShows(await apiIds(''));
        expect(await row('Aso-oke wedding set').innerText()).to.include('₦125,000.00').and.include('chidi@example.com').and.include('Partially refunded');
        expect(await row('Adire scarf, indigo').innerText()).to.include('₦8,000.00').and.include('dayo@example.com').and.include('Refunded');
        expect(await row('Beaded clutch').innerText()).to.include('₦4,500.00').and.include('efe@example.com').and.include('Failed');
        expect(await row('Kente stole, gold').innerText()).to.include('Canceled');
        expect(await row('Gele head tie').innerText()).to.include('+2348031234567').and.include('Awaiting payment');
        expect(await row('Ankara dress, emerald').innerText()).to.include('₦12,000.00').and.include('Succeeded');
        // Every row says its date, as the merchant's clock reads it.
        expect(await page.locator('tbody tr time').count()).to.equal(await page.locator('tbody tr').count());
        expect(await fitsSideways(), 'no sideways scroll').to.equal(true);
        await tapTargetsAreTall('.payments-filters');
        await tapTargetsAreTall('.payments-totals');
        await shot('list');

        const search = page.getByLabel('Search payments');
        await search.fill('CHIDI@example.com');
        await search.press('Enter');
        await listShows([shop.ids.partlyRefunded]);
        expect(hashQuery().get('q')).to.equal('CHIDI@example.com');

        await search.fill('+2348031234567');
        await page.getByRole('button', { name: 'Search', exact: true }).click();
        await listShows([shop.ids.awaiting]);

        await search.fill('instagram');
        await search.press('Enter');
        await listShows([shop.ids.paidAgain]);

        await search.fill('ankara');
        await search.press('Enter');
        await listShows([shop.ids.maskAwaiting, shop.ids.paid, shop.ids.lastMonth]);

        await search.fill('nobody@example.com');
        await search.press('Enter');
        await page.getByText('No payments match this search.').waitFor();
        expect(await fitsSideways()).to.equal(true);

        await page.getByRole('link', { name: 'Clear', exact: true }).click();
        await listShows(await apiIds(''));
        expect(await search.inputValue()).to.equal('');
      });

      it('filters by status with the filter in the URL, kept by a reload and by Back and Forward', async () => {
        await signIn(shop.merchant);
        await listShows(await apiIds(''));
        const status = page.getByLabel('Status');
        const options = await status.locator('option').allInnerTexts();
        expect(options).to.deep.equal(['All payments', 'Succeeded', 'Partially refunded', 'Refunded', 'Failed', 'Processing', 'Awaiting payment', 'Expired', 'Canceled']);

        await status.selectOption({ label: 'Refunded' });
        await listShows([shop.ids.refunded]);
        expect(new URL(page.url()).hash).to.equal('#/test/payments?status=refunded');
        expect(await row('Adire scarf, indigo').innerText()).to.include('Refunded').and.include('₦8,000.00');
        await shot('refunded');

        await page.reload();
        await listShows([shop.ids.refunded]);
        expect(await status.inputValue()).to.equal('refunded');

        await status.selectOption({ label: 'Failed' });
        await listShows([shop.ids.declined]);
        await page.goBack();
        await listShows([shop.ids.refunded]);
        expect(await status.inputValue()).to.equal('refunded');
        await page.goBack();
        await listShows(await apiIds(''));
        expect(await status.inputValue()).to.equal('');
        await page.goForward();
        await listShows([shop.ids.refunded]);

        // A shared link opens on the same filter, a search with it.
        await page.goto(`${svc.url}/dashboard#/test/payments?status=awaiting_payment&q=ankara`);
        await listShows([shop.ids.maskAwaiting]);
        expect(await status.inputValue()).to.equal('awaiting_payment');
        expect(await page.getByLabel('Search payments').inputValue()).to.equal('ankara');
        expect(await fitsSideways()).to.equal(true);
      });

      it('narrows to days from midnight to midnight in the merchant\'s time zone', async () => {
        const old = (await svc.request('GET', `/v1/payment_intents/${shop.ids.lastMonth}`, { key: shop.merchant.testKey })).body;
        const day = dayIn(old.created_at);
        await signIn(shop.merchant);
        await listShows(await apiIds(''));
        await page.getByLabel('From', { exact: true }).fill(day);
        await page.getByLabel('To', { exact: true }).fill(day);
        const sent = page.waitForRequest((request) => request.url().includes('/v1/payment_intents?'));
        await page.getByRole('button', { name: 'Search', exact: true }).click();
        const query = new URL((await sent).url()).searchParams;
        // Lagos is an hour ahead of UTC all year: its midnight is 23:00 UTC the day before.
        const midnight = Date.parse(`${day}T00:00:00+01:00`) / 1000;
        expect(query.get('created[gte]')).to.equal(String(midnight));
        expect(query.get('created[lt]')).to.equal(String(midnight + 86_400));
        await listShows([shop.ids.lastMonth]);
        expect(hashQuery().get('from')).to.equal(day);
        expect(hashQuery().get('to')).to.equal(day);

        // A last day before the first is said under the field, and nothing changes.
        const before = page.url();
        await page.getByLabel('To', { exact: true }).fill(dayIn(new Date(Date.parse(old.created_at) - 86_400_000).toISOString()));
        await page.getByRole('button', { name: 'Search', exact: true }).click();
        expect(await page.locator('.field-error:not([hidden])').innerText()).to.equal('The last day is before the first day.');
        expect(page.url()).to.equal(before);
        expect(await fitsSideways()).to.equal(true);
      });

      it('shows the totals of what the filter finds, as the API counts them, and exports the same payments as CSV', async () => {
        await signIn(shop.merchant, '#/test/payments?q=ankara');
        await listShows([shop.ids.maskAwaiting, shop.ids.paid, shop.ids.lastMonth]);
        const totalsSay = async () => {
          const figures: Record<string, string> = {};
          for (const stat of await region('Payments this search finds').locator('.stat').all()) figures[await stat.locator('dt').innerText()] = await stat.locator('dd').innerText();
          return figures;
        };
        const apiTotals = async (query: string) => (await svc.request('GET', `/v1/payment_intents?include=totals&${query}`, { key: shop.merchant.testKey })).body.totals;
        const expected = (totals: { count: number; volume: string; fees: string; refunded: string; net: string }) => ({
          Payments: String(totals.count),
          'Gross volume': naira(totals.volume),
          'Service fees': naira(totals.fees),
          Refunded: naira(totals.refunded),
          'Net to your balance': naira(totals.net),
        });

        // Two of the three are paid: ₦12,000.00 and ₦4,500.00, with fees of ₦280.00 and ₦167.50.
        const ankara = await totalsSay();
        expect(ankara).to.deep.equal(expected(await apiTotals('q=ankara')));
        expect(ankara).to.deep.equal({ Payments: '3', 'Gross volume': '₦16,500.00', 'Service fees': '₦447.50', Refunded: '₦0.00', 'Net to your balance': '₦16,052.50' });

        const downloadOf = async () => {
          const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
          expect(download.suggestedFilename()).to.match(/^payments-test-\d{4}-\d{2}-\d{2}\.csv$/);
          const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
          const [header, ...rows] = text.trim().split(/\r?\n/);
          expect(header).to.match(/^id,created_at,status,gross_ngn,fee_ngn,refunded_ngn,net_ngn,/);
          return rows.map((line) => line.split(',').slice(0, 7));
        };
        const ankaraCsv = await downloadOf();
        expect(ankaraCsv.map(([id]) => id)).to.deep.equal([shop.ids.maskAwaiting, shop.ids.paid, shop.ids.lastMonth]);
        expect(ankaraCsv[1]).to.deep.equal([shop.ids.paid, ankaraCsv[1]![1], 'succeeded', '12000.00', '280.00', '0.00', '11720.00']);

        await page.getByLabel('Search payments').fill('');
        await page.getByLabel('Status').selectOption({ label: 'Partially refunded' });
        await listShows([shop.ids.partlyRefunded]);
        const partly = await totalsSay();
        expect(partly).to.deep.equal(expected(await apiTotals('status=partially_refunded')));
        expect(partly).to.deep.equal({ Payments: '1', 'Gross volume': '₦125,000.00', 'Service fees': '₦1,975.00', Refunded: '₦35,000.00', 'Net to your balance': '₦88,025.00' });
        const partlyCsv = await downloadOf();
        expect(partlyCsv).to.have.length(1);
        expect(partlyCsv[0]).to.deep.equal([shop.ids.partlyRefunded, partlyCsv[0]![1], 'partially_refunded', '125000.00', '1975.00', '35000.00', '88025.00']);

        // Everything: the totals over every page, the CSV every row.
        await page.getByLabel('Status').selectOption({ label: 'All payments' });
        await listShows(await apiIds(''));
        const all = await region('All payments').locator('.stat').first().locator('dd').innerText();
        expect(all).to.equal(String((await apiTotals('')).count));
        expect((await downloadOf()).map(([id]) => id)).to.deep.equal(await apiIds(''));
        expect(await fitsSideways()).to.equal(true);
        await shot('totals');
      });

      it('shows each payment\'s honest status in words, and its gross, fee, refunded and net in naira', async () => {
        await signIn(shop.merchant, `#/test/payments/${shop.ids.partlyRefunded}`);
        await mainHeading('Payment of ₦125,000.00').waitFor();
        const head = page.locator('.payment-head');
        expect(await head.innerText()).to.include('Partially refunded').and.include('₦35,000.00 refunded; ₦90,000.00 is left to refund.');
        const stats = await head.locator('.stat').allInnerTexts();
        expect(stats).to.deep.equal(['Gross\n₦125,000.00', 'Service fee\n₦1,975.00', 'Refunded\n₦35,000.00', 'Net to your balance\n₦88,025.00']);
        expect(await fitsSideways()).to.equal(true);
        await shot('partly-refunded');

        await page.goto(`${svc.url}/dashboard#/test/payments/${shop.ids.refunded}`);
        await mainHeading('Payment of ₦8,000.00').waitFor();
        expect(await head.innerText()).to.include('Refunded in full. The service fee of ₦220.00 is kept.');
        expect(await head.locator('.stat').allInnerTexts()).to.deep.equal(['Gross\n₦8,000.00', 'Service fee\n₦220.00', 'Refunded\n₦8,000.00', 'Net to your balance\n−₦220.00']);
        expect(await region('Refund').innerText()).to.include('This payment has been refunded in full.').and.include('The service fee of ₦220.00 is kept');
        expect(await page.getByLabel('Amount to refund (₦)').count()).to.equal(0);

        await page.goto(`${svc.url}/dashboard#/test/payments/${shop.ids.declined}`);
        await mainHeading('Payment of ₦4,500.00').waitFor();
        expect(await head.innerText()).to.include('Failed').and.include('The last attempt failed: card declined.');
        expect(await region('Details').innerText()).to.include('Card declined');

        await page.goto(`${svc.url}/dashboard#/test/payments/${shop.ids.canceled}`);
        await mainHeading('Payment of ₦6,000.00').waitFor();
        expect(await head.innerText()).to.include('Canceled').and.include('Canceled: canceled by you.');
        // Words only: no code of the API's anywhere but the raw JSON.
        const shown = await page.locator('#main').evaluate((main) => {
          const copy = main.cloneNode(true) as HTMLElement;
          copy.querySelectorAll('details.raw, section').forEach((el) => {
            if (el.matches('details.raw') || el.querySelector('h2')?.textContent === 'Events') el.remove();
          });
          return copy.textContent ?? '';
        });
        expect(shown).to.not.match(/requested_by_merchant|card_declined|too_many_failed_attempts|\(canceled\)/);
        expect(await fitsSideways()).to.equal(true);
      });
    });
  }

  describe('the refund form', () => {
    let refunds: TestMerchant;
    before(async () => {
      refunds = await svc.createMerchant('Refund Rooms');
      // Enough in the balance for any refund of the payments below.
      await makePayment(refunds, { amount: 50_000_000, description: 'Bulk order', customer: { email: 'bulk@example.com' } });
    });

    for (const [device, options] of [
      ['on a laptop (1280x800)', DESKTOP],
      ['on a phone (360x740)', PHONE],
    ] as const) {
      describe(device, () => {
        beforeEach(() => openBrowser(options));
        afterEach(closeBrowser);

        it('refuses more than what is left in naira before asking, shows the kobo it sends, and refunds part', async () => {
          const id = await makePayment(refunds, { amount: 10_000_000, description: 'Ankara jumpsuit', customer: { email: 'jide@example.com' } });
          await refund(refunds, id, 1_000_000);
          await signIn(refunds, `#/test/payments/${id}`);
          await mainHeading('Payment of ₦100,000.00').waitFor();
          const amount = page.getByLabel('Amount to refund (₦)');
          const error = page.locator('.field-error:not([hidden])');
          const sends = page.locator('.kobo-preview');
          expect(await sends.innerText()).to.equal('Sends 9000000 kobo (all that is left).');

          await amount.fill('100,000');
          expect(await sends.innerText()).to.equal('Sends 10000000 kobo.');
          let posted = 0;
          page.on('request', (request) => {
            if (request.method() === 'POST' && request.url().endsWith('/v1/refunds')) posted += 1;
          });
          await page.getByRole('button', { name: 'Refund', exact: true }).click();
          await error.waitFor();
          expect(await error.innerText()).to.equal('At most ₦90,000.00 is left to refund.');
          expect(await amount.getAttribute('aria-invalid')).to.equal('true');
          expect(await dialog().isVisible()).to.equal(false);
          expect(posted).to.equal(0);
          expect(await fitsSideways()).to.equal(true);
          await tapTargetsAreTall('.refund-form');
          await page.screenshot({ path: `${ARTIFACTS}dashboard-payments-refund-refused-${options === PHONE ? 'phone' : 'desktop'}.png`, fullPage: true });

          await amount.fill('35,000');
          expect(await sends.innerText()).to.equal('Sends 3500000 kobo.');
          await page.getByRole('button', { name: 'Refund', exact: true }).click();
          await page.getByRole('dialog', { name: 'Refund ₦35,000.00?' }).waitFor();
          expect(await error.count()).to.equal(0);
          const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/v1/refunds'));
          await dialog().getByRole('button', { name: 'Refund ₦35,000.00', exact: true }).click();
          expect((await sent).postDataJSON()).to.deep.equal({ payment_intent: id, amount: 3_500_000 });
          await page.getByText('Refunded ₦35,000.00 to jide@example.com.').waitFor();
          const head = await page.locator('.payment-head').innerText();
          // ₦100,000.00 less the ₦1,600.00 fee, the ₦10,000.00 and the ₦35,000.00 refunded.
          expect(head).to.include('Partially refunded').and.include('Net to your balance\n₦53,400.00');
          expect(await sends.innerText()).to.equal('Sends 5500000 kobo (all that is left).');
          const seen = await svc.request('GET', `/v1/payment_intents/${id}`, { key: refunds.testKey });
          expect(seen.body.amount_refunded).to.equal('4500000');
        });

        it('says in naira what the API refused: another refund first, a balance that cannot cover it', async () => {
          const id = await makePayment(refunds, { amount: 10_000_000, description: 'Ankara kaftan', customer: { email: 'kemi@example.com' } });
          await signIn(refunds, `#/test/payments/${id}`);
          await mainHeading('Payment of ₦100,000.00').waitFor();
          // Another tab refunds ₦80,000.00 while this page still thinks ₦100,000.00 is left.
          await refund(refunds, id, 8_000_000);
          const amount = page.getByLabel('Amount to refund (₦)');
          await amount.fill('50,000');
          await page.getByRole('button', { name: 'Refund', exact: true }).click();
          await dialog().getByRole('button', { name: 'Refund ₦50,000.00', exact: true }).click();
          const error = page.locator('.field-error:not([hidden])');
          await error.waitFor();
          expect(await error.innerText()).to.equal('At most ₦20,000.00 is left to refund: another refund was made since this page was opened.');
          expect(await page.locator('#main').innerText()).to.not.match(/\d{5,} kobo\)|\(\d+\)/);
          expect(await page.getByText('Leave empty to refund what is left: ₦20,000.00.').isVisible()).to.equal(true);

          // A merchant whose balance holds this payment less its fee cannot refund all of it.
          const small = await svc.createMerchant(`Small Stall ${options === PHONE ? 'phone' : 'laptop'}`);
          const only = await makePayment(small, { amount: 250_000, description: 'One tote bag', customer: { email: 'lola@example.com' } });
          await page.goto('about:blank');
          await context.clearCookies();
          await signIn(small, `#/test/payments/${only}`);
          await mainHeading('Payment of ₦2,500.00').waitFor();
          await page.getByRole('button', { name: 'Refund', exact: true }).click();
          await dialog().getByRole('button', { name: 'Refund ₦2,500.00', exact: true }).click();
          const alert = page.locator('.refund-form [role="alert"]');
          await alert.filter({ hasText: /\w/ }).waitFor();
          expect(await alert.innerText()).to.equal('Your available balance, ₦2,362.50, cannot cover this refund of ₦2,500.00. Nothing was refunded.');
          expect((await svc.request('GET', `/v1/payment_intents/${only}`, { key: small.testKey })).body.amount_refunded).to.equal('0');
          expect(await fitsSideways()).to.equal(true);
        });
      });
    }
  });
});
