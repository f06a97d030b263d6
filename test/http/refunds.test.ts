import { expect } from 'chai';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';
import { balance, confirm, createIntent, events, paidIntent } from '../support/payments.ts';

describe('refunds', () => {
  let svc: TestService;
  let shop: TestMerchant;

  before(async () => {
    svc = await startTestService('refunds');
    shop = await svc.createMerchant();
  });
  after(() => svc.stop());

  const refund = (body: Record<string, unknown>, key = shop.testKey, headers?: Record<string, string>) =>
    svc.request('POST', '/v1/refunds', { key, body, headers });
  const customerBalance = async (email: string, livemode = false): Promise<bigint> => {
    const [row] = await svc.service.orm.em
      .fork()
      .execute<{ balance: string }[]>("select balance from ledger_accounts where kind = 'customer' and customer_email = ? and livemode = ?", [
        email,
        livemode,
      ]);
    return BigInt(row?.balance ?? 0);
  };

  it('refunds part of a payment from the merchant balance to the customer, at once', async () => {
    const intent = await paidIntent(svc, shop, 250_000, 'Chi@Example.com');
    const merchantBefore = await balance(svc, shop.testKey);
    const res = await refund({ payment_intent: intent.id, amount: 100_000 });
    expect(res.status).to.equal(201);
    expect(res.body.id).to.match(/^re_[0-9A-Za-z]{24}$/);
    expect(res.body).to.include({ livemode: false, payment_intent: intent.id, amount: '100000', status: 'succeeded' });
    expect(res.body.created_at).to.match(/Z$/);
    expect(merchantBefore - (await balance(svc, shop.testKey))).to.equal(100_000n);
    expect(await customerBalance('chi@example.com')).to.equal(100_000n);
    const pi = (await svc.request('GET', `/v1/payment_intents/${intent.id}`, { key: shop.testKey })).body;
    expect(pi.amount_refunded).to.equal('100000');
    const recorded = (await events(svc, intent.id)).filter((e) => e.type === 'refund.succeeded');
    expect(recorded.map((e) => e.payload.data)).to.deep.equal([{ id: res.body.id, payment_intent: intent.id, amount: '100000' }]);
  });

  it('refunds the whole remainder when no amount is given, then refuses anything more', async () => {
    const intent = await paidIntent(svc, shop, 300_000);
    await refund({ payment_intent: intent.id, amount: 50_000 });
    const rest = await refund({ payment_intent: intent.id });
    expect(rest.status).to.equal(201);
    expect(rest.body.amount).to.equal('250000');
    const more = await refund({ payment_intent: intent.id, amount: 1 });
    expect(more.status).to.equal(400);
    expect(more.body.error).to.include({ code: 'invalid_request', param: 'payment_intent' });
    expect(more.body.error.message).to.match(/refunded in full/);
  });

  it('refuses an amount above what is left, and moves nothing', async () => {
    const intent = await paidIntent(svc, shop, 200_000);
    await refund({ payment_intent: intent.id, amount: 150_000 });
    const before = await balance(svc, shop.testKey);
    const res = await refund({ payment_intent: intent.id, amount: 50_001 });
    expect(res.status).to.equal(400);
    expect(res.body.error).to.include({ code: 'invalid_request', param: 'amount' });
    expect(await balance(svc, shop.testKey)).to.equal(before);
  });

  it('refuses to refund a payment that has not succeeded', async () => {
    const open = await createIntent(svc, shop.testKey);
    const res = await refund({ payment_intent: open.id });
    expect(res.status).to.equal(400);
    expect(res.body.error).to.include({ code: 'invalid_request', param: 'payment_intent' });
    expect(res.body.error.message).to.match(/not succeeded/);
  });

  it("is 404 for another merchant's or the other mode's payment", async () => {
    const other = await svc.createMerchant('Other');
    const theirs = await paidIntent(svc, other);
    const mine = await paidIntent(svc, shop);
    for (const [key, id] of [
      [shop.testKey, theirs.id],
      [shop.liveKey, mine.id],
    ]) {
      const res = await refund({ payment_intent: id }, key);
      expect(res.status).to.equal(404);
      expect(res.body.error).to.include({ code: 'resource_missing', param: 'payment_intent' });
    }
  });

  it('refuses with 409 insufficient_balance when the balance cannot cover it, and moves nothing', async () => {
    const merchant = await svc.createMerchant('Thin margins');
    const intent = await paidIntent(svc, merchant, 250_000); // credits 236250 after the fee
    const res = await refund({ payment_intent: intent.id }, merchant.testKey);
    expect(res.status).to.equal(409);
    expect(res.body.error.code).to.equal('insufficient_balance');
    expect(await balance(svc, merchant.testKey)).to.equal(236_250n);
    const pi = (await svc.request('GET', `/v1/payment_intents/${intent.id}`, { key: merchant.testKey })).body;
    expect(pi.amount_refunded).to.equal('0');
    expect((await events(svc, intent.id)).map((e) => e.type)).to.deep.equal(['payment_intent.succeeded']);
    // A top-up makes it possible.
    await svc.request('POST', '/v1/test_helpers/top_up', { key: merchant.testKey, body: { amount: 13_750 } });
    expect((await refund({ payment_intent: intent.id }, merchant.testKey)).status).to.equal(201);
    expect(await balance(svc, merchant.testKey)).to.equal(0n);
  });

  it('replays a refund sent again with its Idempotency-Key, and refuses the key with other money fields', async () => {
    const intent = await paidIntent(svc, shop, 400_000);
    const headers = { 'Idempotency-Key': `refund-${intent.id}` };
    const first = await refund({ payment_intent: intent.id, amount: 10_000 }, shop.testKey, headers);
    const again = await refund({ payment_intent: intent.id, amount: 10_000 }, shop.testKey, headers);
    expect(again.status).to.equal(201);
    expect(again.body).to.deep.equal(first.body);
    expect(again.headers.get('idempotent-replayed')).to.equal('true');
    const pi = (await svc.request('GET', `/v1/payment_intents/${intent.id}`, { key: shop.testKey })).body;
    expect(pi.amount_refunded).to.equal('10000');
    const changed = await refund({ payment_intent: intent.id, amount: 20_000 }, shop.testKey, headers);
    expect(changed.status).to.equal(400);
    expect(changed.body.error.param).to.equal('Idempotency-Key');
    const onIntents = await svc.request('POST', '/v1/payment_intents', { key: shop.testKey, body: { amount: 10_000, currency: 'NGN' }, headers });
    expect(onIntents.status).to.equal(400);
    expect(onIntents.body.error.message).to.match(/another endpoint/);
  });

  it('retrieves and lists refunds, newest first, filtered by payment intent and paged', async () => {
    const merchant = await svc.createMerchant('Lister');
    await svc.request('POST', '/v1/test_helpers/top_up', { key: merchant.testKey, body: { amount: 1_000_000 } });
    const a = await paidIntent(svc, merchant, 300_000);
    const b = await paidIntent(svc, merchant, 300_000);
    const ids: string[] = [];
    for (const [intent, amount] of [
      [a, 1000],
      [b, 2000],
      [a, 3000],
    ] as const) {
      ids.unshift((await refund({ payment_intent: intent.id, amount }, merchant.testKey)).body.id);
    }
    const all = await svc.request('GET', '/v1/refunds', { key: merchant.testKey });
    expect(all.body.data.map((r: { id: string }) => r.id)).to.deep.equal(ids);
    const ofA = await svc.request('GET', `/v1/refunds?payment_intent=${a.id}`, { key: merchant.testKey });
    expect(ofA.body.data.map((r: { amount: string }) => r.amount)).to.deep.equal(['3000', '1000']);
    const page = await svc.request('GET', `/v1/refunds?limit=1&starting_after=${ids[0]}`, { key: merchant.testKey });
    expect(page.body.data.map((r: { id: string }) => r.id)).to.deep.equal([ids[1]]);
    expect(page.body.has_more).to.equal(true);
    const one = await svc.request('GET', `/v1/refunds/${ids[2]}`, { key: merchant.testKey });
    expect(one.body).to.include({ id: ids[2], payment_intent: a.id, amount: '1000' });
    expect((await svc.request('GET', `/v1/refunds/${ids[2]}`, { key: shop.testKey })).status).to.equal(404);
    expect((await svc.request('GET', `/v1/refunds/${ids[2]}`, { key: merchant.liveKey })).status).to.equal(404);
    expect((await svc.request('GET', '/v1/refunds/re_bad', { key: merchant.testKey })).status).to.equal(404);
    for (const query of ['limit=0', 'payment_intent=nope', `starting_after=${a.id}`]) {
      const bad = await svc.request('GET', `/v1/refunds?${query}`, { key: merchant.testKey });
      expect(bad.status, query).to.equal(400);
      expect(bad.body.error.code).to.equal('invalid_request');
    }
  });

  it('refuses bad refund requests with 400 naming the field', async () => {
    for (const [body, param] of [
      [{}, 'payment_intent'],
      [{ payment_intent: 'pi_nope' }, 'payment_intent'],
      [{ payment_intent: 'pi_000000000000000000000000', amount: 0 }, 'amount'],
      [{ payment_intent: 'pi_000000000000000000000000', amount: '100' }, 'amount'],
      [{ payment_intent: 'pi_000000000000000000000000', reason: 'x' }, 'reason'],
    ] as const) {
      const res = await refund(body);
      expect(res.status, JSON.stringify(body)).to.equal(400);
      expect(res.body.error).to.include({ code: 'invalid_request', param });
    }
  });

  it('refunds a live payment from the live balance only', async () => {
    const intent = await paidIntent(svc, shop, 500_000, 'live@example.com', true);
    const testBefore = await balance(svc, shop.testKey);
    const res = await refund({ payment_intent: intent.id, amount: 1000 }, shop.liveKey);
    expect(res.body.livemode).to.equal(true);
    expect(await balance(svc, shop.testKey)).to.equal(testBefore);
    expect(await customerBalance('live@example.com', true)).to.equal(1000n);
  });

  it('confirms are untouched by refunds: the sheet cannot pay a refunded intent again', async () => {
    const intent = await paidIntent(svc, shop, 250_000);
    await svc.request('POST', '/v1/test_helpers/top_up', { key: shop.testKey, body: { amount: 250_000 } });
    await refund({ payment_intent: intent.id });
    const res = await confirm(svc, intent);
    expect(res.body.error.code).to.equal('payment_intent_unexpected_state');
  });
});
