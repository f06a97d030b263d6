// Every page of the dashboard, on a 360 px phone and a 1280 px laptop, with a merchant's real
// month behind it (44 payments in every state, refunds, a top-up, a failing webhook endpoint):
// no page scrolls sideways, no table hides what tells its rows apart, every control is a finger's
// width tall on the phone, and nothing breaks the console or the CSP. A screenshot of each page at
// each size is written to test/artifacts (docs/screenshots keeps their tops, the README shows two).
import { expect } from 'chai';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { card, CARDS, confirm, createIntent } from '../support/payments.ts';
import { answer, startReceiver, type Receiver } from '../support/receiver.ts';
import { ARTIFACTS, launchBrowser, consoleProblems } from '../support/browser.ts';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';

const SIZES: [name: string, options: BrowserContextOptions][] = [
  ['360', { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }],
  ['1280', { viewport: { width: 1280, height: 800 } }],
];

const CUSTOMERS = ['ada@example.com', 'bola@example.com', 'chidi@example.com', 'dayo@example.com', 'emeka@example.com', 'funke@example.com'];
const ITEMS = ['Indigo adire wrapper', 'Kente scarf', 'Adire tote bag', 'Ankara headwrap', 'Aso-oke cap', 'Batik table runner'];

/** What the page shows that is broken for a phone or a laptop, in words (empty: nothing). */
async function layoutProblems(page: Page, phone: boolean): Promise<string[]> {
  return page.evaluate((phone) => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) problems.push(`scrolls sideways: ${root.scrollWidth}px of content in ${root.clientWidth}px`);
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
    };
    // Every cell of every table row is on the page, within the screen's width.
    for (const cell of document.querySelectorAll('main tbody th, main tbody td')) {
      const label = cell.getAttribute('data-label') ?? cell.textContent?.slice(0, 20);
      if (cell.closest('details:not([open])')) continue;
      if (!visible(cell)) problems.push(`table cell "${label}" is hidden`);
      else if (cell.getBoundingClientRect().right > root.clientWidth + 1) problems.push(`table cell "${label}" is off the side of the screen`);
    }
    if (phone) {
      // Controls a finger presses are at least 44 px tall (text links inside sentences aside).
      for (const el of document.querySelectorAll('main button, main input:not([type=hidden]):not([type=checkbox]):not([type=radio]), main select, main summary, main .row-link, header button, nav a')) {
        if (!visible(el) || el.closest('details:not([open])') || el.closest('dialog:not([open])')) continue;
        const height = el.getBoundingClientRect().height;
        if (height < 43.5) problems.push(`${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30) || el.getAttribute('aria-label') || el.id}" is ${Math.round(height)}px tall`);
      }
    }
    return problems;
  }, phone);
}

