// nf.events.stream() against the real service: typed events as they commit, across dropped connections.
import { expect } from 'chai';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AuthenticationError, Nairaflow, type NairaflowEvent } from '../../sdk/src/index.ts';
import { startProxy } from '../support/proxy.ts';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';

describe('sdk: events.stream()', function () {
  this.timeout(30_000);
  let svc: TestService;
  let merchant: TestMerchant;

  before(async () => {
    svc = await startTestService('sdk_event_stream');
    merchant = await svc.createMerchant('Streaming Shop');
  });
  after(() => svc?.stop());

  /** Reads the stream in the background; `received` fills as events arrive. */
  function consume(nf: Nairaflow, params: Parameters<Nairaflow['events']['stream']>[0] = {}) {
    const stop = new AbortController();
    const received: NairaflowEvent[] = [];
    const done = (async () => {
      for await (const event of nf.events.stream(params, { signal: stop.signal })) received.push(event);
    })();
    const until = async (n: number) => {
      const deadline = Date.now() + 15_000;
      while (received.length < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      return received;
    };
    return { received, until, stop: () => stop.abort(), done };
  }

  it('gives each event as it commits, typed by `type`, resuming after a dropped connection with none missed or repeated', async () => {
    const proxy = await startProxy(svc.url);
    const nf = new Nairaflow(merchant.testKey, { baseUrl: proxy.url });
    const stream = consume(nf);
    try {
      // The stream starts from now: let it open before the first event.
      while (proxy.connections() === 0) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 300));
      const first = await nf.webhookEndpoint.sendTestEvent();
      await stream.until(1);
      proxy.cut();
      const meanwhile = [(await new Nairaflow(merchant.testKey, { baseUrl: svc.url }).webhookEndpoint.sendTestEvent()).id];
      const after = await stream.until(2);
      expect(after.map((e) => e.id)).to.deep.equal([first.id, ...meanwhile]);
      const event = after[0]!;
      // Narrowed by `type`, as the verifier's events are.
      if (event.type === 'webhook.test') expect(event.data.test).to.equal(true);
      else expect.fail(`expected webhook.test, got ${event.type}`);
      expect(proxy.connections()).to.be.at.least(2);
    } finally {
      stream.stop();
      await stream.done;
      await proxy.close();
    }
  });

  it('with since, starts with the events created at or after that time, then resumes after the last one given when the connection drops', async () => {
    const own = await svc.createMerchant('Since Shop');
    const direct = new Nairaflow(own.testKey, { baseUrl: svc.url });
    const before = await direct.webhookEndpoint.sendTestEvent();
    await new Promise((r) => setTimeout(r, 20));
    const since = new Date();
    await new Promise((r) => setTimeout(r, 5));
    const after = [(await direct.webhookEndpoint.sendTestEvent()).id, (await direct.webhookEndpoint.sendTestEvent()).id];
    const proxy = await startProxy(svc.url);
    const stream = consume(new Nairaflow(own.testKey, { baseUrl: proxy.url }), { since });
    try {
      expect((await stream.until(2)).map((e) => e.id)).to.deep.equal(after);
      proxy.cut();
      const meanwhile = (await direct.webhookEndpoint.sendTestEvent()).id;
      expect((await stream.until(3)).map((e) => e.id)).to.deep.equal([...after, meanwhile]);
      await new Promise((r) => setTimeout(r, 300));
      expect(stream.received.map((e) => e.id)).to.deep.equal([...after, meanwhile]);
      expect(stream.received.map((e) => e.id)).not.to.include(before.id);
      expect(proxy.connections()).to.be.at.least(2);
    } finally {
      stream.stop();
      await stream.done;
      await proxy.close();
    }
  });

  it('never reconnects in a tight loop, whatever the server says: a stream that opens and closes at once backs off', async () => {
    // A server that answers every stream with retry: 0 and closes it at once.
    let connections = 0;
    const server = createServer((_req, res) => {
      connections++;
      res.writeHead(200, { 'content-type': 'text/event-stream' }).end('retry: 0\n\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const stream = consume(new Nairaflow(merchant.testKey, { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
    await new Promise((r) => setTimeout(r, 2_500));
    stream.stop();
    await stream.done;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    // At least a second apart, doubling: no more than three in two and a half seconds.
    expect(connections).to.be.within(1, 3);
  });

  it('ends quietly when its signal aborts, and throws AuthenticationError for a key the API refuses', async () => {
    const stream = consume(new Nairaflow(merchant.testKey, { baseUrl: svc.url }), { type: ['payment_intent.succeeded'] });
    await new Promise((r) => setTimeout(r, 200));
    stream.stop();
    await stream.done;
    expect(stream.received).to.deep.equal([]);

    const refused = consume(new Nairaflow(`sk_test_${'x'.repeat(32)}`, { baseUrl: svc.url }));
    let error: unknown;
    await refused.done.catch((e: unknown) => (error = e));
    expect(error).to.be.instanceOf(AuthenticationError);
  });
});
