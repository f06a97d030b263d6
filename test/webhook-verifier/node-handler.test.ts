import { expect } from 'chai';
import express from 'express';
import { createServer, request, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { nodeHandler, signatureHeader, webhookHandler, type NairaflowEvent } from '../../webhook-verifier/src/index.ts';

const secret = 'whsec_bm9kZUhhbmRsZXJUZXN0U2VjcmV0';
const body = JSON.stringify({
  id: 'evt_mmFhLZKiP4cIuelfT4fOKx2A',
  type: 'payment_intent.succeeded',
  created: 1767261792,
  livemode: false,
  data: { id: 'pi_2JIglADXcZSH0YR87yZi3eO4', amount: '250000', currency: 'NGN', method: 'card', service_fee: '13750', metadata: { order_id: '1042' } },
});

const servers: Server[] = [];

async function listen(listener: RequestListener): Promise<string> {
  const server = createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function deliver(url: string, options: { body?: string; header?: string | null; method?: string } = {}): Promise<Response> {
  const payload = options.body ?? body;
  const header = options.header === undefined ? signatureHeader(payload, secret) : options.header;
  return fetch(url, {
    method: options.method ?? 'POST',
    headers: { 'Content-Type': 'application/json', ...(header === null ? {} : { 'Service-Signature': header }) },
    ...(options.method === 'GET' ? {} : { body: payload }),
  });
}

/** An onEvent that records events, and blocks until released, to prove the answer does not wait for it. */
function gatedReceiver() {
  const events: NairaflowEvent[] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let delivered!: (event: NairaflowEvent) => void;
  const received = new Promise<NairaflowEvent>((resolve) => (delivered = resolve));
  const onEvent = async (event: NairaflowEvent): Promise<void> => {
    events.push(event);
    delivered(event);
    await gate;
  };
  return { events, onEvent, release, received };
}

function closeServersAfterEach(): void {
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });
}

