// The payment sheet in live mode with Paystack (the local fake) behind the service: each step the
// card issuer asks for, in plain words, on a 360 px phone and a laptop; the PIN masked and never
// left in the page.
import { expect } from 'chai';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { ARTIFACTS, FUTURE_EXPIRY, launchBrowser } from '../support/browser.ts';
import { FAKE_CARDS, FAKE_OTP, FAKE_PIN, paystackEnv, startPaystackFake, type PaystackFake } from '../support/paystack-fake.ts';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';

const VIEWPORTS = [
  { name: 'phone', options: { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } },
  { name: 'desktop', options: { viewport: { width: 1280, height: 800 } } },
] as const;

describe('hosted payment sheet: the steps a live card issuer asks for', function () {
  this.timeout(60_000);
  let fake: PaystackFake;
  let svc: TestService;
  let shop: TestMerchant;
  let browser: Browser;

  before(async () => {
    fake = await startPaystackFake();
    svc = await startTestService('payment_sheet_steps', { ...paystackEnv(fake), RATE_LIMIT_PER_MINUTE: '10000' });
    shop = await svc.createMerchant('Adire & Co');
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await svc?.stop();
    await fake?.close();
  });

  for (const { name: viewport, options } of VIEWPORTS) {
    describe(`on a ${viewport} (${options.viewport.width} px wide)`, () => {
      let context: BrowserContext;
      let page: Page;
      let problems: string[];

      beforeEach(async () => {
        context = await browser.newContext(options);
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

      const shot = (step: string) => page.screenshot({ path: `${ARTIFACTS}payment-sheet-live-${step}-${viewport}.png`, fullPage: true });

      async function startPaying(number: string): Promise<void> {
        const res = await svc.request('POST', '/v1/payment_intents', {
          key: shop.liveKey,
          body: { amount: 250000, currency: 'NGN', description: 'Indigo adire wrapper', customer: { email: 'ada@example.com' } },
        });
        await page.goto(`${svc.url}/pay/${res.body.client_secret}`);
        await page.getByRole('heading', { name: 'Pay with card' }).waitFor();
        await page.getByLabel('Card number').fill(number);
        await page.getByLabel('Expiry date').fill(FUTURE_EXPIRY);
        await page.getByLabel('CVC').fill('123');
        await page.getByRole('button', { name: 'Pay ₦2,500.00' }).click();
      }

      async function fitsTheScreen(): Promise<void> {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, 'sideways scroll').to.equal(0);
      }

      it('asks for the PIN (masked, then gone from the page), then the OTP in the bank\'s words, and pays', async () => {
        await startPaying(FAKE_CARDS.pinThenOtp);
        await page.getByRole('heading', { name: 'Enter your card PIN' }).waitFor();
        const pin = page.getByLabel('Card PIN', { exact: true });
        expect(await pin.getAttribute('type')).to.equal('password');
        expect(await page.evaluate(() => document.activeElement?.id)).to.equal('step-pin');
        expect(await page.locator('#step-message').innerText()).to.equal("Enter your card's 4-digit PIN.");
        await fitsTheScreen();
        await shot('pin');

        await pin.fill('12');
        await page.getByRole('button', { name: 'Continue' }).click();
        expect(await page.locator('#step-pin-error').innerText()).to.equal('Enter the 4 digits of your card PIN.');
        await pin.fill(FAKE_PIN);
        await page.getByRole('button', { name: 'Continue' }).click();

        await page.getByRole('heading', { name: 'Enter your one-time code' }).waitFor();
        expect(await page.locator('#otp-lead').innerText()).to.equal('Please enter the OTP sent to 080****5678');
        expect(await page.locator('#step-pin').inputValue()).to.equal('');
        await shot('otp');
        await page.getByLabel('One-time code', { exact: true }).fill(FAKE_OTP);
        await page.getByRole('button', { name: 'Confirm payment' }).click();
        await page.getByRole('heading', { name: 'Payment successful' }).waitFor({ timeout: 10_000 });
        await fitsTheScreen();
      });

      it('asks for a billing address, field by field, and pays', async () => {
        await startPaying(FAKE_CARDS.address);
        await page.getByRole('heading', { name: 'Enter your billing address' }).waitFor();
        await fitsTheScreen();
        await shot('address');
        await page.getByRole('button', { name: 'Continue' }).click();
        expect(await page.locator('#step-street-error').innerText()).to.equal('Enter your street address.');
        await page.getByLabel('Street address', { exact: true }).fill('12 Allen Avenue');
        await page.getByLabel('City', { exact: true }).fill('Ikeja');
        await page.getByLabel('State', { exact: true }).fill('Lagos');
        await page.getByLabel('Postal code', { exact: true }).fill('100001');
        await page.getByRole('button', { name: 'Continue' }).click();
        await page.getByRole('heading', { name: 'Payment successful' }).waitFor({ timeout: 10_000 });
      });

      it('asks for a date of birth and a phone number in plain words', async () => {
        await startPaying(FAKE_CARDS.birthday);
        await page.getByRole('heading', { name: 'Confirm your date of birth' }).waitFor();
        expect(await page.locator('#step-message').innerText()).to.equal('Please enter your birthday');
        await page.getByLabel('Date of birth', { exact: true }).fill('1990-05-17');
        await page.getByRole('button', { name: 'Continue' }).click();
        await page.getByRole('heading', { name: 'Payment successful' }).waitFor({ timeout: 10_000 });

        await startPaying(FAKE_CARDS.phoneThenOtp);
        await page.getByRole('heading', { name: 'Confirm your phone number' }).waitFor();
        await fitsTheScreen();
        await page.getByLabel('Phone number', { exact: true }).fill('0801 234 5678');
        await page.getByRole('button', { name: 'Continue' }).click();
        await page.getByRole('heading', { name: 'Enter your one-time code' }).waitFor();
      });
    });
  }
});
