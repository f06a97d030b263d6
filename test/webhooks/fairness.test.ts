// One merchant's slow or dead endpoint cannot hold up another merchant's webhooks: each endpoint
// has a cap on attempts in flight, and due attempts are taken round-robin across endpoints.
import { expect } from 'chai';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';
import { answer, startReceiver, type Receiver } from '../support/receiver.ts';
import { waitFor } from '../support/payments.ts';

describe('webhook fairness between merchants', function () {
  this.timeout(60_000);
  let svc: TestService;
  let slowShop: TestMerchant;
  let fastShop: TestMerchant;
  let slow: Receiver;
  let fast: Receiver;
  let slowOpen = 0;
  let slowMostOpen = 0;

  before(async () => {
    svc = await startTestService('webhook_fairness', { WEBHOOK_TIMEOUT_MS: '3000', WEBHOOK_RETRY_BASE_MS: '60000' });
    slowShop = await svc.createMerchant('Slow Endpoint');
    fastShop = await svc.createMerchant('Fast Endpoint');
    // Answers only after the full timeout: every attempt to it takes 3 s and fails.
    slow = await startReceiver({
      respond: (_r, _i, res) => {
        slowOpen++;
        slowMostOpen = Math.max(slowMostOpen, slowOpen);
        const timer = setTimeout(() => res.writeHead(200).end('too late'), 3500);
        res.on('close', () => {
          clearTimeout(timer);
          slowOpen--;
        });
      },
    });
    fast = await startReceiver({ respond: answer(200) });
    await svc.request('PUT', '/v1/webhook_endpoint', { key: slowShop.testKey, body: { url: slow.url } });
    await svc.request('PUT', '/v1/webhook_endpoint', { key: fastShop.testKey, body: { url: fast.url } });
  });
  after(async () => {
    await slow.close();
    await fast.close();
    await svc.stop();
  });

  const testEvent = async (merchant: TestMerchant) => (await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: merchant.testKey })).body.id as string;

  it("delivers another merchant's first attempt within a second while 40 attempts to a slow endpoint are due", async () => {
    await Promise.all(Array.from({ length: 40 }, () => testEvent(slowShop)));
    await slow.waitFor(1);
    const delays: number[] = [];
    for (let i = 0; i < 5; i++) {
      const sent = Date.now();
      const id = await testEvent(fastShop);
      const arrival = await waitFor(`event ${id} at the fast endpoint`, async () =>
        fast.received.find((r) => JSON.parse(r.body.toString('utf8')).id === id),
      );
      delays.push(arrival.at - sent);
      await new Promise((r) => setTimeout(r, 400));
    }
    expect(Math.max(...delays), `first attempts took ${delays.join(', ')} ms`).to.be.below(1000);
  });

  it('keeps at most 5 attempts in flight to one endpoint, and works through its backlog', async () => {
    await waitFor('the slow backlog to be worked through', async () => (slow.received.length >= 40 ? true : undefined), 45_000);
    expect(slowMostOpen).to.be.within(1, 5);
  });
});