describe('webhook-verifier: webhookHandler (Express)', () => {
  closeServersAfterEach();

  it('answers 200 before onEvent has finished, then hands it the verified event', async () => {
    const receiver = gatedReceiver();
    const app = express();
    app.post('/webhooks', webhookHandler({ secret, onEvent: receiver.onEvent }));
    const res = await deliver(`${await listen(app)}/webhooks`);
    expect(res.status).to.equal(200);
    expect(await res.text()).to.equal('ok\n');
    const event = await receiver.received;
    receiver.release();
    expect(event).to.deep.equal(JSON.parse(body));
  });

  it('answers 400 with the reason on a bad signature, and never calls onEvent', async () => {
    const receiver = gatedReceiver();
    const app = express();
    app.post('/webhooks', webhookHandler({ secret, onEvent: receiver.onEvent }));
    const url = `${await listen(app)}/webhooks`;
    const wrong = await deliver(url, { header: signatureHeader(body, 'whsec_d3Jvbmc') });
    expect(wrong.status).to.equal(400);
    expect(wrong.headers.get('content-type')).to.match(/^text\/plain/);
    expect(await wrong.text()).to.match(/^Nairaflow webhook rejected \(no_matching_signature\): /);
    const missing = await deliver(url, { header: null });
    expect(missing.status).to.equal(400);
    expect(await missing.text()).to.include('(missing_header)');
    const stale = await deliver(url, { header: signatureHeader(body, secret, { timestamp: Math.floor(Date.now() / 1000) - 3600 }) });
    expect(await stale.text()).to.include('(timestamp_out_of_tolerance)');
    expect(receiver.events).to.have.length(0);
  });

  it('still works when express.json() is mounted for the rest of the app after the webhook route', async () => {
    const receiver = gatedReceiver();
    const app = express();
    app.post('/webhooks', webhookHandler({ secret, onEvent: receiver.onEvent }));
    app.use(express.json());
    app.post('/orders', (req, res) => res.json(req.body));
    const base = await listen(app);
    expect((await deliver(`${base}/webhooks`)).status).to.equal(200);
    expect((await receiver.received).id).to.equal('evt_mmFhLZKiP4cIuelfT4fOKx2A');
    receiver.release();
    const order = await fetch(`${base}/orders`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"a":1}' });
    expect(await order.json()).to.deep.equal({ a: 1 });
  });

  it('when express.json() already parsed the body, answers 400 explaining where to mount the handler', async () => {
    const receiver = gatedReceiver();
    const app = express();
    app.use(express.json());
    app.post('/webhooks', webhookHandler({ secret, onEvent: receiver.onEvent }));
    const res = await deliver(`${await listen(app)}/webhooks`);
    expect(res.status).to.equal(400);
    const text = await res.text();
    expect(text).to.include('(body_not_raw)').and.include('before app.use(express.json())').and.include('express.raw');
    expect(receiver.events).to.have.length(0);
  });

  it("uses req.rawBody when express.json's verify hook kept the bytes", async () => {
    const receiver = gatedReceiver();
    const app = express();
    app.use(express.json({ verify: (req, _res, buf) => ((req as typeof req & { rawBody?: Buffer }).rawBody = buf) }));
    app.post('/webhooks', webhookHandler({ secret, onEvent: receiver.onEvent }));
    // Whitespace that JSON.stringify(req.body) would lose: only the kept bytes verify.
    const spaced = JSON.stringify(JSON.parse(body), null, 2);
    expect((await deliver(`${await listen(app)}/webhooks`, { body: spaced })).status).to.equal(200);
    expect((await receiver.received).type).to.equal('payment_intent.succeeded');
    receiver.release();
  });

  it('uses the Buffer that express.raw() left in req.body', async () => {
    const receiver = gatedReceiver();
    const app = express();
    app.post('/webhooks', express.raw({ type: 'application/json' }), webhookHandler({ secret, onEvent: receiver.onEvent }));
    expect((await deliver(`${await listen(app)}/webhooks`)).status).to.equal(200);
    expect((await receiver.received).id).to.equal('evt_mmFhLZKiP4cIuelfT4fOKx2A');
    receiver.release();
  });

  it('passes what onEvent throws to onError, and keeps serving', async () => {
    const failures: [unknown, NairaflowEvent][] = [];
    let reported!: () => void;
    const allReported = new Promise<void>((resolve) => (reported = resolve));
    const app = express();
    let calls = 0;
    app.post(
      '/webhooks',
      webhookHandler({
        secret,
        onEvent: (event) => {
          calls++;
          if (calls === 1) throw new Error('database down');
          return Promise.reject(new Error(`still down for ${event.id}`));
        },
        onError: (error, event) => {
          failures.push([error, event]);
          if (failures.length === 2) reported();
        },
      }),
    );
    const url = `${await listen(app)}/webhooks`;
    expect((await deliver(url)).status).to.equal(200);
    expect((await deliver(url)).status).to.equal(200);
    await allReported;
    expect(failures.map(([error]) => (error as Error).message)).to.deep.equal(['database down', 'still down for evt_mmFhLZKiP4cIuelfT4fOKx2A']);
    expect(failures[0]![1].id).to.equal('evt_mmFhLZKiP4cIuelfT4fOKx2A');
  });

  it('without onError, logs an onEvent failure instead of crashing the process', async () => {
    const logged: unknown[][] = [];
    const original = console.error;
    let done!: () => void;
    const wasLogged = new Promise<void>((resolve) => (done = resolve));
    console.error = (...args: unknown[]) => {
      logged.push(args);
      done();
    };
    try {
      const app = express();
      app.post('/webhooks', webhookHandler({ secret, onEvent: () => Promise.reject(new Error('boom')) }));
      expect((await deliver(`${await listen(app)}/webhooks`)).status).to.equal(200);
      await wasLogged;
    } finally {
      console.error = original;
    }
    expect(String(logged[0]![0])).to.include('onEvent failed for payment_intent.succeeded evt_mmFhLZKiP4cIuelfT4fOKx2A');
    expect((logged[0]![1] as Error).message).to.equal('boom');
  });

  it('checks its options when it is made, so a missing secret fails at startup', () => {
    expect(() => webhookHandler({ secret: process.env.NF_UNSET_WEBHOOK_SECRET as string, onEvent: () => undefined })).to.throw(TypeError, /not set/);
    expect(() => webhookHandler({ secret, onEvent: undefined as unknown as () => void })).to.throw(TypeError, /onEvent/);
    expect(() => webhookHandler({ secret, onEvent: () => undefined, toleranceSeconds: -5 })).to.throw(TypeError, /toleranceSeconds/);
    expect(() => webhookHandler({ secret, onEvent: () => undefined, answer: 'later' as 'first' })).to.throw(TypeError, /answer must be 'first' or 'after_handler'/);
  });

  it("with answer: 'after_handler', answers 200 only once onEvent has finished", async () => {
    const receiver = gatedReceiver();
    const app = express();
    app.post('/webhooks', webhookHandler({ secret, onEvent: receiver.onEvent, answer: 'after_handler' }));
    const answer = deliver(`${await listen(app)}/webhooks`);
    await receiver.received;
    const early = await Promise.race([answer.then(() => 'answered'), new Promise((resolve) => setTimeout(resolve, 200, 'waiting'))]);
    expect(early, 'no answer while onEvent runs').to.equal('waiting');
    receiver.release();
    const res = await answer;
    expect(res.status).to.equal(200);
    expect(await res.text()).to.equal('ok\n');
  });

  it("with answer: 'after_handler', answers 500 when onEvent fails, so Nairaflow retries, without showing the error", async () => {
    const failures: unknown[] = [];
    const app = express();
    app.post(
      '/webhooks',
      webhookHandler({
        secret,
        answer: 'after_handler',
        onEvent: () => Promise.reject(new Error('could not connect to postgres://shop:hunter2@db')),
        onError: (error) => failures.push(error),
      }),
    );
    const res = await deliver(`${await listen(app)}/webhooks`);
    expect(res.status).to.equal(500);
    const text = await res.text();
    expect(text).to.equal('Nairaflow webhook: onEvent failed (see your logs); answering 500 so that Nairaflow retries the event\n');
    expect(text).to.not.include('hunter2');
    expect(failures.map((error) => (error as Error).message)).to.deep.equal(['could not connect to postgres://shop:hunter2@db']);
  });
});

