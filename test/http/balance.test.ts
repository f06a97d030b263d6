import { expect } from 'chai';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';

describe('balance and test top-ups', () => {
  let svc: TestService;
  let shop: TestMerchant;
  before(async () => {
    svc = await startTestService('balance');
    shop = await svc.createMerchant();
  });
  after(() => svc.stop());

  const topUp = (amount: unknown, key = shop.testKey, headers?: Record<string, string>) =>
    svc.request('POST', '/v1/test_helpers/top_up', { key, body: { amount }, headers });

  it('starts at zero in each mode', async () => {
    const test = await svc.request('GET', '/v1/balance', { key: shop.testKey });
    expect(test.status).to.equal(200);
    expect(test.body).to.deep.equal({ livemode: false, currency: 'NGN', available: '0', pending: '0', in_transit: '0' });
    const live = await svc.request('GET', '/v1/balance', { key: shop.liveKey });
    expect(live.body).to.deep.equal({ livemode: true, currency: 'NGN', available: '0', pending: '0', in_transit: '0' });
  });

  it('adds test funds and answers with the new balance; the live balance is untouched', async () => {
    const res = await topUp(1_000_000_000_000_000);
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal({ livemode: false, currency: 'NGN', available: '1000000000000000', pending: '0', in_transit: '0' });
    const again = await topUp(5);
    expect(again.body.available).to.equal('1000000000000005');
    expect((await svc.request('GET', '/v1/balance', { key: shop.liveKey })).body.available).to.equal('0');
  });

  it('does not exist in live mode', async () => {
    const res = await topUp(100, shop.liveKey);
    expect(res.status).to.equal(404);
    expect(res.body.error.code).to.equal('resource_missing');
    expect((await svc.request('GET', '/v1/balance', { key: shop.liveKey })).body.available).to.equal('0');
  });

  it('refuses bad amounts', async () => {
    for (const amount of [0, -1, 1.5, '100', 1_000_000_000_000_001]) {
      const res = await topUp(amount);
      expect(res.status, String(amount)).to.equal(400);
      expect(res.body.error.param).to.equal('amount');
    }
  });

  it('refuses, with 400 and nothing moved, a top-up that would take a ledger balance out of range', async () => {
    const merchant = await svc.createMerchant('Near the edge');
    await topUp(1000, merchant.testKey);
    // The merchant's card-network account has paid out nearly all a bigint can hold.
    await svc.service.orm.em
      .fork()
      .execute("update ledger_accounts set balance = -9223372036854775000 where kind = 'card_network' and merchant_id = ?", [merchant.id]);
    const res = await topUp(1_000_000_000_000_000, merchant.testKey);
    expect(res.status).to.equal(400);
    expect(res.body.error).to.include({ code: 'invalid_request', param: 'amount' });
    expect((await svc.request('GET', '/v1/balance', { key: merchant.testKey })).body.available).to.equal('1000');
    await svc.service.orm.em.fork().execute("update ledger_accounts set balance = -1000 where kind = 'card_network' and merchant_id = ?", [merchant.id]);
    // Other merchants were never affected: each has its own card-network account.
    expect((await topUp(1_000_000_000_000_000)).status).to.equal(200);
  });

  it('moves money once per Idempotency-Key, even when 10 requests race', async () => {
    const merchant = await svc.createMerchant('Top-up racer');
    const headers = { 'Idempotency-Key': 'topup-1' };
    const answers = await Promise.all(Array.from({ length: 10 }, () => topUp(700, merchant.testKey, headers)));
    expect(answers.every((a) => a.status === 200 || a.status === 409)).to.equal(true);
    for (const conflict of answers.filter((a) => a.status === 409)) expect(conflict.body.error.code).to.equal('idempotency_key_in_use');
    expect((await svc.request('GET', '/v1/balance', { key: merchant.testKey })).body.available).to.equal('700');
  });
});
