// The dashboard's balance page in a real browser (Debian's chromium through playwright-core),
// against the real service: the balance history line by line with its running balance, its CSV,
// the payout account and payouts, on a laptop and on a 360 px phone.
import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { ARTIFACTS, launchBrowser, consoleProblems } from '../support/browser.ts';
import { confirm, createIntent } from '../support/payments.ts';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';

const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
const PHONE: BrowserContextOptions = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const SCREENS = [
  { name: 'a laptop (1280x800)', slug: 'desktop', options: DESKTOP },
  { name: 'a phone (360x740)', slug: 'phone', options: PHONE },
];

/** What each entry type is called on the page. */
const TYPE_WORDS: Record<string, string> = { payment: 'Payment', refund: 'Refund', top_up: 'Test top-up', payout: 'Payout' };

/** 236250n -> "₦2,362.50"; `signed` -> "+₦2,362.50" / "−₦137.50", as the page writes money. */
function naira(kobo: bigint, signed = false): string {
  const abs = kobo < 0n ? -kobo : kobo;
  const text = `₦${(abs / 100n).toLocaleString('en-US')}.${String(abs % 100n).padStart(2, '0')}`;
  if (kobo < 0n) return `\u2212${text}`;
  return signed && kobo > 0n ? `+${text}` : text;
}