describe('webhook-verifier: nodeHandler (node:http)', () => {
  closeServersAfterEach();

  it('receives a verified event on a plain http.createServer', async () => {
    const receiver = gatedReceiver();
    const res = await deliver(await listen(nodeHandler({ secret: ['whsec_bmV3', secret], onEvent: receiver.onEvent })));
    expect(res.status).to.equal(200);
    expect((await receiver.received).type).to.equal('payment_intent.succeeded');
    receiver.release();
  });

  it('answers 405 to anything but POST', async () => {
    const res = await deliver(await listen(nodeHandler({ secret, onEvent: () => undefined })), { method: 'GET' });
    expect(res.status).to.equal(405);
    expect(res.headers.get('allow')).to.equal('POST');
  });

  it('answers 413 to a body over maxBodyBytes, without verifying it', async () => {
    const url = await listen(nodeHandler({ secret, onEvent: () => undefined, maxBodyBytes: 100 }));
    const res = await deliver(url);
    expect(res.status).to.equal(413);
    expect(await res.text()).to.include('larger than 100 bytes');
  });

  it('answers 413 to a chunked body that grows past maxBodyBytes, without buffering it all', async () => {
    const url = new URL(await listen(nodeHandler({ secret, onEvent: () => undefined, maxBodyBytes: 1000 })));
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, method: 'POST', headers: { 'Service-Signature': signatureHeader(body, secret) } }, (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      req.on('error', reject);
      for (let i = 0; i < 100; i++) req.write('x'.repeat(100));
      req.end();
    });
    expect(status).to.equal(413);
  });

  it('honours the tolerance it was given', async () => {
    const url = await listen(nodeHandler({ secret, onEvent: () => undefined, toleranceSeconds: 7200 }));
    const res = await deliver(url, { header: signatureHeader(body, secret, { timestamp: Math.floor(Date.now() / 1000) - 3600 }) });
    expect(res.status).to.equal(200);
  });
});
