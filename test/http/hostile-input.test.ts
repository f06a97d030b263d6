// Input a careless or hostile client sends: bad percent-encoding, ill-formed Unicode, requests
// Node's own HTTP parser refuses, odd methods, amounts that are not written as whole numbers.
// Every one gets a clean 4xx in the one error shape, with x-request-id, and changes nothing.
import { expect } from 'chai';
import { connect } from 'node:net';
import { loadContract } from '../../server/src/http/contract.ts';
import { card, CARDS, paidIntent } from '../support/payments.ts';
import { startTestService, type ApiResponse, type TestMerchant, type TestService } from '../support/service.ts';

/** The one error shape, with request_id equal to the x-request-id header. */
function expectErrorShape(res: ApiResponse, status: number, code: string, label: string): void {
  expect(res.status, `${label}: ${res.text}`).to.equal(status);
  expect(res.headers.get('content-type'), label).to.match(/^application\/json/);
  const id = res.headers.get('x-request-id');
  expect(id, label).to.match(/^req_[0-9A-Za-z]{24}$/);
  expect(Object.keys(res.body), label).to.deep.equal(['error']);
  expect(res.body.error.code, label).to.equal(code);
  expect(res.body.error.request_id, label).to.equal(id);
}

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends bytes on a raw socket (for requests fetch refuses to make) and reads the answer. */
function raw(url: string, request: string | Buffer): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) headers[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    // Not half-closed: the server answers (and closes) while the client still listens.
    socket.write(request);
    setTimeout(() => socket.destroy(), 10_000).unref();
  });
}

function expectRawErrorShape(res: RawAnswer, status: number, code: string): void {
  expect(res.status, res.body).to.equal(status);
  expect(res.headers['x-request-id']).to.match(/^req_[0-9A-Za-z]{24}$/);
  expect(res.headers['content-type']).to.match(/^application\/json/);
  const body = JSON.parse(res.body);
  expect(body.error.code).to.equal(code);
  expect(body.error.request_id).to.equal(res.headers['x-request-id']);
}

