import { expect } from 'chai';
import { sampleRequests } from '../support/operations.ts';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';

describe('HTTP conventions', () => {
  let svc: TestService;
  let shop: TestMerchant;
  const logLines: string[] = [];

  before(async () => {
    svc = await startTestService('conventions', {}, { logLines });
    shop = await svc.createMerchant();
  });
  after(() => svc.stop());

  it('puts a fresh x-request-id on every response, including errors and pages', async () => {
    const seen = new Set<string>();
    for (const [method, path, key] of [
      ['GET', '/v1/payment_intents', shop.testKey],
      ['GET', '/v1/payment_intents', undefined],
      ['GET', '/v1/nowhere', shop.testKey],
      ['GET', '/nowhere', undefined],
      ['GET', '/docs', undefined],
      ['GET', '/openapi.yaml', undefined],
    ] as const) {
      const res = await svc.request(method, path, { key });
      const id = res.headers.get('x-request-id');
      expect(id, `${method} ${path}`).to.match(/^req_[0-9A-Za-z]{24}$/);
      seen.add(id!);
      if (res.status >= 400) expect(res.body.error.request_id).to.equal(id);
    }
    expect(seen.size).to.equal(6);
  });

  it('says its API version (Nairaflow-Version) on every answer, errors and pages included, and answers in the one a request names', async () => {
    for (const [method, path, key] of [
      ['GET', '/v1/payment_intents', shop.testKey],
      ['GET', '/v1/payment_intents', undefined],
      ['GET', '/v1/nowhere', shop.testKey],
      ['GET', '/docs', undefined],
      ['GET', '/dashboard', undefined],
    ] as const) {
      const res = await svc.request(method, path, { key });
      expect(res.headers.get('nairaflow-version'), `${method} ${path}`).to.equal('2026-11-27');
      for (const version of ['2026-11-24', '2026-11-27']) {
        const named = await svc.request(method, path, { key, headers: { 'Nairaflow-Version': version } });
        expect(named.headers.get('nairaflow-version'), `${method} ${path}`).to.equal(version);
        expect(named.status).to.equal(res.status);
      }
    }
  });

  it('refuses a Nairaflow-Version it does not know with 400 naming the header, and creates nothing', async () => {
    const before = await svc.request('GET', '/v1/payment_intents?limit=100', { key: shop.testKey });
    for (const version of ['2020-01-01', 'latest', '']) {
      const res = await svc.request('POST', '/v1/payment_intents', {
        key: shop.testKey,
        body: { amount: 1000, currency: 'NGN' },
        headers: { 'Nairaflow-Version': version },
      });
      expect(res.status, version).to.equal(400);
      expect(res.body.error.code).to.equal('invalid_request');
      expect(res.body.error.param).to.equal('Nairaflow-Version');
      expect(res.body.error.message).to.include('2026-11-24, 2026-11-27');
      expect(res.headers.get('nairaflow-version')).to.equal('2026-11-27');
    }
    const after = await svc.request('GET', '/v1/payment_intents?limit=100', { key: shop.testKey });
    expect(after.body.data.length).to.equal(before.body.data.length);
  });

  it('links every error to its code\'s entry in /docs (doc_url), an entry that is there', async () => {
    const docs = await (await svc.request('GET', '/docs')).text;
    const answers = [
      await svc.request('GET', '/v1/payment_intents', { key: undefined }),
      await svc.request('GET', '/v1/payment_intents/pi_000000000000000000000000', { key: shop.testKey }),
      await svc.request('POST', '/v1/payment_intents', { key: shop.testKey, body: { amount: 0, currency: 'NGN' } }),
      await svc.request('DELETE', '/v1/balance', { key: shop.testKey }),
    ];
    for (const res of answers) {
      const { code, doc_url: docUrl } = res.body.error;
      expect(docUrl, code).to.equal(`${svc.url}/docs#section/${code}`);
      expect(docs, `an entry for ${code}`).to.include(`id="section/${code}"`);
    }
    expect(new Set(answers.map((r) => r.body.error.code)).size).to.equal(4);
  });

  it('answers an unknown path with 404 resource_missing, inside and outside /v1', async () => {
    for (const path of ['/v1/charges', '/v2/payment_intents', '/favicon.ico']) {
      const res = await svc.request('GET', path, { key: shop.testKey });
      expect(res.status, path).to.equal(404);
      expect(res.body.error.code).to.equal('resource_missing');
    }
  });

  it('answers a known path with the wrong method with 405 method_not_allowed', async () => {
    for (const [method, path] of [
      ['DELETE', '/v1/payment_intents'],
      ['PUT', '/v1/payment_intents/pi_000000000000000000000000'],
      ['GET', '/v1/payment_intents/pi_000000000000000000000000/cancel'],
    ]) {
      const res = await svc.request(method!, path!, { key: shop.testKey });
      expect(res.status, `${method} ${path}`).to.equal(405);
      expect(res.body.error.code).to.equal('method_not_allowed');
    }
  });

  it('refuses a body over 64 KiB with 413 request_too_large on every operation that takes a body', async () => {
    const big = { padding: 'x'.repeat(65 * 1024) };
    const withBody = sampleRequests().filter((op) => op.hasBody);
    expect(withBody.length).to.be.greaterThan(4);
    const login = await svc.signIn(shop);
    for (const { method, path, takesSecretKey, takesSession } of withBody) {
      // An operation only a session may call is sent the session (a key would be a 401 first).
      const credentials = !takesSecretKey && takesSession ? { session: login } : { key: shop.testKey };
      const res = await svc.request(method, path, { ...credentials, body: big });
      expect(res.status, `${method} ${path}`).to.equal(413);
      expect(res.body.error.code).to.equal('request_too_large');
    }
  });

  it('matches paths exactly: /V1/... is not the API and reaches no handler', async () => {
    for (const [method, path] of [
      ['GET', '/V1/payment_intents'],
      ['POST', '/V1/payment_intents'],
      ['POST', '/v1/PAYMENT_INTENTS'],
    ]) {
      const res = await svc.request(method!, path!, { key: shop.testKey, ...(method === 'POST' ? { body: { amount: 'x' } } : {}) });
      expect(res.status, path).to.equal(404);
      expect(res.body.error.code).to.equal('resource_missing');
    }
  });

  it('refuses bodies PostgreSQL could never store, or the server never read, with 400 rather than 500', async () => {
    const create = (body: unknown, headers?: Record<string, string>) =>
      svc.request('POST', '/v1/payment_intents', { key: shop.testKey, rawBody: typeof body === 'string' ? body : JSON.stringify(body), headers });
    const nul = await create({ amount: 100, currency: 'NGN', description: '\u0000abc' });
    expect(nul.status).to.equal(400);
    expect(nul.body.error.message).to.match(/NUL/);
    const deep = `${'['.repeat(5000)}"bottom"${']'.repeat(5000)}`;
    const nested = await create(`{"amount": 100, "currency": "NGN", "metadata": {"deep": ${deep}}}`);
    expect(nested.status).to.equal(400);
    expect(nested.body.error.param, nested.text).to.equal('metadata');
    const gzip = await create('not gzip at all', { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    expect(gzip.status).to.equal(400);
    expect(gzip.body.error.code).to.equal('invalid_request');
  });

  it('serves the contract and a self-contained API reference', async () => {
    const yaml = await svc.request('GET', '/openapi.yaml');
    expect(yaml.headers.get('content-type')).to.match(/yaml/);
    expect(yaml.text).to.match(/^openapi: 3\.1/m);
    const docs = await svc.request('GET', '/docs');
    expect(docs.headers.get('content-type')).to.match(/text\/html/);
    expect(docs.text).to.include('Nairaflow');
    expect(docs.text).to.not.match(/<(script|link)[^>]+(src|href)=["']https?:/i);
  });

  it('turns an unexpected failure into 500 internal_error, with the details only in the log', async () => {
    const em = svc.service.orm.em.fork();
    await em.execute('alter table payment_intents rename to payment_intents_away');
    try {
      const res = await svc.request('POST', '/v1/payment_intents', { key: shop.testKey, body: { amount: 1000, currency: 'NGN' } });
      expect(res.status).to.equal(500);
      expect(res.body.error.code).to.equal('internal_error');
      expect(res.text).to.not.match(/payment_intents|relation|sql|stack/i);
      const requestId = res.headers.get('x-request-id')!;
      const logged = logLines.map((l) => JSON.parse(l)).find((l) => l.request_id === requestId && l.level === 50);
      expect(logged?.err?.message).to.match(/payment_intents/);
    } finally {
      await em.execute('alter table payment_intents_away rename to payment_intents');
    }
  });

  it('never logs a secret key or a client secret', async () => {
    const created = await svc.request('POST', '/v1/payment_intents', { key: shop.testKey, body: { amount: 1000, currency: 'NGN' } });
    const secret = created.body.client_secret as string;
    await svc.request('GET', `/v1/payment_intents/${created.body.id}?client_secret=${secret}`, { key: shop.testKey });
    await svc.request('GET', `/v1/nowhere/${shop.liveKey}`, { key: shop.testKey });
    const all = logLines.join('\n');
    expect(logLines.length).to.be.greaterThan(3);
    expect(all).to.not.include(shop.testKey);
    expect(all).to.not.include(shop.liveKey);
    expect(all).to.not.include(secret);
  });
});
