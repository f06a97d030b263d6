import { expect } from 'chai';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';

describe('payment intents: bad input', () => {
  let svc: TestService;
  let shop: TestMerchant;

  before(async () => {
    svc = await startTestService('payment_intents_errors');
    shop = await svc.createMerchant();
  });
  after(() => svc.stop());

  const count = async (): Promise<number> => {
    const [row] = await svc.service.orm.em.fork().execute<{ n: string }[]>('select count(*) as n from payment_intents');
    return Number(row!.n);
  };

  const valid = { amount: 5000, currency: 'NGN' };
  const cases: [string, Record<string, unknown>, string][] = [
    ['a missing amount', { currency: 'NGN' }, 'amount'],
    ['a zero amount', { ...valid, amount: 0 }, 'amount'],
    ['a negative amount', { ...valid, amount: -5 }, 'amount'],
    ['a fractional amount', { ...valid, amount: 10.5 }, 'amount'],
    ['an amount given as a string', { ...valid, amount: '5000' }, 'amount'],
    ['an amount above 10^15 kobo', { ...valid, amount: 1_000_000_000_000_001 }, 'amount'],
    ['a missing currency', { amount: 5000 }, 'currency'],
    ['another currency', { ...valid, currency: 'USD' }, 'currency'],
    ['a lower-case currency', { ...valid, currency: 'ngn' }, 'currency'],
    ['a description over 500 characters', { ...valid, description: 'x'.repeat(501) }, 'description'],
    ['metadata that is not an object', { ...valid, metadata: ['a'] }, 'metadata'],
    ['metadata over 16 KiB', { ...valid, metadata: { blob: 'x'.repeat(16 * 1024) } }, 'metadata'],
    ['an invalid customer e-mail', { ...valid, customer: { email: 'not-an-email' } }, 'customer.email'],
    ['a phone number not in E.164', { ...valid, customer: { phone: '08012345678' } }, 'customer.phone'],
    ['an empty customer', { ...valid, customer: {} }, 'customer'],
    ['an unknown field', { ...valid, amout: 5000 }, 'amout'],
    ['an unknown customer field', { ...valid, customer: { email: 'a@b.co', name: 'Ada' } }, 'customer.name'],
  ];

  for (const [what, body, param] of cases) {
    it(`refuses ${what} with 400 invalid_request naming ${param}, and creates nothing`, async () => {
      const before = await count();
      const res = await svc.request('POST', '/v1/payment_intents', { key: shop.testKey, body });
      expect(res.status).to.equal(400);
      expect(res.body.error).to.include({ code: 'invalid_request', param, request_id: res.headers.get('x-request-id') });
      expect(res.body.error.message).to.be.a('string').and.not.equal('');
      expect(await count()).to.equal(before);
    });
  }

  it('accepts a description of exactly 500 characters and metadata of exactly 16 KiB', async () => {
    const blob = 'x'.repeat(16 * 1024 - '{"b":""}'.length);
    const res = await svc.request('POST', '/v1/payment_intents', {
      key: shop.testKey,
      body: { ...valid, description: 'd'.repeat(500), metadata: { b: blob } },
    });
    expect(res.status).to.equal(201);
  });

  it('refuses malformed JSON with 400 invalid_request', async () => {
    const res = await svc.request('POST', '/v1/payment_intents', { key: shop.testKey, rawBody: '{"amount": 5000,' });
    expect(res.status).to.equal(400);
    expect(res.body.error.code).to.equal('invalid_request');
    expect(res.body.error.message).to.match(/JSON/);
  });

  it('refuses a body that is not a JSON object', async () => {
    for (const rawBody of ['[1,2]', '"text"', '5000']) {
      const res = await svc.request('POST', '/v1/payment_intents', { key: shop.testKey, rawBody });
      expect(res.status, rawBody).to.equal(400);
      expect(res.body.error.code).to.equal('invalid_request');
    }
  });

  it('refuses a form-encoded body with 400 and says to send JSON', async () => {
    const res = await svc.request('POST', '/v1/payment_intents', {
      key: shop.testKey,
      rawBody: 'amount=5000&currency=NGN',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).to.equal(400);
    expect(res.body.error.code).to.equal('invalid_request');
    expect(res.body.error.message).to.match(/application\/json/);
  });

  it('refuses a body over 64 KiB with 413 request_too_large', async () => {
    const res = await svc.request('POST', '/v1/payment_intents', {
      key: shop.testKey,
      body: { ...valid, metadata: { blob: 'x'.repeat(70 * 1024) } },
    });
    expect(res.status).to.equal(413);
    expect(res.body.error).to.include({ code: 'request_too_large', request_id: res.headers.get('x-request-id') });
  });

  it('refuses an Idempotency-Key longer than 255 characters', async () => {
    const res = await svc.request('POST', '/v1/payment_intents', {
      key: shop.testKey,
      body: valid,
      headers: { 'Idempotency-Key': 'k'.repeat(256) },
    });
    expect(res.status).to.equal(400);
    expect(res.body.error).to.include({ code: 'invalid_request', param: 'Idempotency-Key' });
  });
});
