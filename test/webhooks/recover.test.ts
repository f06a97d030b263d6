import { expect } from 'chai';
import { startTestService, type TestService } from '../support/service.ts';
import { answer, startReceiver, type Receiver } from '../support/receiver.ts';
import { paidIntent, waitFor } from '../support/payments.ts';

describe('recovering undelivered events, and finding them', () => {
  let svc: TestService;
  let receiver: Receiver;

  before(async () => {
    svc = await startTestService('webhook_recover', { WEBHOOK_RETRY_BASE_MS: '100', WEBHOOK_MAX_ATTEMPTS: '2', WEBHOOK_TIMEOUT_MS: '1500' });
    receiver = await startReceiver({ respond: answer(503, 'down') });
  });
  after(async () => {
    await svc.stop();
    await receiver.close();
  });

  const testEvent = async (key: string) => (await svc.request('POST', '/v1/webhook_endpoint/test_event', { key })).body.id as string;
  const eventOf = async (key: string, id: string) => (await svc.request('GET', `/v1/events/${id}`, { key })).body;
  const settled = (key: string, id: string) =>
    waitFor(`event ${id} to settle`, async () => {
      const event = await eventOf(key, id);
      return event.delivery_status === 'pending' ? undefined : event;
    });
  const list = async (key: string, query: string) => {
    const res = await svc.request('GET', `/v1/events?${query}`, { key });
    expect(res.status, res.text).to.equal(200);
    return (res.body.data as { id: string }[]).map((e) => e.id);
  };
  const arrivalsOf = (id: string) => receiver.received.filter((r) => JSON.parse(r.body.toString('utf8')).id === id).length;

  it('queues one new attempt for each event since then that was not delivered, once each, and answers how many', async () => {
    const shop = await svc.createMerchant('Recovering');
    // Recorded before there was an endpoint: never sent.
    const early = await testEvent(shop.testKey);
    await svc.request('PUT', '/v1/webhook_endpoint', { key: shop.testKey, body: { url: receiver.url } });
    receiver.respond = answer(503, 'down');
    const failed = [await testEvent(shop.testKey), await testEvent(shop.testKey)];
    for (const id of failed) expect((await settled(shop.testKey, id)).delivery_status).to.equal('failed');
    receiver.respond = answer(200, 'ok');
    const delivered = await testEvent(shop.testKey);
    expect((await settled(shop.testKey, delivered)).delivery_status).to.equal('succeeded');
    const attemptsBefore = Object.fromEntries([early, ...failed, delivered].map((id) => [id, arrivalsOf(id)]));

    const since = Math.floor(Date.now() / 1000) - 60;
    const [first, second] = await Promise.all([
      svc.request('POST', '/v1/webhook_endpoint/recover', { key: shop.testKey, body: { since } }),
      svc.request('POST', '/v1/webhook_endpoint/recover', { key: shop.testKey, body: { since } }),
    ]);
    expect([first.status, second.status]).to.deep.equal([200, 200]);
    // Two racing recoveries queue each event once between them.
    expect(first.body.queued + second.body.queued).to.equal(3);
    expect(first.body).to.include({ object: 'webhook_recovery', since });

    for (const id of [early, ...failed]) expect((await settled(shop.testKey, id)).delivery_status).to.equal('succeeded');
    await new Promise((r) => setTimeout(r, 500));
    expect(arrivalsOf(early)).to.equal(attemptsBefore[early]! + 1);
    for (const id of failed) expect(arrivalsOf(id)).to.equal(attemptsBefore[id]! + 1);
    expect(arrivalsOf(delivered), 'a delivered event is not sent again').to.equal(attemptsBefore[delivered]);

    const again = await svc.request('POST', '/v1/webhook_endpoint/recover', { key: shop.testKey, body: { since: new Date(since * 1000).toISOString() } });
    expect(again.body).to.include({ since, queued: 0 });
  });

  it('queues each event once when two recoveries race while the dispatcher delivers, round after round (200 rounds)', async function () {
    this.timeout(120_000);
    const shop = await svc.createMerchant('Racing recoveries');
    receiver.respond = answer(200, 'ok');
    await svc.request('PUT', '/v1/webhook_endpoint', { key: shop.testKey, body: { url: receiver.url } });
    const db = svc.service.orm.em.fork();
    const misses: string[] = [];
    for (let round = 1; round <= 200; round++) {
      // Three events whose deliveries failed, as the service records them.
      const ids = [1, 2, 3].map((i) => `evt_race${String(round).padStart(4, '0')}${i}${'0'.repeat(15)}`);
      await db.execute(
        `insert into events (id, merchant_id, livemode, type, payment_intent_id, payload, created_at, delivery_status, attempts, next_attempt_at)
         select id, ?, false, 'webhook.test', null, json_build_object('id', id, 'type', 'webhook.test', 'created', 1767225600, 'livemode', false, 'data', json_build_object('test', true))::text,
                now(), 'failed', 2, null
           from unnest(array[?, ?, ?]::text[]) id`,
        [shop.id, ...ids],
      );
      const since = Math.floor(Date.now() / 1000) - 60;
      const answers = await Promise.all([1, 2].map(() => svc.request('POST', '/v1/webhook_endpoint/recover', { key: shop.testKey, body: { since } })));
      for (const res of answers) expect(res.status, res.text).to.equal(200);
      const queued = answers[0]!.body.queued + answers[1]!.body.queued;
      if (queued !== 3) misses.push(`round ${round}: queued ${answers[0]!.body.queued} + ${answers[1]!.body.queued}`);
      for (const id of ids) await settled(shop.testKey, id);
      // Earlier rounds' events are moved out of the next round's `since`.
      await db.execute(`update events set created_at = created_at - interval '1 day' where merchant_id = ?`, [shop.id]);
    }
    await new Promise((r) => setTimeout(r, 300));
    const twice = [...new Set(receiver.received.map((r) => JSON.parse(r.body.toString('utf8')).id as string))].filter(
      (id) => id.startsWith('evt_race') && arrivalsOf(id) !== 1,
    );
    expect(misses, 'rounds where the two recoveries did not queue 3 between them').to.deep.equal([]);
    expect(twice, 'events that did not arrive exactly once').to.deep.equal([]);
  });

  it('recovers only from `since` on, only in the key\'s mode', async () => {
    const shop = await svc.createMerchant('Since');
    const old = await testEvent(shop.testKey);
    await svc.service.orm.em.fork().execute(`update events set created_at = now() - interval '2 hours' where id = ?`, [old]);
    const recent = await testEvent(shop.testKey);
    await svc.request('PUT', '/v1/webhook_endpoint', { key: shop.testKey, body: { url: receiver.url } });
    receiver.respond = answer(200, 'ok');
    const res = await svc.request('POST', '/v1/webhook_endpoint/recover', { key: shop.liveKey, body: { since: Math.floor(Date.now() / 1000) - 3600 } });
    // Live mode has no endpoint of its own: the test endpoint is not it.
    expect(res.status).to.equal(404);
    const test = await svc.request('POST', '/v1/webhook_endpoint/recover', { key: shop.testKey, body: { since: Math.floor(Date.now() / 1000) - 3600 } });
    expect(test.body.queued).to.equal(1);
    expect((await settled(shop.testKey, recent)).delivery_status).to.equal('succeeded');
    expect((await eventOf(shop.testKey, old)).delivery_status).to.equal('no_endpoint');
  });

  it('works through thousands of events a batch at a time, queueing every one, while the merchant\'s payments go on', async () => {
    const shop = await svc.createMerchant('Backlog');
    receiver.respond = answer(200, 'ok');
    await svc.request('PUT', '/v1/webhook_endpoint', { key: shop.testKey, body: { url: receiver.url } });
    const db = svc.service.orm.em.fork();
    // 4,500 events whose deliveries failed (more than two batches), written as the service would have.
    await db.execute(
      `insert into events (id, merchant_id, livemode, type, payment_intent_id, payload, created_at, delivery_status, attempts, next_attempt_at)
       select 'evt_' || lpad(i::text, 24, '0'), ?, false, 'webhook.test', null,
              json_build_object('id', 'evt_' || lpad(i::text, 24, '0'), 'type', 'webhook.test', 'created', 1767225600, 'livemode', false, 'data', json_build_object('test', true))::text,
              now() - interval '1 hour' + i * interval '1 ms', 'failed', 2, null
         from generate_series(1, 4500) i`,
      [shop.id],
    );
    const recovery = svc.request('POST', '/v1/webhook_endpoint/recover', { key: shop.testKey, body: { since: Math.floor(Date.now() / 1000) - 7200 } });
    // Meanwhile a payment records its event against the same endpoint.
    await paidIntent(svc, shop);
    const res = await recovery;
    expect(res.status, res.text).to.equal(200);
    expect(res.body.queued).to.equal(4500);
    const [row] = await db.execute<{ n: number }[]>(
      `select count(*)::int as n from events where merchant_id = ? and type = 'webhook.test' and delivery_status = 'failed'`,
      [shop.id],
    );
    expect(row!.n).to.equal(0);
  });

  it('refuses without an endpoint, with a disabled one, and with a bad since, changing nothing', async () => {
    const shop = await svc.createMerchant('Refused');
    const none = await svc.request('POST', '/v1/webhook_endpoint/recover', { key: shop.testKey, body: { since: 0 } });
    expect(none.status).to.equal(404);
    expect(none.body.error.code).to.equal('resource_missing');
    for (const since of [-1, 'yesterday', 1.5, null, '2026-06-30T23:59:60Z']) {
      const bad = await svc.request('POST', '/v1/webhook_endpoint/recover', { key: shop.testKey, body: { since } });
      expect(bad.status, JSON.stringify(since)).to.equal(400);
      expect(bad.body.error.param).to.equal('since');
    }
    const missing = await svc.request('POST', '/v1/webhook_endpoint/recover', { key: shop.testKey, body: {} });
    expect(missing.status).to.equal(400);
    const event = await testEvent(shop.testKey);
    await svc.request('PUT', '/v1/webhook_endpoint', { key: shop.testKey, body: { url: receiver.url } });
    await svc.service.orm.em.fork().execute(`update webhook_endpoints set disabled_at = now(), disabled_reason = 'test' where merchant_id = ?`, [shop.id]);
    const disabled = await svc.request('POST', '/v1/webhook_endpoint/recover', { key: shop.testKey, body: { since: 0 } });
    expect(disabled.status).to.equal(400);
    expect(disabled.body.error.message).to.match(/disabled/);
    expect((await eventOf(shop.testKey, event)).delivery_status).to.equal('no_endpoint');
    const login = await svc.signIn(shop);
    const noCsrf = await svc.request('POST', '/v1/webhook_endpoint/recover', { session: { ...login, csrfToken: 'wrong' }, body: { since: 0 } });
    expect(noCsrf.status).to.equal(403);
  });

  it('lists events by created time range, type, delivery status and payment intent, and pages within the filter', async () => {
    const shop = await svc.createMerchant('Filters');
    const intent = await paidIntent(svc, shop);
    const tests = [await testEvent(shop.testKey), await testEvent(shop.testKey), await testEvent(shop.testKey)];
    const db = svc.service.orm.em.fork();
    await db.execute(`update events set created_at = to_timestamp(1767225600) where id = ?`, [tests[0]]);
    await db.execute(`update events set created_at = to_timestamp(1767225600 + 3600) where id = ?`, [tests[1]]);
    await db.execute(`update events set delivery_status = 'failed' where id = ?`, [tests[2]]);

    expect(await list(shop.testKey, 'created[gte]=1767225600&created[lt]=1767229200')).to.deep.equal([tests[0]]);
    expect(await list(shop.testKey, 'created[gte]=1767225600&created[lt]=1767229201')).to.deep.equal([tests[1], tests[0]]);
    expect(await list(shop.testKey, 'created%5Bgte%5D=1767229200&created%5Blt%5D=1767229201')).to.deep.equal([tests[1]]);
    expect(await list(shop.testKey, 'delivery_status=failed')).to.deep.equal([tests[2]]);
    expect(await list(shop.testKey, 'type=payment_intent.succeeded')).to.have.length(1);
    expect(await list(shop.testKey, `payment_intent=${intent.id}&type=webhook.test`)).to.deep.equal([]);
    expect(await list(shop.testKey, 'type=webhook.test&delivery_status=no_endpoint')).to.deep.equal([tests[1], tests[0]]);
    expect(await list(shop.testKey, `type=webhook.test&delivery_status=no_endpoint&starting_after=${tests[1]}`)).to.deep.equal([tests[0]]);

    const bad = await svc.request('GET', '/v1/events?delivery_status=lost', { key: shop.testKey });
    expect(bad.status).to.equal(400);
    expect(bad.body.error.param).to.equal('delivery_status');
    const badTime = await svc.request('GET', '/v1/events?created[gte]=yesterday', { key: shop.testKey });
    expect(badTime.status).to.equal(400);
    expect(badTime.body.error.param).to.equal('created[gte]');
  });

  it('numbers each payment intent\'s events with a sequence that grows, and leaves it off other events', async () => {
    const shop = await svc.createMerchant('Sequence');
    const intent = await paidIntent(svc, shop);
    await svc.request('POST', '/v1/refunds', { key: shop.testKey, body: { payment_intent: intent.id, amount: 1000 } });
    await svc.request('POST', '/v1/refunds', { key: shop.testKey, body: { payment_intent: intent.id, amount: 2000 } });
    const res = await svc.request('GET', `/v1/events?payment_intent=${intent.id}`, { key: shop.testKey });
    const events = [...res.body.data].reverse() as { type: string; sequence: number }[];
    expect(events.map((e) => [e.type, e.sequence])).to.deep.equal([
      ['payment_intent.succeeded', 1],
      ['refund.succeeded', 2],
      ['refund.succeeded', 3],
    ]);
    const test = await eventOf(shop.testKey, await testEvent(shop.testKey));
    expect(test).not.to.have.property('sequence');
  });
});
