import { expect } from 'chai';
import { idempotencyLockId, runIdempotently } from '../../server/src/domain/idempotency.ts';
import { paidIntent } from '../support/payments.ts';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';

describe('idempotency keys', () => {
  let svc: TestService;
  let shop: TestMerchant;

  before(async () => {
    svc = await startTestService('idempotency');
    shop = await svc.createMerchant();
  });
  after(() => svc.stop());

  const intentCount = async (merchantId: string): Promise<number> => {
    const [row] = await svc.service.orm.em
      .fork()
      .execute<{ n: string }[]>('select count(*) as n from payment_intents where merchant_id = ?', [merchantId]);
    return Number(row!.n);
  };
  const create = (key: string, idempotencyKey: string, body: Record<string, unknown>) =>
    svc.request('POST', '/v1/payment_intents', { key, body, headers: { 'Idempotency-Key': idempotencyKey } });

  it('replays the first answer (status, body, client secret) and creates nothing new', async () => {
    const merchant = await svc.createMerchant('Replay');
    const body = { amount: 420000, currency: 'NGN', description: 'Order 17' };
    const first = await create(merchant.testKey, 'order-17', body);
    const again = await create(merchant.testKey, 'order-17', body);
    expect(first.status).to.equal(201);
    expect(again.status).to.equal(201);
    expect(again.text).to.equal(first.text);
    expect(again.body.client_secret).to.equal(first.body.client_secret);
    expect(again.headers.get('idempotent-replayed')).to.equal('true');
    expect(first.headers.get('idempotent-replayed')).to.equal(null);
    expect(again.headers.get('x-request-id')).to.not.equal(first.headers.get('x-request-id'));
    expect(await intentCount(merchant.id)).to.equal(1);
  });

  it('replays the first answer even after the intent has changed', async () => {
    const first = await create(shop.testKey, 'changes-later', { amount: 1000, currency: 'NGN' });
    await svc.request('POST', `/v1/payment_intents/${first.body.id}/cancel`, { key: shop.testKey });
    const again = await create(shop.testKey, 'changes-later', { amount: 1000, currency: 'NGN' });
    expect(again.body).to.deep.equal(first.body);
  });

  it('refuses the same key with any other parameter, naming the first that differs, and creates nothing', async () => {
    const merchant = await svc.createMerchant('Strict keys');
    const body = { amount: 1000, currency: 'NGN', description: 'Order 5', metadata: { order_id: '5', lines: [1, 2] }, customer: { email: 'ada@example.com' } };
    expect((await create(merchant.testKey, 'strict', body)).status).to.equal(201);
    const variants: [Record<string, unknown>, string][] = [
      [{ ...body, amount: 2000 }, 'amount'],
      [{ ...body, description: 'Order 6' }, 'description'],
      [{ ...body, metadata: { order_id: '6', lines: [1, 2] } }, 'metadata.order_id'],
      [{ ...body, metadata: { order_id: '5', lines: [1, 3] } }, 'metadata.lines.1'],
      [{ ...body, metadata: { order_id: '5', lines: [1, 2], extra: true } }, 'metadata.extra'],
      [{ ...body, customer: { email: 'bola@example.com' } }, 'customer.email'],
      [{ ...body, customer: { email: 'ada@example.com', phone: '+2348031234567' } }, 'customer.phone'],
      [{ amount: 1000, currency: 'NGN', metadata: body.metadata, customer: body.customer }, 'description'],
    ];
    for (const [variant, differs] of variants) {
      const res = await create(merchant.testKey, 'strict', variant);
      expect(res.status, differs).to.equal(400);
      expect(res.body.error, differs).to.include({ code: 'invalid_request', param: 'Idempotency-Key' });
      expect(res.body.error.message, differs).to.include(`different ${differs}`);
    }
    expect(await intentCount(merchant.id)).to.equal(1);
  });

  it('tells a __proto__ key from no key at all', async () => {
    const merchant = await svc.createMerchant('Proto');
    const first = await svc.request('POST', '/v1/payment_intents', {
      key: merchant.testKey,
      rawBody: '{"amount":1000,"currency":"NGN","metadata":{"a":"b"}}',
      headers: { 'Idempotency-Key': 'proto' },
    });
    expect(first.status).to.equal(201);
    const again = await svc.request('POST', '/v1/payment_intents', {
      key: merchant.testKey,
      rawBody: '{"amount":1000,"currency":"NGN","metadata":{"a":"b","__proto__":{}}}',
      headers: { 'Idempotency-Key': 'proto' },
    });
    expect(again.status, again.text).to.equal(400);
    expect(again.body.error.message).to.include('different metadata.__proto__');
  });

  it('replays the same request however its JSON is laid out (key order, spacing)', async () => {
    const merchant = await svc.createMerchant('Layout');
    const first = await svc.request('POST', '/v1/payment_intents', {
      key: merchant.testKey,
      rawBody: '{"amount":1000,"currency":"NGN","metadata":{"a":1,"b":2}}',
      headers: { 'Idempotency-Key': 'layout' },
    });
    const again = await svc.request('POST', '/v1/payment_intents', {
      key: merchant.testKey,
      rawBody: '{ "metadata": { "b": 2, "a": 1 },\n "currency": "NGN", "amount": 1000 }',
      headers: { 'Idempotency-Key': 'layout' },
    });
    expect(again.status, again.text).to.equal(201);
    expect(again.headers.get('idempotent-replayed')).to.equal('true');
    expect(again.body.id).to.equal(first.body.id);
  });

  it('takes a refund retried with the omitted amount written in as the same request, and no other amount', async () => {
    const merchant = await svc.createMerchant('Refund retries');
    await svc.request('POST', '/v1/test_helpers/top_up', { key: merchant.testKey, body: { amount: 1_000_000 } });
    const paid = await paidIntent(svc, merchant, 300_000);
    const refund = (body: Record<string, unknown>, key: string) =>
      svc.request('POST', '/v1/refunds', { key: merchant.testKey, body, headers: { 'Idempotency-Key': key } });
    const first = await refund({ payment_intent: paid.id }, 'refund-rest');
    expect(first.status, first.text).to.equal(201);
    expect(first.body.amount).to.equal('300000');
    const writtenIn = await refund({ payment_intent: paid.id, amount: 300_000 }, 'refund-rest');
    expect(writtenIn.status, writtenIn.text).to.equal(201);
    expect(writtenIn.headers.get('idempotent-replayed')).to.equal('true');
    expect(writtenIn.body.id).to.equal(first.body.id);
    const omittedAgain = await refund({ payment_intent: paid.id }, 'refund-rest');
    expect(omittedAgain.body.id).to.equal(first.body.id);
    const other = await refund({ payment_intent: paid.id, amount: 100 }, 'refund-rest');
    expect(other.status).to.equal(400);
    expect(other.body.error.message).to.include('different amount');

    // A refund first sent with an amount is not the same request as one that leaves it out.
    const second = await paidIntent(svc, merchant, 300_000);
    expect((await refund({ payment_intent: second.id, amount: 1000 }, 'refund-part')).status).to.equal(201);
    const omitted = await refund({ payment_intent: second.id }, 'refund-part');
    expect(omitted.status).to.equal(400);
    expect(omitted.body.error.message).to.include('different amount');
  });

  it('scopes keys to the merchant and the mode', async () => {
    const a = await create(shop.testKey, 'shared-key', { amount: 1000, currency: 'NGN' });
    const live = await create(shop.liveKey, 'shared-key', { amount: 1000, currency: 'NGN' });
    const other = await svc.createMerchant('Other');
    const b = await create(other.testKey, 'shared-key', { amount: 1000, currency: 'NGN' });
    expect(new Set([a.body.id, live.body.id, b.body.id]).size).to.equal(3);
    expect(live.headers.get('idempotent-replayed')).to.equal(null);
    expect(b.headers.get('idempotent-replayed')).to.equal(null);
  });

  it('remembers only successful answers, so a failed request can be retried with its key', async () => {
    const bad = await create(shop.testKey, 'retry-after-fix', { amount: 1000, currency: 'NGN', metadata: { x: 'y'.repeat(17_000) } });
    expect(bad.status).to.equal(400);
    const fixed = await create(shop.testKey, 'retry-after-fix', { amount: 1000, currency: 'NGN' });
    expect(fixed.status).to.equal(201);
    expect(fixed.headers.get('idempotent-replayed')).to.equal(null);
  });

  it('forgets a key after 24 hours', async () => {
    const merchant = await svc.createMerchant('Old keys');
    const first = await create(merchant.testKey, 'yesterday', { amount: 1000, currency: 'NGN' });
    await svc.service.orm.em
      .fork()
      .execute("update idempotency_keys set created_at = now() - interval '24 hours 1 second' where key = 'yesterday'");
    const again = await create(merchant.testKey, 'yesterday', { amount: 5000, currency: 'NGN' });
    expect(again.status).to.equal(201);
    expect(again.body.id).to.not.equal(first.body.id);
    expect(await intentCount(merchant.id)).to.equal(2);
  });

  it('refuses a key first used on another operation', async () => {
    const caller = { merchant: { id: shop.id, name: shop.name, logo_url: null }, livemode: false };
    await create(shop.testKey, 'used-for-intent', { amount: 1000, currency: 'NGN' });
    // The second create-style operation (refunds) arrives later; the rule is the domain's.
    const attempt = runIdempotently(
      svc.service.orm.em.fork(),
      caller,
      { key: 'used-for-intent', operation: 'createRefund', params: {} },
      async () => ({ status: 201, body: '{}' }),
    );
    const error = await attempt.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).to.include({ code: 'invalid_request', param: 'Idempotency-Key' });
  });

  it('creates exactly one intent when 20 requests race with one key', async () => {
    const merchant = await svc.createMerchant('Racer');
    const body = { amount: 777_700, currency: 'NGN' };
    const answers = await Promise.all(Array.from({ length: 20 }, () => create(merchant.testKey, 'race-1', body)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 201 || s === 409), statuses.join(',')).to.equal(true);
    const created = answers.filter((a) => a.status === 201);
    expect(created.length).to.be.greaterThan(0);
    expect(new Set(created.map((a) => a.body.id)).size).to.equal(1);
    for (const conflict of answers.filter((a) => a.status === 409)) {
      expect(conflict.body.error).to.include({ code: 'idempotency_key_in_use', param: 'Idempotency-Key' });
    }
    expect(await intentCount(merchant.id)).to.equal(1);
    // After the race the key simply replays.
    const later = await create(merchant.testKey, 'race-1', body);
    expect(later.body.id).to.equal(created[0]!.body.id);
  });

  it('answers 409 idempotency_key_in_use on every create while another request holds the key, and creates nothing', async () => {
    const merchant = await svc.createMerchant('Held keys');
    await svc.request('POST', '/v1/test_helpers/top_up', { key: merchant.testKey, body: { amount: 1_000_000 } });
    const paid = await paidIntent(svc, merchant);
    const caller = { merchant: { id: merchant.id, name: merchant.name, logo_url: null }, livemode: false };
    const requests: [string, string, Record<string, unknown>][] = [
      ['createPaymentIntent', '/v1/payment_intents', { amount: 1000, currency: 'NGN' }],
      ['topUpBalance', '/v1/test_helpers/top_up', { amount: 1000 }],
      ['createRefund', '/v1/refunds', { payment_intent: paid.id, amount: 1000 }],
    ];
    for (const [operation, path, body] of requests) {
      const key = `held-${operation}`;
      // Another request with this key is "in flight": its transaction holds the key's lock.
      await svc.service.orm.em.fork().transactional(async (tx) => {
        await tx.execute('select pg_advisory_xact_lock(?)', [idempotencyLockId(caller, key)]);
        const res = await svc.request('POST', path, { key: merchant.testKey, body, headers: { 'Idempotency-Key': key } });
        expect(res.status, operation).to.equal(409);
        expect(res.body.error).to.include({ code: 'idempotency_key_in_use', param: 'Idempotency-Key' });
      });
      const after = await svc.request('POST', path, { key: merchant.testKey, body, headers: { 'Idempotency-Key': key } });
      expect([200, 201], operation).to.include(after.status);
      expect(after.headers.get('idempotent-replayed'), operation).to.equal(null);
    }
  });
});
