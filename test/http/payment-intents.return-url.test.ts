// `return_url` on create: where the payment sheet brings the customer back to. What the
// merchant sees on the intent, what the customer's sheet is told, and what is refused.
import { expect } from 'chai';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';

describe('payment intents: return_url', () => {
  let svc: TestService;
  let shop: TestMerchant;

  before(async () => {
    svc = await startTestService('payment_intents_return_url');
    shop = await svc.createMerchant('Adire & Co');
  });
  after(() => svc.stop());

  const create = (key: string, extra: Record<string, unknown>, headers?: Record<string, string>) =>
    svc.request('POST', '/v1/payment_intents', { key, body: { amount: 250000, currency: 'NGN', ...extra }, headers });

  const count = async (): Promise<number> => {
    const [row] = await svc.service.orm.em.fork().execute<{ n: string }[]>('select count(*) as n from payment_intents');
    return Number(row!.n);
  };

  const checkout = (intent: { id: string; client_secret: string }) =>
    svc.request('GET', `/v1/payment_intents/${intent.id}/checkout?client_secret=${intent.client_secret}`);

  describe('accepted', () => {
    it('keeps the return_url exactly as given: on create, retrieve, list and in the checkout view', async () => {
      const returnUrl = 'https://adire.example.com/orders/1042?from=sheet&lang=en#summary';
      const created = await create(shop.testKey, { return_url: returnUrl });
      expect(created.status, created.text).to.equal(201);
      expect(created.body.return_url).to.equal(returnUrl);

      const retrieved = await svc.request('GET', `/v1/payment_intents/${created.body.id}`, { key: shop.testKey });
      expect(retrieved.body.return_url).to.equal(returnUrl);

      const listed = await svc.request('GET', '/v1/payment_intents?limit=100', { key: shop.testKey });
      expect(listed.body.data.find((pi: { id: string }) => pi.id === created.body.id).return_url).to.equal(returnUrl);

      const view = await checkout(created.body);
      expect(view.status).to.equal(200);
      expect(view.body).to.include({ return_url: returnUrl, merchant_name: 'Adire & Co' });
    });

    it('is null everywhere when none was given', async () => {
      const created = await create(shop.testKey, {});
      expect(created.status).to.equal(201);
      expect(created.body.return_url).to.equal(null);
      expect((await svc.request('GET', `/v1/payment_intents/${created.body.id}`, { key: shop.testKey })).body.return_url).to.equal(null);
      expect((await checkout(created.body)).body.return_url).to.equal(null);
    });

    it('accepts http:// in test mode (a shop on the developer’s laptop), and https:// in live mode', async () => {
      const local = await create(shop.testKey, { return_url: 'http://localhost:4000/orders/7' });
      expect(local.status, local.text).to.equal(201);
      expect(local.body).to.include({ livemode: false, return_url: 'http://localhost:4000/orders/7' });

      const live = await create(shop.liveKey, { return_url: 'https://adire.example.com/orders/8' });
      expect(live.status, live.text).to.equal(201);
      expect(live.body).to.include({ livemode: true, return_url: 'https://adire.example.com/orders/8' });
    });

    it('accepts a fragment-routed single-page shop and a URL of exactly 2048 characters', async () => {
      const spa = await create(shop.testKey, { return_url: 'https://adire.example.com/#/orders/1042' });
      expect(spa.status, spa.text).to.equal(201);
      expect(spa.body.return_url).to.equal('https://adire.example.com/#/orders/1042');

      const base = 'https://adire.example.com/orders/';
      const longest = base + 'x'.repeat(2048 - base.length);
      const long = await create(shop.testKey, { return_url: longest });
      expect(long.status, long.text).to.equal(201);
      expect(long.body.return_url).to.equal(longest);
    });
  });

  describe('refused', () => {
    const cases: [string, unknown, RegExp][] = [
      ['a relative URL', '/orders/1042', /absolute URL/],
      ['a URL without a scheme', 'adire.example.com/orders/1042', /absolute URL/],
      ['a javascript: URL', 'javascript:alert(document.cookie)', /https:\/\//],
      ['a data: URL', 'data:text/html,<script>alert(1)</script>', /https:\/\//],
      ['an ftp:// URL', 'ftp://adire.example.com/orders', /https:\/\//],
      ['a URL with a user name and password', 'https://ada:secret@adire.example.com/orders/1', /user name or password/],
      ['a URL with a space in it', 'https://adire.example.com/orders/10 42', /return_url/],
      ['a URL with a control character', 'https://adire.example.com/orders/\u00011042', /control characters/],
      ['a URL with its own payment_intent parameter', 'https://adire.example.com/done?payment_intent=pi_mine', /payment_intent/],
      ['a URL over 2048 characters', `https://adire.example.com/${'x'.repeat(2048)}`, /2048/],
      ['an empty string', '', /return_url/],
      ['a number', 1042, /return_url/],
      ['null', null, /return_url/],
    ];
    for (const [what, returnUrl, message] of cases) {
      it(`refuses ${what} with 400 invalid_request naming return_url, and creates nothing`, async () => {
        const before = await count();
        const res = await create(shop.testKey, { return_url: returnUrl });
        expect(res.status, res.text).to.equal(400);
        expect(res.body.error).to.include({ code: 'invalid_request', param: 'return_url' });
        expect(res.body.error.message).to.match(message);
        expect(await count()).to.equal(before);
      });
    }

    it('refuses http:// in live mode, saying in words that live mode needs https://', async () => {
      const before = await count();
      const res = await create(shop.liveKey, { return_url: 'http://adire.example.com/orders/1042' });
      expect(res.status).to.equal(400);
      expect(res.body.error).to.include({
        code: 'invalid_request',
        param: 'return_url',
        message: 'return_url must use https:// in live mode; http:// is accepted only in test mode.',
      });
      expect(await count()).to.equal(before);
    });

    it('refuses a bad return_url sent with an Idempotency-Key without using up the key', async () => {
      const key = 'return-url-bad-then-good';
      const bad = await create(shop.liveKey, { return_url: 'http://adire.example.com/orders/1' }, { 'Idempotency-Key': key });
      expect(bad.status).to.equal(400);
      const good = await create(shop.liveKey, { return_url: 'https://adire.example.com/orders/1' }, { 'Idempotency-Key': key });
      expect(good.status, good.text).to.equal(201);
      expect(good.headers.get('idempotent-replayed')).to.equal(null);
    });
  });

  describe('with an Idempotency-Key', () => {
    it('replays the first answer, return_url included, for the same request', async () => {
      const body = { return_url: 'https://adire.example.com/orders/2001' };
      const first = await create(shop.testKey, body, { 'Idempotency-Key': 'return-url-same' });
      const again = await create(shop.testKey, body, { 'Idempotency-Key': 'return-url-same' });
      expect(again.status).to.equal(201);
      expect(again.headers.get('idempotent-replayed')).to.equal('true');
      expect(again.body).to.deep.equal(first.body);
    });

    it('refuses the same key with another return_url, or without one, naming return_url, and creates nothing', async () => {
      await create(shop.testKey, { return_url: 'https://adire.example.com/orders/2002' }, { 'Idempotency-Key': 'return-url-differs' });
      const before = await count();
      for (const extra of [{ return_url: 'https://adire.example.com/orders/2003' }, {}]) {
        const res = await create(shop.testKey, extra, { 'Idempotency-Key': 'return-url-differs' });
        expect(res.status, JSON.stringify(extra)).to.equal(400);
        expect(res.body.error).to.include({ code: 'invalid_request', param: 'Idempotency-Key' });
        expect(res.body.error.message).to.include('different return_url');
      }
      const added = await create(shop.testKey, {}, { 'Idempotency-Key': 'return-url-added' });
      expect(added.status).to.equal(201);
      const withUrl = await create(shop.testKey, { return_url: 'https://adire.example.com/orders/2004' }, { 'Idempotency-Key': 'return-url-added' });
      expect(withUrl.status).to.equal(400);
      expect(withUrl.body.error.message).to.include('different return_url');
      expect(await count()).to.equal(before + 1);
    });
  });
});
