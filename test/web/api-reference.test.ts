// The API reference at /docs in a real browser (Debian's chromium through playwright-core), served
// by the real service: what a merchant reading it sees, under the page's own CSP.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { parse } from 'yaml';
import { CONTRACT_PATH } from '../../server/src/http/contract.ts';
import { ARTIFACTS, launchBrowser } from '../support/browser.ts';
import { startTestService, type TestService } from '../support/service.ts';

/** The summaries of the contract's operations (what the reference's menu names them), the x-internal ones apart. */
function summaries(): { merchants: Map<string, string>; dashboard: string[] } {
  const document = parse(readFileSync(CONTRACT_PATH, 'utf8'));
  const operations = Object.values<any>(document.paths).flatMap((item) => ['get', 'put', 'post', 'delete', 'patch'].map((m) => item[m]).filter(Boolean));
  return {
    merchants: new Map(operations.filter((op) => op['x-internal'] !== true).map((op) => [op.operationId, op.summary])),
    dashboard: operations.filter((op) => op['x-internal'] === true).map((op) => op.summary),
  };
}

describe('API reference (/docs)', function () {
  this.timeout(60_000);
  let svc: TestService;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  before(async () => {
    svc = await startTestService('api_reference');
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await svc?.stop();
  });

  async function open(url: string): Promise<void> {
    context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    page = await context.newPage();
    problems = [];
    // A blocked image or script is reported as a violation (and logged); a missing file as a 4xx.
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`)),
    );
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(String(error)));
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });
    page.on('requestfailed', (request) => problems.push(`failed: ${request.url()}`));
    await page.goto(url);
    await page.locator('[data-component-name="Menu/MenuItem"]').first().waitFor();
  }
  afterEach(async () => {
    await context?.close();
  });

  const menuItems = () => page.locator('[data-component-name="Menu/MenuItem"]').allInnerTexts();
  const sample = () => page.locator('pre[data-testid="source-code"]').first();

  it('shows its logo, the address this server answers on, and a curl and an SDK sample, with nothing blocked', async () => {
    await open(`${svc.url}/docs`);
    const logo = page.getByRole('img', { name: 'Nairaflow' });
    await logo.waitFor();
    expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), 'the logo loaded').to.equal(true);
    expect(new URL((await logo.getAttribute('src'))!, svc.url).origin).to.equal(svc.url);
    expect(await page.locator('[data-testid="server-panel-item-name"]').first().innerText()).to.equal('This server.');
    await page.getByText(svc.url, { exact: true }).first().waitFor();

    await page.getByText('Payment intents', { exact: true }).first().click();
    await page.getByText('Create a payment intent', { exact: true }).first().click();
    await sample().getByText('export PI=', { exact: false }).first().waitFor();
    const curl = await sample().innerText();
    expect(curl).to.include(`curl -s ${svc.url}/v1/payment_intents`).and.include('Authorization: Bearer $NAIRAFLOW_SECRET_KEY').and.include('"amount": 250000');
    await page.screenshot({ path: `${ARTIFACTS}api-reference-curl.png` });

    await page.getByRole('button', { name: 'curl', exact: true }).first().click();
    await page.getByRole('menuitem', { name: 'Node SDK' }).first().click();
    await sample().getByText('nf.paymentIntents.create(').waitFor();
    expect(await sample().innerText()).to.include(`baseUrl: '${svc.url}'`).and.include('amount: 250000');
    await page.screenshot({ path: `${ARTIFACTS}api-reference-sdk.png` });

    // The badge Redoc adds ("API docs by") shows its stand-in logo from here, not Redocly's CDN.
    expect(await page.evaluate(() => Array.from(document.images).filter((img) => !img.complete || img.naturalWidth === 0).map((img) => img.src))).to.deep.equal([]);
    expect(problems).to.deep.equal([]);
  });

  it('sends the page compressed to a browser that takes gzip, the same page at a fraction of the size', async () => {
    const raw = (encoding: string | undefined) =>
      new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
        get(`${svc.url}/docs`, { headers: encoding === undefined ? {} : { 'accept-encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) })).on('error', reject);
        }).on('error', reject);
      });
    const plain = await raw(undefined);
    const gzipped = await raw('gzip, deflate, br');
    expect(plain.headers['content-encoding']).to.equal(undefined);
    expect(gzipped.headers['content-encoding']).to.equal('gzip');
    expect(gzipped.headers['vary']).to.include('Accept-Encoding');
    expect(gzipped.body.length).to.be.below(plain.body.length / 3);
    expect(gunzipSync(gzipped.body).equals(plain.body)).to.equal(true);
  });

  it('opens every sidebar link on its own (a new tab, a reload) as the reference, at its section', async () => {
    await open(`${svc.url}/docs`);
    const links = await page.locator('[data-component-name="Menu/Menu"] a').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')!));
    expect(links.length, 'sidebar links').to.be.greaterThan(20);
    // What a new tab asks the server for: the link resolved against the page, without its fragment.
    for (const href of links) {
      const url = new URL(href, `${svc.url}/docs`);
      expect(url.origin, href).to.equal(svc.url);
      const answer = await fetch(url);
      expect(`${href}: ${answer.status} ${answer.headers.get('content-type')}`).to.match(/: 200 text\/html/);
      expect(await answer.text(), href).to.include('<div id="redoc">');
    }
    for (const title of ['Versioning', 'insufficient_balance', 'Refunds']) {
      const href = await page.locator('[data-component-name="Menu/Menu"] a', { hasText: title }).first().getAttribute('href');
      const tab = await context.newPage();
      const url = new URL(href!, `${svc.url}/docs`).href;
      expect((await tab.goto(url))!.status(), url).to.equal(200);
      const section = tab.locator(`[data-section-id="${new URL(url).hash.replace(/^#/, '')}"]`).first();
      await section.waitFor();
      // The section's heading is what the reader sees at the top of the window.
      await tab.waitForFunction((id) => Math.abs(document.querySelector(`[data-section-id="${id}"]`)!.getBoundingClientRect().top) < 80, new URL(url).hash.replace(/^#/, ''));
      expect((await section.innerText()).split('\n')[0], url).to.include(title);
      await tab.close();
    }
    expect(problems).to.deep.equal([]);
  });

  it("keeps the dashboard's own operations out of the merchants' reference", async () => {
    await open(`${svc.url}/docs`);
    const { merchants, dashboard } = summaries();
    expect(dashboard, 'the dashboard operations are still in openapi.yaml').to.include('Sign in to the dashboard');
    const shown = [merchants.get('createRefund')!, merchants.get('listEvents')!];
    // Every tag of the merchants' API, opened, and no other.
    const tags = ['Payment intents', 'Checkout', 'Refunds', 'Balance', 'Test helpers', 'Webhook endpoint', 'Events'];
    for (const [tag, operation] of [['Refunds', shown[0]!], ['Events', shown[1]!]] as const) {
      await page.locator('[data-component-name="Menu/MenuItem"]', { hasText: tag }).first().click();
      await page.locator('[data-component-name="Menu/MenuItem"]', { hasText: operation }).first().waitFor();
    }
    const items = (await menuItems()).map((text) => text.split('\n')[0]);
    expect(items).to.include.members([...tags, ...shown]);
    expect(items).to.not.include('Dashboard');
    for (const summary of dashboard) expect(items, summary).to.not.include(summary);
    expect(await page.locator('body').innerText(), 'nowhere on the page').to.not.include('/dashboard/api/api_keys');
    expect(problems).to.deep.equal([]);
  });

  it('writes a PUBLIC_BASE_URL with markup in it into the page as text, which runs nothing', async () => {
    const odd = await startTestService('api_reference_odd', { PUBLIC_BASE_URL: 'https://x"><img src=x onerror=window.pwned=1>' });
    try {
      await open(`${odd.url}/docs`);
      await page.getByText('https://x"><img src=x onerror=window.pwned=1>', { exact: true }).first().waitFor();
      expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).to.equal(undefined);
      expect(problems).to.deep.equal([]);
    } finally {
      await context.close();
      await odd.stop();
    }
  });
});
