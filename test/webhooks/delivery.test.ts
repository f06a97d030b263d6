import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';
import { answer, startReceiver, type Receiver } from '../support/receiver.ts';
import { paidIntent, waitFor } from '../support/payments.ts';

// An independent check of the Service-Signature header (spec 6.4), not the service's own code.
function signaturesOf(header: string): { t: number; v1: string[] } {
  const parts = header.split(',').map((p) => p.split('='));
  return { t: Number(parts.find(([k]) => k === 't')![1]), v1: parts.filter(([k]) => k === 'v1').map(([, v]) => v!) };
}
function signedBy(header: string, body: Buffer, secret: string): boolean {
  const { t, v1 } = signaturesOf(header);
  const expected = createHmac('sha256', secret).update(`${t}.`).update(body).digest('hex');
  return v1.includes(expected);
}

describe('webhook delivery', () => {
  let svc: TestService;
  let shop: TestMerchant;
  let receiver: Receiver;
  let secret: string;

  const base = 200; // WEBHOOK_RETRY_BASE_MS: the real schedule, scaled down
  before(async () => {
    svc = await startTestService('webhooks', { WEBHOOK_RETRY_BASE_MS: String(base), WEBHOOK_MAX_ATTEMPTS: '4', WEBHOOK_TIMEOUT_MS: '1500' });
    shop = await svc.createMerchant('Hooks Ltd');
    receiver = await startReceiver();
    const res = await svc.request('PUT', '/v1/webhook_endpoint', { key: shop.testKey, body: { url: receiver.url } });
    expect(res.status).to.equal(201);
    secret = res.body.secret;
  });
  after(async () => {
    await receiver.close();
    await svc.stop();
  });
  beforeEach(() => {
    receiver.received.length = 0;
    receiver.respond = answer(200);
  });

  const deliveries = async (eventId: string) => (await svc.request('GET', `/v1/events/${eventId}/deliveries`, { key: shop.testKey })).body.data;
  const arrivalOf = (eventId: string) =>
    waitFor(`event ${eventId} to arrive`, async () => receiver.received.find((r) => JSON.parse(r.body.toString('utf8')).id === eventId));
  const eventOf = async (id: string) => (await svc.request('GET', `/v1/events/${id}`, { key: shop.testKey })).body;
  const settled = (eventId: string) =>
    waitFor('the event to settle', async () => {
      const event = await eventOf(eventId);
      return event.delivery_status === 'pending' ? undefined : event;
    });

  it('posts the signed event, exactly as recorded, to the endpoint', async () => {
    const intent = await paidIntent(svc, shop, 250_000);
    const [request] = await receiver.waitFor(1);
    expect(request!.headers['content-type']).to.equal('application/json');
    expect(request!.headers['user-agent']).to.equal('Nairaflow-Webhooks/1');
    const header = String(request!.headers['service-signature']);
    expect(header).to.match(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(signedBy(header, request!.body, secret)).to.equal(true);
    expect(Math.abs(signaturesOf(header).t - Date.now() / 1000)).to.be.lessThan(5);
    const envelope = JSON.parse(request!.body.toString('utf8'));
    expect(envelope).to.include({ type: 'payment_intent.succeeded', livemode: false });
    expect(envelope.data).to.deep.equal({ id: intent.id, amount: '250000', currency: 'NGN', method: 'card', service_fee: '13750', metadata: {} });
    const event = await settled(envelope.id);
    expect(event).to.include({ id: envelope.id, delivery_status: 'succeeded', attempts: 1, next_attempt_at: null });
    expect(event.data).to.deep.equal(envelope.data);
    const [delivery] = await deliveries(envelope.id);
    expect(delivery).to.include({ attempt: 1, trigger: 'scheduled', url: receiver.url, response_status: 200, response_body: 'ok', error: null, next_attempt_at: null });
    expect(delivery.id).to.match(/^whd_[0-9A-Za-z]{24}$/);
  });

  it('retries a failing endpoint on the exact schedule: three failures, then success, four attempts', async () => {
    receiver.respond = (_r, i, res) => res.writeHead(i < 3 ? 500 : 200).end(i < 3 ? 'not yet' : 'ok');
    const { body: event } = await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: shop.testKey });
    expect(event).to.include({ type: 'webhook.test', delivery_status: 'pending' });
    expect(event.data).to.deep.equal({ test: true });
    const requests = await receiver.waitFor(4);
    const done = await settled(event.id);
    expect(done).to.include({ delivery_status: 'succeeded', attempts: 4 });
    await new Promise((r) => setTimeout(r, 3 * base));
    expect(receiver.received).to.have.length(4);
    // After failed attempt k the next one comes base * 2^(k-1) later (and within a second of it).
    for (let k = 1; k <= 3; k++) {
      const gap = requests[k]!.at - requests[k - 1]!.at;
      expect(gap, `gap after attempt ${k}`).to.be.at.least(base * 2 ** (k - 1) - 20);
      expect(gap, `gap after attempt ${k}`).to.be.below(base * 2 ** (k - 1) + 1000);
    }
    // Every attempt sends the same bytes, signed at its own time.
    expect(new Set(requests.map((r) => r.body.toString('hex'))).size).to.equal(1);
    const log = await deliveries(event.id);
    expect(log.map((d: any) => [d.attempt, d.trigger, d.response_status, d.response_body])).to.deep.equal([
      [1, 'scheduled', 500, 'not yet'],
      [2, 'scheduled', 500, 'not yet'],
      [3, 'scheduled', 500, 'not yet'],
      [4, 'scheduled', 200, 'ok'],
    ]);
    expect(log.slice(0, 3).every((d: any) => d.error === 'the endpoint answered 500' && d.next_attempt_at !== null)).to.equal(true);
    expect(log[3].next_attempt_at).to.equal(null);
  });

  it('marks the event failed after the last attempt, and a manual redeliver still works', async () => {
    receiver.respond = answer(503, 'down');
    const { body: event } = await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: shop.testKey });
    await receiver.waitFor(4);
    const failed = await settled(event.id);
    expect(failed).to.include({ delivery_status: 'failed', attempts: 4, next_attempt_at: null });
    receiver.respond = answer(200, 'thanks');
    const res = await svc.request('POST', `/v1/events/${event.id}/redeliver`, { key: shop.testKey });
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ attempt: 5, trigger: 'manual', response_status: 200, response_body: 'thanks', error: null });
    expect(await eventOf(event.id)).to.include({ delivery_status: 'succeeded', attempts: 5 });
    expect((await deliveries(event.id)).map((d: any) => d.trigger)).to.deep.equal(['scheduled', 'scheduled', 'scheduled', 'scheduled', 'manual']);
  });

  it('counts a redirect as a failure and never follows it', async () => {
    const elsewhere = await startReceiver();
    try {
      receiver.respond = (_r, i, res) => (i === 0 ? res.writeHead(302, { location: elsewhere.url }).end() : res.writeHead(200).end('ok'));
      const { body: event } = await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: shop.testKey });
      await receiver.waitFor(2);
      const [first] = await deliveries(event.id);
      expect(first).to.include({ response_status: 302, error: 'redirect (302) not followed' });
      expect(elsewhere.received).to.have.length(0);
    } finally {
      await elsewhere.close();
    }
  });

  it('counts an answer slower than the timeout as a failure', async () => {
    receiver.respond = (_r, i, res) => {
      if (i === 0) setTimeout(() => res.writeHead(200).end('too late'), 2500);
      else res.writeHead(200).end('ok');
    };
    const { body: event } = await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: shop.testKey });
    await settled(event.id);
    const [first, second] = await deliveries(event.id);
    expect(first).to.include({ response_status: null, error: 'timed out after 1500 ms without an answer' });
    expect(first.duration_ms).to.be.within(1400, 2400);
    expect(second).to.include({ response_status: 200 });
  });

  it('reads at most 4 KiB of an endless answer and hangs up', async () => {
    receiver.respond = (_r, _i, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = 'x'.repeat(1024);
      const timer = setInterval(() => res.write(chunk), 5);
      res.on('close', () => clearInterval(timer));
    };
    const { body: event } = await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: shop.testKey });
    const done = await settled(event.id);
    expect(done.delivery_status).to.equal('succeeded');
    const [delivery] = await deliveries(event.id);
    expect(delivery.response_body).to.have.length(4096);
    expect(delivery.duration_ms).to.be.below(1500);
  });

  it('keeps a printable excerpt of an answer with NUL bytes, and the 2xx confirms receipt', async () => {
    receiver.respond = (_r, _i, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end(Buffer.from('ok\u0000done\u0001\u007f\ttab'));
    const { body: event } = await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: shop.testKey });
    const done = await settled(event.id);
    expect(done).to.include({ delivery_status: 'succeeded', attempts: 1 });
    const [delivery] = await deliveries(event.id);
    expect(delivery).to.include({ response_status: 200, error: null, response_body: 'ok\ufffddone\ufffd\ufffd\ttab' });
  });

  it('records a binary (gzip) answer as such, on scheduled and manual attempts alike, and answers the manual one', async () => {
    const gzipped = (await import('node:zlib')).gzipSync('{"error": "nope"}');
    receiver.respond = (_r, _i, res) => res.writeHead(500, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(gzipped);
    const { body: event } = await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: shop.testKey });
    const first = await waitFor('the first attempt to be recorded', async () => (await deliveries(event.id))[0]?.response_status ?? undefined);
    expect(first).to.equal(500);
    const manual = await svc.request('POST', `/v1/events/${event.id}/redeliver`, { key: shop.testKey });
    expect(manual.status, manual.text).to.equal(200);
    expect(manual.body).to.include({ response_status: 500, error: 'the endpoint answered 500' });
    expect(manual.body.response_body).to.equal(`[gzip-encoded answer, ${gzipped.length} bytes, not shown]`);
    receiver.respond = (_r, _i, res) => res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(Buffer.from([0xff, 0xfe, 0x00, 0x81, 0x82]));
    const done = await settled(event.id);
    expect(done.delivery_status).to.equal('succeeded');
    const log = await deliveries(event.id);
    expect(log[0].response_body).to.equal(`[gzip-encoded answer, ${gzipped.length} bytes, not shown]`);
    expect(log.at(-1)).to.include({ response_status: 200, response_body: '[binary answer (application/octet-stream), 5 bytes, not shown]' });
  });

  it('takes a 2xx status line in time as receipt while its body is still arriving, and stops reading at the timeout', async () => {
    receiver.respond = (_r, _i, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('still ');
      const timer = setInterval(() => res.write('.'), 200);
      res.on('close', () => clearInterval(timer));
    };
    const { body: event } = await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: shop.testKey });
    const done = await settled(event.id);
    expect(done).to.include({ delivery_status: 'succeeded', attempts: 1 });
    const [delivery] = await deliveries(event.id);
    expect(delivery).to.include({ response_status: 200, error: null });
    expect(delivery.response_body).to.match(/^still \.+$/);
    expect(delivery.duration_ms).to.be.within(1400, 2400);
  });

  it('counts a refused connection as a failure, and reads the endpoint URL afresh at each attempt', async () => {
    const closed = await startReceiver();
    const deadUrl = closed.url;
    await closed.close();
    await svc.request('PUT', '/v1/webhook_endpoint', { key: shop.testKey, body: { url: deadUrl } });
    try {
      const { body: event } = await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: shop.testKey });
      const first = await waitFor('the first attempt', async () => (await deliveries(event.id))[0]?.error ?? undefined);
      // (an attempt under way has no error yet; waitFor waits for the finished one)
      expect(first).to.equal('connection refused');
      // The merchant fixes the URL; the next scheduled attempt goes to the new one.
      await svc.request('PUT', '/v1/webhook_endpoint', { key: shop.testKey, body: { url: receiver.url } });
      const done = await settled(event.id);
      expect(done.delivery_status).to.equal('succeeded');
      const log = await deliveries(event.id);
      expect(log[0].url).to.equal(deadUrl);
      expect(log.at(-1).url).to.equal(receiver.url);
    } finally {
      await svc.request('PUT', '/v1/webhook_endpoint', { key: shop.testKey, body: { url: receiver.url } });
    }
  });

  it('signs with both secrets while a rolled secret overlaps, then with the new one alone', async () => {
    const rolled = await svc.request('POST', '/v1/webhook_endpoint/roll_secret', { key: shop.testKey, body: { expires_in: 2 } });
    expect(rolled.status).to.equal(200);
    const newSecret = rolled.body.secret as string;
    expect(newSecret).to.match(/^whsec_[0-9A-Za-z]{32}$/).and.not.equal(secret);
    expect(rolled.body.previous_secret_expires_at).to.be.a('string');
    const { body: duringEvent } = await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: shop.testKey });
    const during = await arrivalOf(duringEvent.id);
    const header = String(during!.headers['service-signature']);
    expect(signaturesOf(header).v1).to.have.length(2);
    expect(signedBy(header, during!.body, secret), 'old secret alone').to.equal(true);
    expect(signedBy(header, during!.body, newSecret), 'new secret alone').to.equal(true);
    await new Promise((r) => setTimeout(r, 2100));
    expect((await svc.request('GET', '/v1/webhook_endpoint', { key: shop.testKey })).body.previous_secret_expires_at).to.equal(null);
    const { body: afterEvent } = await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: shop.testKey });
    const after = await arrivalOf(afterEvent.id);
    const afterHeader = String(after!.headers['service-signature']);
    expect(signaturesOf(afterHeader).v1).to.have.length(1);
    expect(signedBy(afterHeader, after!.body, newSecret)).to.equal(true);
    expect(signedBy(afterHeader, after!.body, secret)).to.equal(false);
    secret = newSecret;
  });

  it('stores and lists events when no endpoint is configured, and delivers nothing', async () => {
    const quiet = await svc.createMerchant('No endpoint');
    const intent = await paidIntent(svc, quiet);
    await svc.request('POST', `/v1/refunds`, { key: quiet.testKey, body: { payment_intent: intent.id, amount: 100 } });
    const list = await svc.request('GET', '/v1/events', { key: quiet.testKey });
    expect(list.body.data.map((e: any) => e.type)).to.deep.equal(['refund.succeeded', 'payment_intent.succeeded']);
    expect(list.body.data.every((e: any) => e.delivery_status === 'no_endpoint' && e.attempts === 0)).to.equal(true);
    const refundsOnly = await svc.request('GET', '/v1/events?type=refund.succeeded', { key: quiet.testKey });
    expect(refundsOnly.body.data).to.have.length(1);
    const redeliver = await svc.request('POST', `/v1/events/${list.body.data[0].id}/redeliver`, { key: quiet.testKey });
    expect(redeliver.status).to.equal(400);
    // A test event is still recorded in test mode (for the event stream, `nairaflow listen`), and sent nowhere;
    // in live mode, with nowhere to send it, it is refused.
    const test = await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: quiet.testKey });
    expect(test.status).to.equal(201);
    expect(test.body).to.include({ type: 'webhook.test', delivery_status: 'no_endpoint', attempts: 0 });
    const live = await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: quiet.liveKey });
    expect(live.status).to.equal(404);
    expect(live.body.error.code).to.equal('resource_missing');
    const theirs = new Set([...list.body.data.map((e: any) => e.id), test.body.id]);
    expect(receiver.received.filter((r) => theirs.has(JSON.parse(r.body.toString('utf8')).id))).to.have.length(0);
  });

  it('keeps connections to an endpoint open between attempts: 30 events arrive over at most 5 connections', async () => {
    const opened = receiver.connections;
    const events = await Promise.all(
      Array.from({ length: 30 }, async () => (await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: shop.testKey })).body.id as string),
    );
    await receiver.waitFor(30);
    for (const id of events) expect(await settled(id)).to.include({ delivery_status: 'succeeded', attempts: 1 });
    expect(receiver.connections - opened).to.be.within(0, 5);
  });

  it('makes an attempt again on a new connection, within the same attempt, when a kept connection is dropped before any answer', async () => {
    const first = (await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: shop.testKey })).body.id;
    await settled(first);
    receiver.received.length = 0;
    // The next request comes on the kept connection: the endpoint drops it unanswered (as a server
    // closing an idle connection at that very moment does); the one after is answered.
    receiver.respond = (_r, i, res) => (i === 0 ? res.socket!.destroy() : res.writeHead(200).end('ok'));
    const opened = receiver.connections;
    const second = (await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: shop.testKey })).body.id;
    expect(await settled(second)).to.include({ delivery_status: 'succeeded', attempts: 1 });
    expect(receiver.connections - opened, 'a new connection').to.equal(1);
    const [delivery] = await deliveries(second);
    expect(delivery).to.include({ attempt: 1, response_status: 200, error: null });
  });

  it('does not make an attempt again when the endpoint resets a kept connection long after the request went out (it read it)', async () => {
    const first = (await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: shop.testKey })).body.id;
    await settled(first);
    receiver.received.length = 0;
    // A hostile endpoint: it reads the request on the kept connection, then resets it 1.2 s later
    // (inside the 1.5 s timeout); the next attempt is answered.
    receiver.respond = (_r, i, res) => (i === 0 ? void setTimeout(() => res.socket!.destroy(), 1200) : res.writeHead(200).end('ok'));
    const second = (await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: shop.testKey })).body.id;
    expect(await settled(second)).to.include({ delivery_status: 'succeeded', attempts: 2 });
    const attempts = await deliveries(second);
    const one = attempts.find((d: { attempt: number }) => d.attempt === 1);
    expect(one.response_status).to.equal(null);
    expect(one.error).to.be.a('string');
    expect(one.duration_ms).to.be.below(1500 + 500);
    expect(receiver.received.filter((r) => JSON.parse(r.body.toString('utf8')).id === second)).to.have.length(2);
  });

  it('records every other result while the database keeps refusing one, and makes the refused attempt again later', async function () {
    this.timeout(60_000);
    const em = svc.service.orm.em.fork();
    // A healthy endpoint (one delivery has succeeded), with room for more than one attempt at a time.
    await settled((await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: shop.testKey })).body.id);
    receiver.received.length = 0;
    // The first attempt is answered once the database refuses to record it.
    let refusing!: () => void;
    const refused = new Promise<void>((resolve) => (refusing = resolve));
    receiver.respond = (_r, i, res) => void (i === 0 ? refused : Promise.resolve()).then(() => res.writeHead(200).end('ok'));
    const { body: poisoned } = await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: shop.testKey });
    await receiver.waitFor(1);
    await em.execute(`alter table webhook_deliveries add constraint one_refused check (event_id <> '${poisoned.id}' or finished_at is null) not valid`);
    refusing();
    try {
      const others = await Promise.all(
        Array.from({ length: 10 }, async () => (await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: shop.testKey })).body.id as string),
      );
      for (const id of others) expect(await settled(id)).to.include({ delivery_status: 'succeeded', attempts: 1 });
      expect((await eventOf(poisoned.id)).delivery_status).to.equal('pending');
      // Refused long enough to be let go (it is tried on its own three times over about 3 s).
      await new Promise((r) => setTimeout(r, 4000));
    } finally {
      await em.execute('alter table webhook_deliveries drop constraint one_refused');
    }
    // Its lease (the timeout and a margin) runs out, and it is made again.
    const done = await waitFor('the refused attempt to be made again', async () => {
      const e = await eventOf(poisoned.id);
      return e.delivery_status === 'succeeded' ? e : undefined;
    }, 30_000);
    expect(done.attempts).to.equal(1);
    expect(receiver.received.filter((r) => JSON.parse(r.body.toString('utf8')).id === poisoned.id).length).to.be.at.least(2);
  });

  it('goes on with the schedule when recording an attempt fails (the database went away for a moment)', async function () {
    this.timeout(60_000);
    receiver.respond = (_r, i, res) => res.writeHead(i === 0 ? 500 : 200).end(i === 0 ? 'not yet' : 'ok');
    const em = svc.service.orm.em.fork();
    // For two seconds no attempt can be recorded as finished.
    await em.execute('alter table webhook_deliveries add constraint recording_fails check (finished_at is null) not valid');
    try {
      const { body: event } = await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: shop.testKey });
      await receiver.waitFor(1);
      await new Promise((r) => setTimeout(r, 2000));
      await em.execute('alter table webhook_deliveries drop constraint recording_fails');
      const done = await waitFor('the schedule to carry on', async () => {
        const e = await eventOf(event.id);
        return e.delivery_status === 'succeeded' ? e : undefined;
      }, 45_000);
      expect(done.attempts).to.be.at.least(1);
      expect((await deliveries(event.id)).at(-1)).to.include({ response_status: 200 });
    } finally {
      await em.execute('alter table webhook_deliveries drop constraint if exists recording_fails');
    }
  });
});