describe('every dashboard page at 360 px and 1280 px', function () {
  this.timeout(120_000);
  let svc: TestService;
  let browser: Browser;
  let shop: TestMerchant;
  let receiver: Receiver;

  before(async function () {
    this.timeout(120_000);
    svc = await startTestService('dashboard-pages', { RATE_LIMIT_PER_MINUTE: '10000', DASHBOARD_RATE_LIMIT_PER_MINUTE: '10000', WEBHOOK_RETRY_BASE_MS: '200' });
    shop = await svc.createMerchant('Adire & Co');
    receiver = await startReceiver({ respond: answer(500, 'upstream broke') });
    expect((await svc.request('PUT', '/v1/webhook_endpoint', { key: shop.testKey, body: { url: receiver.url } })).status).to.equal(201);
    // 44 payments over the month: paid, refunded in part or in full, declined, canceled, awaiting.
    const em = svc.service.orm.em.fork();
    for (let i = 0; i < 44; i++) {
      const intent = await createIntent(svc, shop.testKey, {
        amount: 250_000 + (i % 5) * 125_000,
        customer: { email: CUSTOMERS[i % CUSTOMERS.length] },
        description: `${ITEMS[i % ITEMS.length]} (order ${1040 + i})`,
        metadata: { order_id: `ORD-${1040 + i}` },
      });
      const kind = i % 8;
      if (kind <= 4) {
        expect((await confirm(svc, intent)).body.status).to.equal('succeeded');
        if (kind === 3) await svc.request('POST', '/v1/refunds', { key: shop.testKey, body: { payment_intent: intent.id, amount: 35_000 } });
        if (kind === 4) await svc.request('POST', '/v1/refunds', { key: shop.testKey, body: { payment_intent: intent.id } });
      } else if (kind === 5) {
        await confirm(svc, intent, { card: card(CARDS.declined) });
      } else if (kind === 6) {
        await svc.request('POST', `/v1/payment_intents/${intent.id}/cancel`, { key: shop.testKey });
      }
      // Spread over the last 30 days, newest last.
      const daysAgo = Math.floor(((43 - i) * 29) / 43);
      await em.execute(
        `update payment_intents set created_at = created_at - make_interval(days => ?), succeeded_at = succeeded_at - make_interval(days => ?) where id = ?`,
        [daysAgo, daysAgo, intent.id],
      );
    }
    await svc.request('POST', '/v1/test_helpers/top_up', { key: shop.testKey, body: { amount: 5_000_000 } });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await receiver?.close();
    await svc?.stop();
  });

  for (const [size, options] of SIZES) {
    it(`shows every page usably at ${size} px: no sideways scroll, nothing hidden, big enough to tap, no console or CSP errors`, async () => {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      const errors = consoleProblems(page);
      await page.goto(`${svc.url}/dashboard`);
      await page.getByLabel('Email').fill(shop.dashboardEmail);
      await page.getByLabel('Password').fill(shop.dashboardPassword);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('button', { name: 'Sign out' }).waitFor();

      const phone = size === '360';
      const seen: Record<string, string[]> = {};
      const look = async (name: string) => {
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        seen[name] = await layoutProblems(page, phone);
        await page.screenshot({ path: `${ARTIFACTS}dashboard-page-${name}-${size}.png`, fullPage: true });
        // And its top (docs/screenshots holds these, copied from a run): a laptop's first screen
        // and a bit, or the first two of a phone's, far enough to show a list's first rows.
        const width = options.viewport!.width;
        const height = Math.min(await page.evaluate(() => document.documentElement.scrollHeight), phone ? 1700 : 1000);
        await page.screenshot({ path: `${ARTIFACTS}dashboard-page-${name}-${size}-top.png`, fullPage: true, clip: { x: 0, y: 0, width, height } });
      };

      // Every section of the navigation (on a phone it may sit behind a menu button).
      const nav = page.getByRole('navigation', { name: 'Dashboard' });
      const sections = await nav.getByRole('link').evaluateAll((links) => links.map((a) => [a.textContent?.trim() ?? '', a.getAttribute('href') ?? '']));
      expect(sections.length).to.be.at.least(4);
      for (const [name, href] of sections) {
        await page.evaluate((hash) => (location.hash = hash), href!.replace(/^[^#]*/, ''));
        await look(name!.toLowerCase().replace(/\W+/g, '-'));
      }
      // The pages a row leads to: a payment, an event.
      await page.evaluate(() => (location.hash = '#/test/payments'));
      await page.getByRole('heading', { level: 1, name: 'Payments' }).waitFor();
      await page.locator('main tbody .row-link').first().click();
      await look('payment');
      await page.evaluate(() => (location.hash = '#/test/webhooks'));
      await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
      await page.locator('main a[href*="/webhooks/events/"]').first().click();
      await look('event');

      await context.close();
      expect(seen, 'what is wrong on each page').to.deep.equal(Object.fromEntries(Object.keys(seen).map((name) => [name, []])));
      expect(errors, 'console errors').to.deep.equal([]);
    });
  }
});