describe('hostile input', () => {
  let svc: TestService;
  let shop: TestMerchant;
  const logLines: string[] = [];
  const errorLines = () => logLines.filter((line) => JSON.parse(line).level >= 50);

  before(async () => {
    svc = await startTestService('hostile_input', {}, { logLines });
    shop = await svc.createMerchant('Hostile Input');
  });
  after(() => svc.stop());
  // Nothing here is our fault: no request may log an error (with its stack trace).
  const it = (title: string, test: () => Promise<void>) =>
    globalThis.it(title, async () => {
      const before = errorLines().length;
      await test();
      expect(errorLines().slice(before)).to.deep.equal([]);
    });

  const countRows = async (table: string) =>
    Number((await svc.service.orm.em.fork().execute<{ n: string }[]>(`select count(*) as n from ${table}`))[0]!.n);

  describe('URLs that do not decode', () => {
    for (const path of ['/pay/%ff', '/dashboard/%ff', '/v1/payment_intents/%ff', '/v1/payment_intents/%E0%A4%A', '/nowhere/%ff']) {
      it(`answers ${path} with 400 invalid_request in the error shape, not 500`, async () => {
        const res = await svc.request('GET', path, { key: shop.testKey });
        expectErrorShape(res, 400, 'invalid_request', path);
        expect(res.body.error.message).to.match(/percent-encod/);
      });
    }
  });

  describe('ill-formed Unicode in JSON', () => {
    const create = (rawBody: string) => svc.request('POST', '/v1/payment_intents', { key: shop.testKey, rawBody });

    it('refuses a lone UTF-16 surrogate in metadata, a description or a key with 400 naming the field, and stores nothing', async () => {
      const before = await countRows('payment_intents');
      const cases: [string, string][] = [
        ['{"amount": 100, "currency": "NGN", "metadata": {"note": "\\udfff"}}', 'metadata.note'],
        ['{"amount": 100, "currency": "NGN", "metadata": {"list": ["ok", "\\ud800x"]}}', 'metadata.list.1'],
        ['{"amount": 100, "currency": "NGN", "description": "caf\\udc00e"}', 'description'],
        ['{"amount": 100, "currency": "NGN", "metadata": {"\\udfffkey": 1}}', 'metadata'],
      ];
      for (const [body, param] of cases) {
        const res = await create(body);
        expectErrorShape(res, 400, 'invalid_request', body);
        expect(res.body.error.param, body).to.equal(param);
        expect(res.body.error.message, body).to.match(/surrogate|Unicode/);
      }
      expect(await countRows('payment_intents')).to.equal(before);
    });

    it('accepts a well-formed surrogate pair (an emoji) and returns it intact', async () => {
      const res = await create('{"amount": 100, "currency": "NGN", "description": "Jollof \\ud83c\\udf5a", "metadata": {"k": "\\ud83d\\ude00"}}');
      expect(res.status, res.text).to.equal(201);
      expect(res.body.description).to.equal('Jollof \u{1F35A}');
      expect(res.body.metadata).to.deep.equal({ k: '\u{1F600}' });
    });
  });

  describe('amounts not written as whole numbers', () => {
    it('refuses 100.00000000000000001, 100.0 and 1e2 for every kobo field, and moves nothing', async () => {
      const paid = await paidIntent(svc, shop, 500_000);
      const intents = await countRows('payment_intents');
      const ledger = await countRows('ledger_transactions');
      for (const written of ['100.00000000000000001', '100.0', '1e2', '1E2', '100.000']) {
        const cases: [string, string, string][] = [
          ['/v1/payment_intents', `{"amount": ${written}, "currency": "NGN"}`, 'amount'],
          ['/v1/refunds', `{"payment_intent": "${paid.id}", "amount": ${written}}`, 'amount'],
          ['/v1/test_helpers/top_up', `{"amount": ${written}}`, 'amount'],
        ];
        for (const [path, body, param] of cases) {
          const res = await svc.request('POST', path, { key: shop.testKey, rawBody: body });
          expectErrorShape(res, 400, 'invalid_request', `${path} ${body}`);
          expect(res.body.error.param).to.equal(param);
          expect(res.body.error.message).to.match(/whole number/);
        }
      }
      expect(await countRows('payment_intents')).to.equal(intents);
      expect(await countRows('ledger_transactions')).to.equal(ledger);
    });

    it('reads a point or an exponent inside a string or a key as text, not as a number', async () => {
      const rawBody = '{"amount": 100, "currency": "NGN", "description": "Suya 1.5e3 \\"2.0\\"", "metadata": {"v1.0": "2E2", "true": "false"}}';
      const res = await svc.request('POST', '/v1/payment_intents', { key: shop.testKey, rawBody });
      expect(res.status, res.text).to.equal(201);
      expect(res.body.amount).to.equal('100');
      expect(res.body.description).to.equal('Suya 1.5e3 "2.0"');
      expect(res.body.metadata).to.deep.equal({ 'v1.0': '2E2', true: 'false' });
    });

    it('reads a body that starts with a byte order mark as the same JSON, decimals or not', async () => {
      const bom = '\uFEFF';
      for (const body of ['{"amount": 100, "currency": "NGN", "metadata": {"a": 1.5}}', '{"amount": 100, "currency": "NGN", "metadata": {"a": "1.5"}}']) {
        const plain = await svc.request('POST', '/v1/payment_intents', { key: shop.testKey, rawBody: body });
        const marked = await svc.request('POST', '/v1/payment_intents', { key: shop.testKey, rawBody: bom + body });
        expect(plain.status, plain.text).to.be.below(500);
        expect(marked.status, marked.text).to.equal(plain.status);
        expect(marked.body.error?.message).to.equal(plain.body.error?.message);
      }
      const notWhole = await svc.request('POST', '/v1/payment_intents', { key: shop.testKey, rawBody: `${bom}{"amount": 100.0, "currency": "NGN"}` });
      expectErrorShape(notWhole, 400, 'invalid_request', 'BOM 100.0');
      expect(notWhole.body.error.param).to.equal('amount');
    });

    it('refuses other integer fields written with a fraction too (a card expiry month of 12.0)', async () => {
      const intent = (await svc.request('POST', '/v1/payment_intents', { key: shop.testKey, body: { amount: 1000, currency: 'NGN', customer: { email: 'a@example.com' } } })).body;
      const body = JSON.stringify({ client_secret: intent.client_secret, method: 'card', card: card(CARDS.success) }).replace('"exp_month":12', '"exp_month":12.0');
      const res = await svc.request('POST', `/v1/payment_intents/${intent.id}/confirm`, { rawBody: body });
      expectErrorShape(res, 400, 'invalid_request', body);
      expect(res.body.error.param).to.equal('card.exp_month');
    });

    it('refuses a number too large to represent (1e400) anywhere, rather than storing null', async () => {
      const res = await svc.request('POST', '/v1/payment_intents', { key: shop.testKey, rawBody: '{"amount": 100, "currency": "NGN", "metadata": {"x": 1e400}}' });
      expectErrorShape(res, 400, 'invalid_request', '1e400');
      expect(res.body.error.param).to.equal('metadata.x');
    });

    it('leaves numbers in free-form metadata alone', async () => {
      const res = await svc.request('POST', '/v1/payment_intents', { key: shop.testKey, rawBody: '{"amount": 100, "currency": "NGN", "metadata": {"ratio": 1.0, "big": 1e3}}' });
      expect(res.status, res.text).to.equal(201);
      expect(res.body.metadata).to.deep.equal({ ratio: 1, big: 1000 });
    });
  });

  describe('methods', () => {
    const contract = loadContract();
    const paths = [...new Set(contract.operations.map((o) => o.path))];
    const sample = (path: string) => path.replace(/\{[^}]+\}/g, 'pi_000000000000000000000000');

    it('answers OPTIONS on every path of the contract with 405 method_not_allowed and an Allow header naming its methods', async () => {
      for (const path of paths) {
        const methods = contract.operations.filter((o) => o.path === path).map((o) => o.method.toUpperCase());
        if (methods.includes('GET')) methods.push('HEAD');
        const res = await svc.request('OPTIONS', sample(path));
        expectErrorShape(res, 405, 'method_not_allowed', `OPTIONS ${path}`);
        expect(res.headers.get('allow')?.split(', ').sort(), path).to.deep.equal(methods.sort());
      }
    });

    it('puts an Allow header on every 405', async () => {
      for (const [method, path, allow] of [
        ['DELETE', '/v1/payment_intents', 'GET, HEAD, POST'],
        ['PUT', '/v1/payment_intents/pi_000000000000000000000000', 'GET, HEAD'],
        ['GET', '/v1/payment_intents/pi_000000000000000000000000/cancel', 'POST'],
        ['PATCH', '/dashboard/api/session', 'DELETE, GET, HEAD, POST'],
      ] as const) {
        const res = await svc.request(method, path, { key: shop.testKey });
        expectErrorShape(res, 405, 'method_not_allowed', `${method} ${path}`);
        expect(res.headers.get('allow')?.split(', ').sort().join(', '), path).to.equal(allow);
      }
    });

    it('answers HEAD wherever GET is answered, without a body', async () => {
      const res = await svc.request('HEAD', '/v1/balance', { key: shop.testKey });
      expect(res.status).to.equal(200);
      expect(res.text).to.equal('');
      expect(res.headers.get('x-request-id')).to.match(/^req_/);
      const get = await svc.request('GET', '/v1/balance', { key: shop.testKey });
      expect(res.headers.get('content-type')).to.equal('application/json; charset=utf-8');
      expect(res.headers.get('content-type')).to.equal(get.headers.get('content-type'));
      expect(res.headers.get('content-length')).to.equal(String(Buffer.byteLength(get.text)));
      expect((await svc.request('HEAD', '/v1/payment_intents/pi_000000000000000000000000', { key: shop.testKey })).status).to.equal(404);
      expect((await svc.request('HEAD', '/dashboard')).status).to.equal(200);
    });

    it('answers other methods on the pages with 405 and Allow: GET, HEAD', async () => {
      for (const [method, path] of [
        ['OPTIONS', '/dashboard'],
        ['POST', '/dashboard'],
        ['OPTIONS', '/pay/pi_000000000000000000000000_secret_000000000000000000000000'],
        ['DELETE', '/docs'],
        ['POST', '/openapi.yaml'],
      ] as const) {
        const res = await svc.request(method, path);
        expectErrorShape(res, 405, 'method_not_allowed', `${method} ${path}`);
        expect(res.headers.get('allow'), `${method} ${path}`).to.equal('GET, HEAD');
      }
    });
  });

  describe("requests Node's HTTP parser refuses", () => {
    it('answers a header over 16 KB with 431 in the error shape, with x-request-id', async () => {
      const res = await raw(svc.url, `GET /v1/balance HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      expectRawErrorShape(res, 431, 'request_headers_too_large');
    });

    it('answers CONNECT, an unknown Expect and a missing Host in the error shape, with x-request-id', async () => {
      const connectAnswer = await raw(svc.url, `CONNECT /v1/balance HTTP/1.1\r\nHost: x\r\n\r\n`);
      expectRawErrorShape(connectAnswer, 405, 'method_not_allowed');
      const expectAnswer = await raw(svc.url, `GET /v1/balance HTTP/1.1\r\nHost: x\r\nExpect: foo\r\nConnection: close\r\n\r\n`);
      expectRawErrorShape(expectAnswer, 400, 'invalid_request');
      const noHost = await raw(svc.url, `GET /v1/balance HTTP/1.1\r\nConnection: close\r\n\r\n`);
      expectRawErrorShape(noHost, 400, 'invalid_request');
    });

    it('reads a request target with a fragment as a client library would send it without one', async () => {
      const auth = `Host: x\r\nAuthorization: Bearer ${shop.testKey}\r\nConnection: close\r\n\r\n`;
      const list = await raw(svc.url, `GET /v1/payment_intents?limit=2#frag HTTP/1.1\r\n${auth}`);
      expect(list.status, list.body).to.equal(200);
      expect(JSON.parse(list.body).data).to.be.an('array');
      const one = await raw(svc.url, `GET /v1/payment_intents/pi_000000000000000000000000#/cancel HTTP/1.1\r\n${auth}`);
      expectRawErrorShape(one, 404, 'resource_missing');
      expect(one.headers['nairaflow-version']).to.equal('2026-11-27');
    });

    it('names a query parameter the operation does not take as unknown, whatever its spelling', async () => {
      for (const name of ['limitx', 'limi', 'x[limit]']) {
        const res = await svc.request('GET', `/v1/payment_intents?${name}=2`, { key: shop.testKey });
        expectErrorShape(res, 400, 'invalid_request', name);
        expect(res.body.error.message, name).to.match(/unknown/i);
      }
    });

    it('takes an empty chunked body as no body where none is taken, and refuses a chunked one with content', async () => {
      const created = await svc.request('POST', '/v1/payment_intents', { key: shop.testKey, body: { amount: 1000, currency: 'NGN' } });
      const head = `POST /v1/payment_intents/${created.body.id}/cancel HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${shop.testKey}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`;
      const withContent = await raw(svc.url, `${head}5\r\nhello\r\n0\r\n\r\n`);
      expectRawErrorShape(withContent, 400, 'invalid_request');
      const empty = await raw(svc.url, `${head}0\r\n\r\n`);
      expect(empty.status, empty.body).to.equal(200);
    });

    it('answers an invalid method or request line with 400 in the error shape, with x-request-id', async () => {
      for (const line of ['FO(O /v1/balance HTTP/1.1', 'GET /v1/balance HTTP/9.9', 'GARBAGE']) {
        const res = await raw(svc.url, `${line}\r\nHost: x\r\n\r\n`);
        expectRawErrorShape(res, 400, 'invalid_request');
      }
    });
  });

  describe('secrets in URLs', () => {
    it('masks every query value but the list parameters, and card numbers and keys however they are written', async () => {
      const lines = logLines.length;
      const card = '4084 0840 8408 4081';
      for (const query of [
        `card=${card.replace(/ /g, '+')}`,
        `card=${card.replace(/ /g, '.')}`,
        `card=${encodeURIComponent(card).replace(/%20/g, '%2B')}`,
        'otp=123456',
        `k=x${shop.testKey}`,
        'limit=3&starting_after=pi_000000000000000000000000',
      ]) {
        await svc.request('GET', `/v1/payment_intents?${query}`, { key: shop.testKey });
      }
      const written = logLines.slice(lines).join('\n');
      expect(written).to.not.match(/4084.?0840.?8408.?4081/);
      expect(written).to.not.include('123456');
      expect(written).to.not.include(shop.testKey.slice(8));
      expect(written).to.include('limit=3&starting_after=pi_000000000000000000000000');
      expect(written).to.include('otp=[redacted]');
    });

    it('masks a client secret however it is percent-encoded, in the path and in the query', async () => {
      const created = await svc.request('POST', '/v1/payment_intents', { key: shop.testKey, body: { amount: 1000, currency: 'NGN' } });
      const secret = created.body.client_secret as string;
      const [id, tail] = secret.split('_secret_') as [string, string];
      const encoded = `${id}%5Fsecret%5F${tail}`;
      const lower = `${id}%5fsecret%5f${tail}`;
      const every = `${[...secret].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('')}`;
      const lines = logLines.length;
      await svc.request('GET', `/pay/${encoded}`);
      await svc.request('GET', `/pay/${every}`);
      await svc.request('GET', `/v1/payment_intents/${id}/checkout?client_secret=${lower}`);
      await svc.request('GET', `/v1/payment_intents/${id}/checkout?client_secret=${encodeURIComponent(secret).replace(/_/g, '%5F')}`);
      const written = logLines.slice(lines).join('\n');
      expect(written).to.include('/pay/');
      for (const form of [secret, encoded, lower, every, tail]) expect(written).to.not.include(form);
      expect(decodeURIComponent(written.replace(/%(?![0-9a-f]{2})/gi, ''))).to.not.include(tail);
    });
  });
});
