import { expect } from 'chai';
import { API_VERSION, VERSION } from '../../sdk/src/index.ts';
import { apiError, client, intent, KEY, useNock } from './support/nock.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('sdk: requests', () => {
  const { api, seen } = useNock();

  it('creates an intent with the key, a JSON body, a User-Agent, its Nairaflow-Version and a fresh UUID v4 Idempotency-Key', async () => {
    api().post('/v1/payment_intents').reply(201, intent('pi_1', { client_secret: 'pi_1_secret_x' })).post('/v1/payment_intents').reply(201, intent('pi_2', { client_secret: 'pi_2_secret_x' }));
    const nf = client();
    const created = await nf.paymentIntents.create({ amount: 250000, currency: 'NGN', description: 'Jollof', customer: { email: 'ada@example.com' }, metadata: { order_id: '1001' } });
    await nf.paymentIntents.create({ amount: 100, currency: 'NGN' });

    expect(created).to.include({ id: 'pi_1', client_secret: 'pi_1_secret_x', amount: '250000' });
    const [first, second] = seen;
    expect(first!.headers).to.include({ authorization: `Bearer ${KEY}`, 'content-type': 'application/json' });
    expect(first!.headers['user-agent']).to.match(new RegExp(`^nairaflow-node/${VERSION.replace(/\./g, '\\.')}( |$)`));
    // The API version it was written against, the contract's (openapi.yaml info.version).
    expect(API_VERSION).to.equal('2026-11-27');
    expect(first!.headers['nairaflow-version']).to.equal(API_VERSION);
    expect(second!.headers['nairaflow-version']).to.equal(API_VERSION);
    expect(JSON.parse(first!.body)).to.deep.equal({ amount: 250000, currency: 'NGN', description: 'Jollof', customer: { email: 'ada@example.com' }, metadata: { order_id: '1001' } });
    expect(first!.headers['idempotency-key']).to.match(UUID_V4);
    expect(second!.headers['idempotency-key']).to.match(UUID_V4).and.not.equal(first!.headers['idempotency-key']);
  });

  it('sends the caller’s own Idempotency-Key when given one', async () => {
    api().post('/v1/refunds').reply(201, { id: 're_1', livemode: false, payment_intent: 'pi_1', amount: '500', status: 'succeeded', created_at: '2026-01-01T12:00:00.000Z' });
    await client().refunds.create({ payment_intent: 'pi_1', amount: 500 }, { idempotencyKey: 'refund-order-1001' });
    expect(seen[0]!.headers['idempotency-key']).to.equal('refund-order-1001');
    expect(JSON.parse(seen[0]!.body)).to.deep.equal({ payment_intent: 'pi_1', amount: 500 });
  });

  it('refunds in full when no amount is given (no amount key on the wire)', async () => {
    api().post('/v1/refunds').reply(201, { id: 're_1', livemode: false, payment_intent: 'pi_1', amount: '250000', status: 'succeeded', created_at: '2026-01-01T12:00:00.000Z' });
    await client().refunds.create({ payment_intent: 'pi_1' });
    expect(JSON.parse(seen[0]!.body)).to.deep.equal({ payment_intent: 'pi_1' });
  });

  it('maps every other operation to its method, path, query and body', async () => {
    const refund = { id: 're_1', livemode: false, payment_intent: 'pi_1', amount: '1', status: 'succeeded', created_at: '2026-01-01T12:00:00.000Z' };
    const endpoint = { id: 'we_1', livemode: false, url: 'https://shop.example/hooks', created_at: 'x', updated_at: 'x', previous_secret_expires_at: null };
    const event = { id: 'evt_1', type: 'webhook.test', created: 1, livemode: false, data: { test: true }, delivery_status: 'pending', attempts: 0, next_attempt_at: null };
    const list = (data: unknown[]) => ({ object: 'list', data, has_more: false });
    api()
      .get('/v1/payment_intents/pi_1').reply(200, intent('pi_1'))
      .post('/v1/payment_intents/pi_1/cancel').reply(200, intent('pi_1', { status: 'canceled' }))
      .get('/v1/payment_intents').query({ limit: '3', status: 'succeeded' }).reply(200, list([]))
      .get('/v1/refunds/re_1').reply(200, refund)
      .get('/v1/refunds').query({ payment_intent: 'pi_1' }).reply(200, list([refund]))
      .get('/v1/balance').reply(200, { livemode: false, currency: 'NGN', available: '123400' })
      .post('/v1/test_helpers/top_up').reply(200, { livemode: false, currency: 'NGN', available: '1123400' })
      .get('/v1/events').query({ type: 'webhook.test', limit: '5' }).reply(200, list([event]))
      .get('/v1/events').query({ delivery_status: 'failed', payment_intent: 'pi_1', 'created[gte]': '1767225600', 'created[lt]': '1767312000' }).reply(200, list([event]))
      .get('/v1/events/evt_1').reply(200, event)
      .get('/v1/events/evt_1/deliveries').reply(200, list([]))
      .post('/v1/events/evt_1/redeliver').reply(200, { id: 'whd_1', event: 'evt_1', attempt: 1, trigger: 'manual', url: endpoint.url, started_at: 'x', duration_ms: 3, response_status: 200, response_body: '', error: null, next_attempt_at: null })
      .put('/v1/webhook_endpoint').reply(201, { ...endpoint, secret: 'whsec_1' })
      .get('/v1/webhook_endpoint').reply(200, endpoint)
      .post('/v1/webhook_endpoint/roll_secret').reply(200, { ...endpoint, secret: 'whsec_2' })
      .post('/v1/webhook_endpoint/test_event').reply(201, event)
      .post('/v1/webhook_endpoint/recover').reply(200, { object: 'webhook_recovery', since: 1767258000, queued: 12 })
      .delete('/v1/webhook_endpoint').reply(200, { id: 'we_1', deleted: true });
    const nf = client();

    expect((await nf.paymentIntents.retrieve('pi_1')).id).to.equal('pi_1');
    expect((await nf.paymentIntents.cancel('pi_1')).status).to.equal('canceled');
    expect((await nf.paymentIntents.list({ limit: 3, status: 'succeeded' })).data).to.deep.equal([]);
    expect((await nf.refunds.retrieve('re_1')).amount).to.equal('1');
    expect((await nf.refunds.list({ payment_intent: 'pi_1' })).data).to.have.length(1);
    expect(await nf.balance.retrieve()).to.deep.equal({ livemode: false, currency: 'NGN', available: '123400' });
    expect((await nf.testHelpers.topUp({ amount: 1_000_000 })).available).to.equal('1123400');
    expect((await nf.events.list({ type: 'webhook.test', limit: 5 })).data[0]!.id).to.equal('evt_1');
    const filtered = nf.events.list({ delivery_status: 'failed', payment_intent: 'pi_1', 'created[gte]': 1767225600, 'created[lt]': 1767312000 });
    expect((await filtered).data).to.have.length(1);
    expect((await nf.events.retrieve('evt_1')).type).to.equal('webhook.test');
    expect((await nf.events.deliveries('evt_1')).object).to.equal('list');
    expect((await nf.events.redeliver('evt_1')).trigger).to.equal('manual');
    expect(await nf.webhookEndpoint.update({ url: endpoint.url })).to.have.property('secret', 'whsec_1');
    expect(await nf.webhookEndpoint.retrieve()).to.not.have.property('secret');
    expect((await nf.webhookEndpoint.rollSecret({ expires_in: 3600 })).secret).to.equal('whsec_2');
    expect((await nf.webhookEndpoint.sendTestEvent()).id).to.equal('evt_1');
    expect((await nf.webhookEndpoint.recover({ since: '2026-01-01T09:00:00Z' })).queued).to.equal(12);
    expect(await nf.webhookEndpoint.delete()).to.deep.equal({ id: 'we_1', deleted: true });

    const bodies = Object.fromEntries(seen.map((s) => [`${s.method} ${s.path}`, s.body]));
    expect(bodies['POST /v1/payment_intents/pi_1/cancel']).to.equal('');
    expect(JSON.parse(bodies['POST /v1/test_helpers/top_up']!)).to.deep.equal({ amount: 1_000_000 });
    expect(JSON.parse(bodies['PUT /v1/webhook_endpoint']!)).to.deep.equal({ url: endpoint.url });
    expect(JSON.parse(bodies['POST /v1/webhook_endpoint/roll_secret']!)).to.deep.equal({ expires_in: 3600 });
    expect(JSON.parse(bodies['POST /v1/webhook_endpoint/recover']!)).to.deep.equal({ since: '2026-01-01T09:00:00Z' });
    // Only the creates carry a key; every request carries the secret key.
    const keyed = seen.filter((s) => s.headers['idempotency-key'] !== undefined).map((s) => s.path);
    expect(keyed).to.deep.equal(['/v1/test_helpers/top_up']);
    expect(seen.every((s) => s.headers.authorization === `Bearer ${KEY}`)).to.equal(true);
    expect(seen).to.have.length(18);
  });

  it('percent-encodes ids in paths', async () => {
    api().get('/v1/payment_intents/pi_a%2F..%2Fb').reply(...apiError(404, 'resource_missing', 'No such payment intent'));
    const error = await client().paymentIntents.retrieve('pi_a/../b').catch((e: unknown) => e);
    expect(error).to.have.property('status', 404);
  });

  it('sends bigint amounts as JSON integers, digit for digit', async () => {
    api().post('/v1/payment_intents').reply(201, intent('pi_1', { client_secret: 's' })).post('/v1/refunds').reply(201, { id: 're_1' });
    const nf = client();
    await nf.paymentIntents.create({ amount: 123456789012345678901234567890n, currency: 'NGN', metadata: { note: '"nf-bigint-x:1"' } });
    await nf.refunds.create({ payment_intent: 'pi_1', amount: 250000n });
    expect(seen[0]!.body).to.equal('{"amount":123456789012345678901234567890,"currency":"NGN","metadata":{"note":"\\"nf-bigint-x:1\\""}}');
    expect(seen[1]!.body).to.equal('{"payment_intent":"pi_1","amount":250000}');
  });
});
