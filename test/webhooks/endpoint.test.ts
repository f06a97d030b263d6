import { expect } from 'chai';
import { lookup } from 'node:dns/promises';
import { hostname } from 'node:os';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';
import { startReceiver } from '../support/receiver.ts';
import { makeTestPki, type TestPki } from '../support/tls.ts';
import { waitFor } from '../support/payments.ts';

describe('the webhook endpoint', () => {
  let svc: TestService;
  let shop: TestMerchant;
  let pki: TestPki;

  // A host name other than "localhost" that the system resolver answers with a loopback address
  // (the machine's own name, from /etc/hosts): DNS, not the URL's text, must give it away.
  let loopbackName: string;

  before(async () => {
    const candidates = [hostname(), 'ip6-localhost', 'localhost.localdomain'];
    for (const name of candidates) {
      const answers = await lookup(name, { all: true }).catch(() => []);
      if (answers.length > 0 && answers.every((a) => a.address.startsWith('127.') || a.address === '::1')) {
        loopbackName = name;
        break;
      }
    }
    if (loopbackName! === undefined) throw new Error(`none of ${candidates.join(', ')} resolves to loopback here; add one to /etc/hosts`);
    pki = makeTestPki();
    svc = await startTestService('webhook_endpoint', { WEBHOOK_CA_FILE: pki.caFile, WEBHOOK_RETRY_BASE_MS: '60000' });
    shop = await svc.createMerchant('Endpoint Co');
  });
  after(() => svc.stop());

  const put = (url: unknown, key = shop.testKey) => svc.request('PUT', '/v1/webhook_endpoint', { key, body: { url } });
  const deliveriesOf = async (key: string, eventId: string) => (await svc.request('GET', `/v1/events/${eventId}/deliveries`, { key })).body.data;

  it('is created once with its secret, then changed without it; one per merchant and mode', async () => {
    const merchant = await svc.createMerchant('CRUD');
    expect((await svc.request('GET', '/v1/webhook_endpoint', { key: merchant.testKey })).status).to.equal(404);
    const created = await put('http://127.0.0.1:9/first', merchant.testKey);
    expect(created.status).to.equal(201);
    expect(created.body.id).to.match(/^we_[0-9A-Za-z]{24}$/);
    expect(created.body).to.include({ livemode: false, url: 'http://127.0.0.1:9/first', previous_secret_expires_at: null });
    expect(created.body.secret).to.match(/^whsec_[0-9A-Za-z]{32}$/);
    const changed = await put('http://127.0.0.1:9/second', merchant.testKey);
    expect(changed.status).to.equal(200);
    expect(changed.body).to.include({ id: created.body.id, url: 'http://127.0.0.1:9/second' });
    expect(changed.body).to.not.have.property('secret');
    const read = await svc.request('GET', '/v1/webhook_endpoint', { key: merchant.testKey });
    expect(read.body).to.deep.equal(changed.body);
    expect((await svc.request('GET', '/v1/webhook_endpoint', { key: merchant.liveKey })).status, 'the live mode has its own').to.equal(404);
    const deleted = await svc.request('DELETE', '/v1/webhook_endpoint', { key: merchant.testKey });
    expect(deleted.body).to.deep.equal({ id: created.body.id, deleted: true });
    expect((await svc.request('DELETE', '/v1/webhook_endpoint', { key: merchant.testKey })).status).to.equal(404);
    expect((await svc.request('POST', '/v1/webhook_endpoint/roll_secret', { key: merchant.testKey, body: {} })).status).to.equal(404);
  });

  it('refuses URLs that are not absolute http(s) URLs', async () => {
    for (const url of ['/webhooks', 'ftp://example.com/x', 'https://user:pw@example.com/x', 'not a url', 42]) {
      const res = await put(url);
      expect(res.status, String(url)).to.equal(400);
      expect(res.body.error).to.include({ code: 'invalid_request', param: 'url' });
    }
  });

  it('refuses plain http and private, loopback, link-local, CGNAT, multicast and reserved targets in live mode', async () => {
    for (const url of [
      'http://example.com/hooks',
      'https://127.0.0.1/hooks',
      'https://[::1]/hooks',
      'https://[::ffff:127.0.0.1]/hooks',
      'https://10.1.2.3/hooks',
      'https://172.16.0.1/hooks',
      'https://192.168.1.1/hooks',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/hooks',
      'https://224.0.0.1/hooks',
      'https://240.0.0.1/hooks',
      'https://0.0.0.0/hooks',
      'https://[fc00::1]/hooks',
      'https://[fe80::1]/hooks',
      'https://localhost/hooks',
      `https://${loopbackName}/hooks`, // a name whose DNS answer is a loopback address
    ]) {
      const res = await put(url, shop.liveKey);
      expect(res.status, url).to.equal(400);
      expect(res.body.error.param, url).to.equal('url');
    }
    const byName = await put(`https://${loopbackName}/hooks`, shop.liveKey);
    expect(byName.body.error.message).to.equal("The webhook URL's host resolves to a private address; use a public one.");
    const ok = await put('https://hooks.example.com/nairaflow', shop.liveKey);
    expect(ok.status).to.equal(201);
  });

  it('refuses, at connect time, a live endpoint whose name now resolves to a loopback address', async () => {
    const receiver = await startReceiver({ tls: pki });
    try {
      // The name resolved to a public address when it was set; its DNS now answers 127.0.0.1.
      await svc.service.orm.em
        .fork()
        .execute('update webhook_endpoints set url = ? where merchant_id = ? and livemode = true', [
          `https://${loopbackName}:${receiver.port}/hooks`,
          shop.id,
        ]);
      const { body: event } = await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: shop.liveKey });
      const [attempt] = await waitFor('the attempt', async () => {
        const log = await deliveriesOf(shop.liveKey, event.id);
        return log[0]?.error === null || log.length === 0 ? undefined : log;
      });
      // Which address it resolves to is the network's business: the merchant is not told.
      expect(attempt.error).to.equal(`refused target: ${loopbackName} resolves to a private address`);
      expect(attempt.error).to.not.match(/127\.|::1/);
      expect(attempt.response_status).to.equal(null);
      expect(receiver.received).to.have.length(0);
    } finally {
      await receiver.close();
    }
  });

  it('delivers to an HTTPS receiver whose certificate comes from WEBHOOK_CA_FILE, and fails TLS otherwise', async () => {
    const trusted = await startReceiver({ tls: pki });
    const merchant = await svc.createMerchant('TLS');
    try {
      await put(trusted.url.replace('127.0.0.1', 'localhost'), merchant.testKey);
      const { body: event } = await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: merchant.testKey });
      await trusted.waitFor(1);
      const done = await waitFor('delivery', async () => {
        const e = (await svc.request('GET', `/v1/events/${event.id}`, { key: merchant.testKey })).body;
        return e.delivery_status === 'succeeded' ? e : undefined;
      });
      expect(done.attempts).to.equal(1);
    } finally {
      await trusted.close();
    }
    // A certificate no trusted CA signed: a TLS failure, recorded as such.
    const strangerPki = makeTestPki();
    const stranger = await startReceiver({ tls: strangerPki });
    try {
      await put(stranger.url, merchant.testKey);
      const { body: event } = await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: merchant.testKey });
      const [attempt] = await waitFor('the attempt', async () => {
        const log = await deliveriesOf(merchant.testKey, event.id);
        return log[0]?.error == null ? undefined : log;
      });
      expect(attempt.error).to.match(/^TLS error/);
      expect(stranger.received).to.have.length(0);
    } finally {
      await stranger.close();
    }
  });

  it('keeps the overlap of a rolled secret within what was asked, and at most a week', async () => {
    const merchant = await svc.createMerchant('Roller');
    await put('http://127.0.0.1:9/hooks', merchant.testKey);
    const before = Date.now();
    const rolled = await svc.request('POST', '/v1/webhook_endpoint/roll_secret', { key: merchant.testKey, body: { expires_in: 3600 } });
    const until = Date.parse(rolled.body.previous_secret_expires_at);
    expect(until - before).to.be.within(3_599_000, 3_601_000);
    const defaulted = await svc.request('POST', '/v1/webhook_endpoint/roll_secret', { key: merchant.testKey });
    expect(defaulted.status).to.equal(200);
    const tooLong = await svc.request('POST', '/v1/webhook_endpoint/roll_secret', { key: merchant.testKey, body: { expires_in: 604_801 } });
    expect(tooLong.status).to.equal(400);
    expect(tooLong.body.error.param).to.equal('expires_in');
  });

  it('stops the previous secret at once when rolled with expires_in 0', async () => {
    const merchant = await svc.createMerchant('Instant roll');
    await put('http://127.0.0.1:9/hooks', merchant.testKey);
    const rolled = await svc.request('POST', '/v1/webhook_endpoint/roll_secret', { key: merchant.testKey, body: { expires_in: 0 } });
    expect(rolled.status).to.equal(200);
    expect(rolled.body.previous_secret_expires_at).to.equal(null);
    const signing = await svc.service.orm.em
      .fork()
      .execute<{ secret: string }[]>(
        'select secret from webhook_secrets s join webhook_endpoints w on w.id = s.endpoint_id where w.merchant_id = ? and (s.expires_at is null or s.expires_at > now())',
        [merchant.id],
      );
    expect(signing.map((r) => r.secret)).to.deep.equal([rolled.body.secret]);
  });

  it('lists events newest first, pages them, and keeps other merchants and modes apart', async () => {
    const merchant = await svc.createMerchant('Lister');
    await put('http://127.0.0.1:9/hooks', merchant.testKey);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.unshift((await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: merchant.testKey })).body.id);
    const page = await svc.request('GET', '/v1/events?limit=2', { key: merchant.testKey });
    expect(page.body.data.map((e: any) => e.id)).to.deep.equal(ids.slice(0, 2));
    expect(page.body.has_more).to.equal(true);
    const next = await svc.request('GET', `/v1/events?limit=2&starting_after=${ids[1]}`, { key: merchant.testKey });
    expect(next.body.data.map((e: any) => e.id)).to.deep.equal([ids[2]]);
    expect((await svc.request('GET', `/v1/events/${ids[0]}`, { key: shop.testKey })).status).to.equal(404);
    expect((await svc.request('GET', `/v1/events/${ids[0]}`, { key: merchant.liveKey })).status).to.equal(404);
    expect((await svc.request('GET', `/v1/events/${ids[0]}/deliveries`, { key: shop.testKey })).status).to.equal(404);
    expect((await svc.request('POST', `/v1/events/${ids[0]}/redeliver`, { key: shop.testKey })).status).to.equal(404);
    expect((await svc.request('GET', '/v1/events/evt_nope', { key: merchant.testKey })).status).to.equal(404);
    expect((await svc.request('GET', '/v1/events/evt_nope/deliveries', { key: merchant.testKey })).status).to.equal(404);
    expect((await svc.request('GET', '/v1/events?type=charge.succeeded', { key: merchant.testKey })).status).to.equal(400);
  });
});
