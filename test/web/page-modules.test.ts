// The dashboard and the payment sheet as ES modules: every module they load comes from our origin
// under the page's CSP, by a versioned URL from the page's import map (whose hash is the one inline
// script the CSP allows), and nothing but the registered files is ever served from their assets.
import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { type Browser, type Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';
import { cspWithImportMap, importMapOf } from './static-pages.ts';

/** A relative import or export in a module's text: `from './pages/payments.js'`. */
const RELATIVE_IMPORT = /\bfrom\s+'(\.{1,2}\/[^']+)'/g;

/** A GET of `path` exactly as written: fetch() would resolve `..` before sending it. */
function rawGet(base: string, path: string): Promise<{ status: number; type: string; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the pages\' modules (/dashboard, /pay)', function () {
  let svc: TestService;
  let shop: TestMerchant;
  let browser: Browser;

  before(async function () {
    this.timeout(60_000);
    svc = await startTestService('page_modules', { RATE_LIMIT_PER_MINUTE: '10000' });
    shop = await svc.createMerchant('Kente Corner');
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await svc?.stop();
  });

  async function sheetPath(): Promise<string> {
    const res = await svc.request('POST', '/v1/payment_intents', { key: shop.testKey, body: { amount: 150000, currency: 'NGN', description: 'Two scarves' } });
    expect(res.status, res.text).to.equal(201);
    return `/pay/${res.body.client_secret}`;
  }

  /** The page's HTML, checked to be served under a CSP that allows its import map and no other inline script. */
  async function pageWithModules(path: string): Promise<{ html: string; imports: Record<string, string> }> {
    const res = await fetch(`${svc.url}${path}`);
    const html = await res.text();
    expect(res.status, path).to.equal(200);
    expect(res.headers.get('content-security-policy'), path).to.equal(cspWithImportMap(html));
    return { html, imports: importMapOf(html).imports };
  }

  for (const { page: name, path, prefix, entry, others } of [
    { page: 'dashboard', path: () => Promise.resolve('/dashboard'), prefix: '/dashboard/assets/', entry: 'dashboard/dashboard.js', others: '/pay/assets/' },
    { page: 'payment sheet', path: sheetPath, prefix: '/pay/assets/', entry: 'payment-sheet/sheet.js', others: '/dashboard/assets/' },
  ]) {
    describe(`the ${name}`, () => {
      it('maps every module to its content-hashed URL, serves each with immutable caching, and every relative import is in the map', async () => {
        const { html, imports } = await pageWithModules(await path());
        expect(Object.keys(imports)).to.include(`${prefix}${entry}`).and.to.include(`${prefix}shared/money.js`);
        expect(html).to.include(`<script type="module" src="${imports[`${prefix}${entry}`]}"></script>`);
        for (const [plain, versioned] of Object.entries(imports)) {
          const res = await fetch(`${svc.url}${versioned}`);
          const body = await res.text();
          expect(res.status, versioned).to.equal(200);
          expect(res.headers.get('content-type'), versioned).to.equal('text/javascript; charset=utf-8');
          expect(res.headers.get('cache-control'), versioned).to.equal('public, max-age=31536000, immutable');
          expect(versioned, plain).to.equal(`${plain}?v=${createHash('sha256').update(body).digest('hex').slice(0, 12)}`);
          expect(html, `${plain} is preloaded`).to.include(`<link rel="modulepreload" href="${versioned}">`);
          for (const [, specifier] of body.matchAll(RELATIVE_IMPORT)) {
            const resolved = new URL(specifier!, `${svc.url}${plain}`).pathname;
            expect(imports, `${plain} imports ${specifier}`).to.have.property(resolved);
          }
        }
      });

      it('serves only the files it registered: not another page\'s, not sources, not a way out with ..', async () => {
        for (const asset of [
          'other.js',
          'shared/other.js',
          `${entry}/`,
          'shared/dom-types.ts',
          'tsconfig.json',
          'dashboard/dashboard.html',
          'payment-sheet/sheet.html',
          '../static-page.ts',
          'shared/../../static-page.ts',
          '%2e%2e/static-page.ts',
          'shared/%2e%2e/%2e%2e/static-page.ts',
          'shared%2f..%2f..%2fstatic-page.ts',
          '..%2f..%2fpackage.json',
        ]) {
          const res = await rawGet(svc.url, `${prefix}${asset}`);
          expect(res.status, asset).to.equal(404);
          expect(res.type, asset).to.not.include('javascript');
          expect(res.body, asset).to.not.include('import ');
        }
        expect((await rawGet(svc.url, `${others}${entry}`)).status, `${entry} under ${others}`).to.equal(404);
      });
    });
  }

  describe('in the browser', () => {
    let page: Page;
    let problems: string[];
    let scripts: string[];

    beforeEach(async () => {
      page = await browser.newPage();
      problems = [];
      scripts = [];
      // A module the import map does not cover, or an inline script the CSP refuses, shows up here.
      page.on('console', (message) => {
        if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(String(error)));
      page.on('requestfailed', (req) => problems.push(`${req.url()}: ${req.failure()?.errorText}`));
      page.on('response', (res) => {
        const url = new URL(res.url());
        if (url.pathname.endsWith('.js')) scripts.push(`${res.status()} ${url.pathname}${url.search}`);
      });
    });
    afterEach(async () => {
      await page.close();
      expect(problems, 'console, CSP and loading errors').to.deep.equal([]);
    });

    it('runs the dashboard from its versioned modules alone, through every section', async () => {
      const { imports } = await pageWithModules('/dashboard');
      await page.goto(`${svc.url}/dashboard`);
      await page.getByRole('heading', { level: 1, name: 'Sign in to your dashboard' }).waitFor();
      await page.getByLabel('Email').fill(shop.dashboardEmail);
      await page.getByLabel('Password').fill(shop.dashboardPassword);
      await page.getByRole('button', { name: 'Sign in' }).click();
      for (const section of ['Payments', 'Balance', 'Webhooks', 'API keys']) {
        await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: section, exact: true }).click();
        await page.getByRole('heading', { level: 1, name: section }).waitFor();
      }
      expect([...new Set(scripts)].sort()).to.deep.equal(Object.values(imports).map((url) => `200 ${url}`).sort());
    });

    it('runs the payment sheet from its versioned modules alone', async () => {
      const path = await sheetPath();
      const { imports } = await pageWithModules(path);
      await page.goto(`${svc.url}${path}`);
      await page.getByRole('button', { name: 'Pay ₦1,500.00' }).waitFor();
      expect([...new Set(scripts)].sort()).to.deep.equal(Object.values(imports).map((url) => `200 ${url}`).sort());
    });
  });
});