describe('dashboard balance page (/dashboard#/test/balance)', function () {
  let svc: TestService;
  let browser: Browser;

  before(async function () {
    this.timeout(60_000);
    // Every page calls the API from 127.0.0.1; test payouts settle after a second, not ten.
    svc = await startTestService('dashboard_balance', { RATE_LIMIT_PER_MINUTE: '10000', TEST_PAYOUT_DELAY_SECONDS: '1' });
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
    context = await browser.newContext({ ...options, acceptDownloads: true });
    page = await context.newPage();
    problems = consoleProblems(page);
  }
  async function closeBrowser(): Promise<void> {
    await context.close();
    expect(problems, 'browser console errors').to.deep.equal([]);
  }

  const history = () => page.getByRole('region', { name: 'Balance history', exact: true });
  const dialogButton = (name: string) => page.getByRole('dialog').getByRole('button', { name, exact: true });
  const fitsSideways = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  async function signInToBalance(merchant: TestMerchant): Promise<void> {
    await page.goto(`${svc.url}/dashboard#/test/balance`);
    await page.getByLabel('Email').fill(merchant.dashboardEmail);
    await page.getByLabel('Password').fill(merchant.dashboardPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Balance' }).waitFor();
  }

  /** A payment of ₦2,500.00 (fee ₦137.50), ₦500.00 of it refunded, then ₦10,000.00 of test funds. */
  async function merchantWithHistory(name: string): Promise<{ merchant: TestMerchant; intentId: string }> {
    const merchant = await svc.createMerchant(name);
    const intent = await createIntent(svc, merchant.testKey, { amount: 250_000, description: 'Indigo adire wrapper' });
    const paid = await confirm(svc, intent);
    expect(paid.body?.status, paid.text).to.equal('succeeded');
    const refund = await svc.request('POST', '/v1/refunds', { key: merchant.testKey, body: { payment_intent: intent.id, amount: 50_000 } });
    expect(refund.status, refund.text).to.equal(201);
    const topUp = await svc.request('POST', '/v1/test_helpers/top_up', { key: merchant.testKey, body: { amount: 1_000_000 } });
    expect(topUp.status, topUp.text).to.be.oneOf([200, 201]);
    return { merchant, intentId: intent.id };
  }

  /** The lines the page should show for the API's entries: [what, amount, balance after]. */
  async function expectedLines(merchant: TestMerchant): Promise<string[][]> {
    const res = await svc.request('GET', '/v1/balance/entries?limit=20', { key: merchant.testKey });
    expect(res.status, res.text).to.equal(200);
    return res.body.data.flatMap((entry: { type: string; amount: string; fee: string; balance_after: string }) => {
      const fee = BigInt(entry.fee);
      const after = BigInt(entry.balance_after);
      if (fee === 0n) return [[TYPE_WORDS[entry.type], naira(BigInt(entry.amount), true), naira(after)]];
      return [
        ['Service fee', naira(-fee, true), naira(after)],
        [TYPE_WORDS[entry.type], naira(BigInt(entry.amount) + fee, true), naira(after + fee)],
      ];
    });
  }

  /** The history's lines as shown: [what, amount, balance after, about]. */
  async function shownLines(): Promise<string[][]> {
    const rows = history().locator('tbody tr');
    await rows.first().waitFor();
    const lines: string[][] = [];
    for (const row of await rows.all()) lines.push((await row.locator('th, td').allInnerTexts()).map((text) => text.trim()));
    return lines;
  }

  /** Buttons, fields and links of the balance page that are shown and shorter than a finger (44 px), on a touch screen. */
  const smallTargets = () =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll('main button, main input, main select, main summary, main .table a'))
        .map((el) => ({ el, box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && box.height > 0 && box.height < 44)
        .map(({ el, box }) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim() || el.id}" ${box.height}px`),
    );

  describe('in live mode, on a laptop', () => {
    beforeEach(() => openBrowser(DESKTOP));
    afterEach(closeBrowser);

    it('shows the live balance with what is pending and on its way, the payout forms, and no test funds', async () => {
      const merchant = await svc.createMerchant('Live Looms');
      await signInToBalance(merchant);
      await page.getByRole('switch', { name: 'Test mode' }).click();
      await page.getByRole('heading', { name: 'Available balance' }).waitFor();
      expect(await page.locator('.balance-card').innerText()).to.include('Pending').and.include('On the way to your bank');
      await page.getByRole('region', { name: 'Pay out', exact: true }).waitFor();
      await page.getByRole('region', { name: 'Payout account', exact: true }).waitFor();
      expect(await page.getByText('No payouts yet.').isVisible()).to.equal(true);
      expect(await page.getByText('Add test funds').count()).to.equal(0);
    });
  });

  for (const screen of SCREENS) {
    describe(`on ${screen.name}`, () => {
      beforeEach(() => openBrowser(screen.options));
      afterEach(closeBrowser);

      it('shows the payment and its service fee as separate lines with the running balance after each, and exports the entries as CSV', async () => {
        const { merchant, intentId } = await merchantWithHistory(`Ledger Lane ${screen.slug}`);
        await signInToBalance(merchant);

        // 2,500.00 paid, 137.50 fee, 500.00 refunded, 10,000.00 topped up.
        expect(await page.locator('.balance-amount').innerText()).to.equal('₦11,862.50');
        const shown = await shownLines();
        const expected = await expectedLines(merchant);
        expect(shown.map((line) => line.slice(0, 3))).to.deep.equal(expected);
        expect(expected).to.deep.equal([
          ['Test top-up', '+₦10,000.00', '₦11,862.50'],
          ['Refund', '−₦500.00', '₦1,862.50'],
          ['Service fee', '−₦137.50', '₦2,362.50'],
          ['Payment', '+₦2,500.00', '₦2,500.00'],
        ]);
        // Each line says what it is about; an entry's own id (le_…) is never shown.
        expect(shown[0]![3]).to.equal('Test funds');
        expect(shown[1]![3]).to.match(/^Refund re_[0-9A-Za-z]{24} of Indigo adire wrapper$/);
        expect(shown[2]![3]).to.equal('Indigo adire wrapper');
        expect(shown[3]![3]).to.equal('Indigo adire wrapper');
        expect(await history().innerText()).to.not.match(/le_/);
        expect(await history().getByRole('link', { name: 'Indigo adire wrapper' }).first().getAttribute('href')).to.equal(`#/test/payments/${intentId}`);

        const [download] = await Promise.all([page.waitForEvent('download'), history().getByRole('button', { name: 'Export CSV' }).click()]);
        expect(download.suggestedFilename()).to.match(/\.csv$/);
        const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
        const [header, ...rows] = csv.trim().split(/\r?\n/);
        expect(header).to.equal('id,created_at,type,gross_ngn,fee_ngn,net_ngn,balance_after_ngn,payment_intent,refund,payout,description,livemode');
        expect(rows.map((row) => row.split(',')[2])).to.deep.equal(['top_up', 'refund', 'payment']);
        expect(rows[2]).to.include(',payment,2500.00,137.50,2362.50,2362.50,').and.include('Indigo adire wrapper');

        expect(await fitsSideways(), 'the page is no wider than the screen').to.equal(true);
        if (screen.options.hasTouch) expect(await smallTargets(), 'tap targets under 44 px').to.deep.equal([]);
        await page.screenshot({ path: `${ARTIFACTS}dashboard-balance-history-${screen.slug}.png`, fullPage: true });
      });

      it('sets the payout account after asking for the password, refuses a payout above the balance in naira before any dialog, and pays out a valid one', async () => {
        const { merchant } = await merchantWithHistory(`Payout Palace ${screen.slug}`);
        await signInToBalance(merchant);
        const payoutRegion = page.getByRole('region', { name: 'Pay out', exact: true });
        expect(await payoutRegion.innerText()).to.include('Set a payout account first');

        await page.getByLabel('Bank', { exact: true }).selectOption({ label: 'Guaranty Trust Bank' });
        await page.getByLabel('Account number').fill('012345678');
        await page.getByRole('button', { name: 'Set payout account' }).click();
        expect(await page.locator('#payout-account-number-error').innerText()).to.equal('Enter the 10-digit account number.');
        expect(await page.locator('dialog[open]').count()).to.equal(0);

        await page.getByLabel('Account number').fill('0123456789');
        await page.getByRole('button', { name: 'Set payout account' }).click();
        await page.getByRole('dialog', { name: 'Set the payout account?' }).waitFor();
        await page.getByLabel('Your password').fill(merchant.dashboardPassword);
        await dialogButton('Set payout account').click();
        await page.getByText('Payouts now go to Test Account 6789, Guaranty Trust Bank ••••6789.').waitFor();
        expect(await page.locator('#payout-account-name').innerText()).to.equal('Test Account 6789');
        const account = await svc.request('GET', '/v1/payout_account', { key: merchant.testKey });
        expect(account.body).to.include({ bank_code: '058', account_name: 'Test Account 6789', account_last4: '6789' });

        // More than is available: refused under the field, in naira, and no dialog opens.
        const amount = page.getByLabel('Amount to pay out (₦)');
        await amount.fill('20,000');
        expect(await payoutRegion.innerText()).to.include('Sent as 2000000 kobo (₦20,000.00).');
        await payoutRegion.getByRole('button', { name: 'Pay out' }).click();
        const fieldError = payoutRegion.locator('.field-error');
        await fieldError.filter({ hasText: /\w/ }).waitFor();
        expect(await fieldError.innerText()).to.equal('You can pay out at most ₦11,862.50, your available balance.');
        expect(await page.locator('dialog[open]').count()).to.equal(0);
        expect((await svc.request('GET', '/v1/payouts', { key: merchant.testKey })).body.data).to.deep.equal([]);

        // A valid amount: its kobo shown exactly, confirmed, then sent.
        await amount.fill('1,000.50');
        expect(await payoutRegion.innerText()).to.include('Sent as 100050 kobo (₦1,000.50).');
        await payoutRegion.getByRole('button', { name: 'Pay out' }).click();
        const dialog = page.getByRole('dialog', { name: 'Pay out ₦1,000.50?' });
        await dialog.waitFor();
        expect(await dialog.innerText()).to.include('₦1,000.50 (100050 kobo) of your available ₦11,862.50 goes to Test Account 6789, Guaranty Trust Bank ••••6789.');
        await dialogButton('Pay out ₦1,000.50').click();
        await page.getByText('Paying out ₦1,000.50 to Guaranty Trust Bank ••••6789.').waitFor();
        expect(await page.locator('.balance-amount').innerText()).to.equal('₦10,862.00');
        const onItsWay = page.locator('.balance-card .detail').filter({ hasText: 'On the way to your bank' }).locator('dd');
        expect(await onItsWay.innerText()).to.equal('₦1,000.50');

        const payouts = await svc.request('GET', '/v1/payouts', { key: merchant.testKey });
        expect(payouts.body.data).to.have.length(1);
        expect(payouts.body.data[0].amount).to.equal('100050');
        const listed = page.getByRole('region', { name: 'Payouts', exact: true }).locator('tbody tr');
        expect(await listed.count()).to.equal(1);
        expect(await listed.first().innerText()).to.include('₦1,000.50').and.include('Test Account 6789, Guaranty Trust Bank ••••6789');
        // The simulator pays it after a second; the list follows it without a reload.
        await listed.first().filter({ hasText: 'Paid' }).waitFor({ timeout: 15_000 });
        await onItsWay.filter({ hasText: '₦0.00' }).waitFor();
        const lines = await shownLines();
        expect(lines[0]!.slice(0, 4)).to.deep.equal(['Payout', '−₦1,000.50', '₦10,862.00', 'Payout to Guaranty Trust Bank ••••6789']);

        expect(await fitsSideways(), 'the page is no wider than the screen').to.equal(true);
        if (screen.options.hasTouch) expect(await smallTargets(), 'tap targets under 44 px').to.deep.equal([]);
        await page.screenshot({ path: `${ARTIFACTS}dashboard-balance-payouts-${screen.slug}.png`, fullPage: true });
      });
    });
  }
});
