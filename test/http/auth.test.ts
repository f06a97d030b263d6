import { expect } from 'chai';
import { sampleRequests } from '../support/operations.ts';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';

describe('secret-key authentication', () => {
  let svc: TestService;
  let shop: TestMerchant;

  before(async () => {
    svc = await startTestService('auth');
    shop = await svc.createMerchant();
  });
  after(() => svc.stop());

  const body = { amount: 1000, currency: 'NGN' };
  const badCredentials: [string, Record<string, string>][] = [
    ['no Authorization header', {}],
    ['a Basic header', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['a Bearer header without a key', { authorization: 'Bearer ' }],
    ['a key of the wrong shape', { authorization: 'Bearer sk_test_short' }],
    ['a publishable-looking key', { authorization: 'Bearer pk_test_0123456789abcdefghijABCDEFGHIJ12' }],
    ['an unknown key', { authorization: 'Bearer sk_test_0123456789abcdefghijABCDEFGHIJ12' }],
  ];

  for (const [what, headers] of badCredentials) {
    it(`refuses ${what} with 401 invalid_api_key on every merchant operation`, async () => {
      for (const { method, path, hasBody } of sampleRequests().filter((op) => op.takesSecretKey)) {
        const res = await svc.request(method, path, { headers, ...(hasBody ? { body } : {}) });
        expect(res.status, `${method} ${path}`).to.equal(401);
        expect(res.body.error).to.include({ code: 'invalid_api_key', request_id: res.headers.get('x-request-id') });
      }
    });
  }

  it('checks the key before the body, so an unauthenticated caller learns nothing from validation', async () => {
    const res = await svc.request('POST', '/v1/payment_intents', { body: { amount: 'lots' } });
    expect(res.status).to.equal(401);
  });

  it('refuses a revoked key, and never echoes a key in the message', async () => {
    const merchant = await svc.createMerchant('Revoker');
    await svc.service.orm.em.fork().execute('update api_keys set revoked_at = now() where merchant_id = ? and livemode = false', [merchant.id]);
    const res = await svc.request('GET', '/v1/payment_intents', { key: merchant.testKey });
    expect(res.status).to.equal(401);
    expect(res.text).to.not.include(merchant.testKey);
    const live = await svc.request('GET', '/v1/payment_intents', { key: merchant.liveKey });
    expect(live.status).to.equal(200);
  });

  it('accepts the scheme name in any case', async () => {
    const res = await svc.request('GET', '/v1/payment_intents', { headers: { authorization: `bearer ${shop.testKey}` } });
    expect(res.status).to.equal(200);
  });

  it('asks no secret key of the customer-side operations, whose credential is the client secret', async () => {
    const customerSide = sampleRequests().filter((op) => !op.secured);
    expect(customerSide.map((op) => op.operationId).sort()).to.deep.equal(['authenticatePaymentIntent', 'confirmPaymentIntent', 'retrieveCheckout', 'signIn', 'submitPaymentIntentOtp']);
    for (const { method, path, hasBody } of customerSide) {
      const res = await svc.request(method, path, hasBody ? { body: {} } : {});
      expect(res.status, `${method} ${path}`).to.not.equal(401);
    }
  });

  it('does not guard the contract or the API reference', async () => {
    expect((await svc.request('GET', '/openapi.yaml')).status).to.equal(200);
    expect((await svc.request('GET', '/docs')).status).to.equal(200);
  });
});
