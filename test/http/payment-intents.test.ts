import { expect } from 'chai';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('payment intents', () => {
  let svc: TestService;
  let shop: TestMerchant;
  let other: TestMerchant;

  before(async () => {
    svc = await startTestService('payment_intents');
    shop = await svc.createMerchant('Mama Put Kitchen', 'https://example.com/logo.png');
    other = await svc.createMerchant('Other Shop');
  });
  after(() => svc.stop());

  const create = (key: string, body: Record<string, unknown> = { amount: 250000, currency: 'NGN' }, headers?: Record<string, string>) =>
    svc.request('POST', '/v1/payment_intents', { key, body, headers });

  describe('create', () => {
    it('creates an intent awaiting the customer, with its client secret, amounts as strings', async () => {
      const res = await create(shop.testKey, {
        amount: 1_000_000_000_000_000,
        currency: 'NGN',
        description: 'Jollof rice x2',
        metadata: { order_id: 'ord_1', nested: { a: [1, 2] } },
        customer: { email: 'Ada@Example.com', phone: '+2348012345678' },
      });
      expect(res.status).to.equal(201);
      const pi = res.body;
      expect(pi.id).to.match(/^pi_[0-9A-Za-z]{24}$/);
      expect(pi.client_secret).to.match(new RegExp(`^${pi.id}_secret_[0-9A-Za-z]{24}$`));
      expect(pi.payment_url).to.equal(`${svc.url}/pay/${pi.client_secret}`);
      expect(pi).to.include({
        livemode: false,
        merchant_id: shop.id,
        merchant_name: 'Mama Put Kitchen',
        merchant_logo_url: 'https://example.com/logo.png',
        amount: '1000000000000000',
        amount_refunded: '0',
        currency: 'NGN',
        description: 'Jollof rice x2',
        status: 'requires_authentication',
        method: null,
        service_fee: null,
        succeeded_at: null,
        canceled_at: null,
        cancellation_reason: null,
        last_error: null,
        next_action: null,
      });
      expect(pi.metadata).to.deep.equal({ order_id: 'ord_1', nested: { a: [1, 2] } });
      expect(pi.customer).to.deep.equal({ email: 'Ada@Example.com', phone: '+2348012345678' });
      expect(pi.created_at).to.match(ISO_MS);
      expect(pi.expires_at).to.match(ISO_MS);
      expect(Date.parse(pi.expires_at) - Date.parse(pi.created_at)).to.equal(86_400_000);
      expect(res.headers.get('x-request-id')).to.match(/^req_[0-9A-Za-z]{24}$/);
      expect(res.headers.get('idempotent-replayed')).to.equal(null);
    });

    it('fills defaults: empty description, empty metadata, no customer', async () => {
      const res = await create(shop.testKey, { amount: 1, currency: 'NGN' });
      expect(res.status).to.equal(201);
      expect(res.body).to.include({ amount: '1', description: '', customer: null });
      expect(res.body.metadata).to.deep.equal({});
    });

    it('creates live intents with a live key', async () => {
      const res = await create(shop.liveKey);
      expect(res.status).to.equal(201);
      expect(res.body.livemode).to.equal(true);
    });
  });

  describe('retrieve', () => {
    it('returns the intent without its client secret', async () => {
      const created = (await create(shop.testKey)).body;
      const res = await svc.request('GET', `/v1/payment_intents/${created.id}`, { key: shop.testKey });
      expect(res.status).to.equal(200);
      expect(res.body).to.not.have.property('client_secret');
      expect(res.body).to.not.have.property('payment_url');
      const { client_secret: _secret, payment_url: _url, ...rest } = created;
      expect(res.body).to.deep.equal(rest);
    });

    it("is 404 resource_missing for the other mode's intent and for another merchant's", async () => {
      const live = (await create(shop.liveKey)).body;
      const test = (await create(shop.testKey)).body;
      for (const [key, id] of [
        [shop.testKey, live.id],
        [shop.liveKey, test.id],
        [other.testKey, test.id],
        [shop.testKey, 'pi_000000000000000000000000'],
      ]) {
        const res = await svc.request('GET', `/v1/payment_intents/${id}`, { key });
        expect(res.status, `${key.slice(0, 8)} reading ${id}`).to.equal(404);
        expect(res.body.error).to.include({ code: 'resource_missing', request_id: res.headers.get('x-request-id') });
      }
    });

    it('answers an id that cannot exist (malformed) as one that does not: 404 resource_missing naming the id', async () => {
      for (const [id, shown] of [
        ['not-an-id', "'not-an-id'"],
        ['pi_short', "'pi_short'"],
        ['re_000000000000000000000000', "'re_000000000000000000000000'"],
        ['pi_000000000000000000000000_secret_000000000000000000000000', '(an id of another shape)'],
        ['%E2%82%A6', '(an id of another shape)'],
      ]) {
        const res = await svc.request('GET', `/v1/payment_intents/${id}`, { key: shop.testKey });
        expect(res.status, id).to.equal(404);
        expect(res.body.error).to.include({ code: 'resource_missing', param: 'id' });
        expect(res.body.error.message).to.equal(`No such payment_intent: ${shown}.`);
      }
      const refund = await svc.request('GET', '/v1/refunds/pi_000000000000000000000000', { key: shop.testKey });
      expect(refund.status).to.equal(404);
      expect(refund.body.error.message).to.equal("No such refund: 'pi_000000000000000000000000'.");
    });
  });

  describe('cancel', () => {
    it('cancels an open intent, then returns it unchanged on a second cancel', async () => {
      const created = (await create(shop.testKey)).body;
      const first = await svc.request('POST', `/v1/payment_intents/${created.id}/cancel`, { key: shop.testKey });
      expect(first.status).to.equal(200);
      expect(first.body).to.include({ status: 'canceled', cancellation_reason: 'requested_by_merchant' });
      expect(first.body.canceled_at).to.match(ISO_MS);
      expect(first.body).to.not.have.property('client_secret');
      const second = await svc.request('POST', `/v1/payment_intents/${created.id}/cancel`, { key: shop.testKey });
      expect(second.status).to.equal(200);
      expect(second.body).to.deep.equal(first.body);
    });

    for (const status of ['processing', 'succeeded'] as const) {
      it(`refuses to cancel a ${status} intent with 400 payment_intent_unexpected_state and leaves it ${status}`, async () => {
        const created = (await create(shop.testKey)).body;
        // Paying arrives with the payment sheet; until then the state is set directly.
        await svc.service.orm.em.fork().execute('update payment_intents set status = ? where id = ?', [status, created.id]);
        const res = await svc.request('POST', `/v1/payment_intents/${created.id}/cancel`, { key: shop.testKey });
        expect(res.status).to.equal(400);
        expect(res.body.error.code).to.equal('payment_intent_unexpected_state');
        expect(res.body.error.message).to.match(/refund/);
        const after = await svc.request('GET', `/v1/payment_intents/${created.id}`, { key: shop.testKey });
        expect(after.body.status).to.equal(status);
      });
    }

    it("is 404 for another merchant's intent and leaves it open", async () => {
      const created = (await create(shop.testKey)).body;
      const res = await svc.request('POST', `/v1/payment_intents/${created.id}/cancel`, { key: other.testKey });
      expect(res.status).to.equal(404);
      const after = await svc.request('GET', `/v1/payment_intents/${created.id}`, { key: shop.testKey });
      expect(after.body.status).to.equal('requires_authentication');
    });
  });

  describe('list', () => {
    let lister: TestMerchant;
    const ids: string[] = [];
    before(async () => {
      lister = await svc.createMerchant('Lister');
      for (let i = 0; i < 7; i++) ids.unshift((await create(lister.testKey, { amount: 100 + i, currency: 'NGN' })).body.id);
      await create(lister.liveKey);
    });

    it('lists newest first, ten by default, only the caller mode', async () => {
      const res = await svc.request('GET', '/v1/payment_intents', { key: lister.testKey });
      expect(res.status).to.equal(200);
      expect(res.body.object).to.equal('list');
      expect(res.body.has_more).to.equal(false);
      expect(res.body.data.map((pi: { id: string }) => pi.id)).to.deep.equal(ids);
      expect(res.body.data.every((pi: object) => !('client_secret' in pi))).to.equal(true);
    });

    it('pages forwards with starting_after and back with ending_before', async () => {
      const page1 = await svc.request('GET', '/v1/payment_intents?limit=3', { key: lister.testKey });
      expect(page1.body.data.map((pi: { id: string }) => pi.id)).to.deep.equal(ids.slice(0, 3));
      expect(page1.body.has_more).to.equal(true);
      const page2 = await svc.request('GET', `/v1/payment_intents?limit=3&starting_after=${ids[2]}`, { key: lister.testKey });
      expect(page2.body.data.map((pi: { id: string }) => pi.id)).to.deep.equal(ids.slice(3, 6));
      expect(page2.body.has_more).to.equal(true);
      const page3 = await svc.request('GET', `/v1/payment_intents?limit=3&starting_after=${ids[5]}`, { key: lister.testKey });
      expect(page3.body.data.map((pi: { id: string }) => pi.id)).to.deep.equal(ids.slice(6));
      expect(page3.body.has_more).to.equal(false);
      const back = await svc.request('GET', `/v1/payment_intents?limit=2&ending_before=${ids[3]}`, { key: lister.testKey });
      expect(back.body.data.map((pi: { id: string }) => pi.id)).to.deep.equal(ids.slice(1, 3));
      expect(back.body.has_more).to.equal(true);
    });

    it('filters by status', async () => {
      await svc.request('POST', `/v1/payment_intents/${ids[0]}/cancel`, { key: lister.testKey });
      const res = await svc.request('GET', '/v1/payment_intents?status=canceled', { key: lister.testKey });
      expect(res.body.data.map((pi: { id: string }) => pi.id)).to.deep.equal([ids[0]]);
    });

    it('refuses a bad limit, an unknown parameter and a cursor from elsewhere', async () => {
      for (const [query, param] of [
        ['limit=0', 'limit'],
        ['limit=101', 'limit'],
        ['limit=ten', 'limit'],
        ['colour=red', 'colour'],
      ]) {
        const res = await svc.request('GET', `/v1/payment_intents?${query}`, { key: lister.testKey });
        expect(res.status, query).to.equal(400);
        expect(res.body.error).to.include({ code: 'invalid_request', param });
      }
      const foreign = (await create(other.testKey)).body.id;
      const res = await svc.request('GET', `/v1/payment_intents?starting_after=${foreign}`, { key: lister.testKey });
      expect(res.status).to.equal(400);
      expect(res.body.error).to.include({ code: 'invalid_request', param: 'starting_after' });
    });
  });
});

describe('payment sheet links', () => {
  it('builds payment_url from PUBLIC_BASE_URL when the service sits behind another address', async () => {
    const svc = await startTestService('payment_url', { PUBLIC_BASE_URL: 'https://pay.example.com/' });
    try {
      const shop = await svc.createMerchant();
      const res = await svc.request('POST', '/v1/payment_intents', { key: shop.testKey, body: { amount: 100, currency: 'NGN' } });
      expect(res.body.payment_url).to.equal(`https://pay.example.com/pay/${res.body.client_secret}`);
    } finally {
      await svc.stop();
    }
  });
});
