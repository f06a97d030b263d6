// One merchant's slow or dead endpoint cannot hold up another merchant's webhooks: each endpoint
// has a cap on attempts in flight (one, once it is failing), failing endpoints share at most half
// of a worker's places, and due attempts are taken round-robin across endpoints.
import { expect } from 'chai';
import type { ServerResponse } from 'node:http';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';
import { answer, startReceiver, type Receiver } from '../support/receiver.ts';
import { waitFor } from '../support/payments.ts';

/** A receiver that holds each request `holdMs` before answering `status`, and counts how many it holds at once. */
async function heldReceiver(holdMs: number, status: number) {
  const counts = { open: 0, most: 0 };
  const receiver = await startReceiver({
    respond: (_r, _i, res: ServerResponse) => {
      counts.open++;
      counts.most = Math.max(counts.most, counts.open);
      const timer = setTimeout(() => res.writeHead(status).end('late'), holdMs);
      res.on('close', () => {
        clearTimeout(timer);
        counts.open--;
      });
    },
  });
  return { receiver, counts };
}

describe('webhook fairness between merchants', function () {
  this.timeout(90_000);
  let svc: TestService;
  let fastShop: TestMerchant;
  let fast: Receiver;
  const closing: Receiver[] = [];

  before(async () => {
    svc = await startTestService('webhook_fairness', { WEBHOOK_TIMEOUT_MS: '3000', WEBHOOK_RETRY_BASE_MS: '60000' });
    fastShop = await svc.createMerchant('Fast Endpoint');
    fast = await startReceiver({ respond: answer(200) });
    closing.push(fast);
    await svc.request('PUT', '/v1/webhook_endpoint', { key: fastShop.testKey, body: { url: fast.url } });
  });
  after(async () => {
    await Promise.all(closing.map((r) => r.close()));
    await svc.stop();
  });

  const testEvent = async (merchant: TestMerchant) => (await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: merchant.testKey })).body.id as string;
  const withEndpoint = async (name: string, url: string) => {
    const merchant = await svc.createMerchant(name);
    await svc.request('PUT', '/v1/webhook_endpoint', { key: merchant.testKey, body: { url } });
    return merchant;
  };

  /** How long the fast merchant's first attempts take to arrive, 5 times over. */
  async function firstAttemptDelays(): Promise<number[]> {
    const delays: number[] = [];
    for (let i = 0; i < 5; i++) {
      const sent = Date.now();
      const id = await testEvent(fastShop);
      const arrival = await waitFor(`event ${id} at the fast endpoint`, async () =>
        fast.received.find((r) => JSON.parse(r.body.toString('utf8')).id === id),
      );
      delays.push(arrival.at - sent);
      await new Promise((r) => setTimeout(r, 300));
    }
    return delays;
  }

  it("delivers another merchant's first attempt within a second while 40 attempts to a dead endpoint are due, which gets one at a time", async () => {
    const dead = await heldReceiver(3500, 200); // answers after the timeout: every attempt fails
    closing.push(dead.receiver);
    const deadShop = await withEndpoint('Dead Endpoint', dead.receiver.url);
    await Promise.all(Array.from({ length: 40 }, () => testEvent(deadShop)));
    await dead.receiver.waitFor(1);
    const delays = await firstAttemptDelays();
    expect(Math.max(...delays), `first attempts took ${delays.join(', ')} ms`).to.be.below(1000);
    // Its first attempts went out together (at most 5); once failing, one at a time.
    await waitFor('a few failed rounds', async () => (dead.receiver.received.length >= 6 ? true : undefined), 30_000);
    const openNow: number[] = [];
    for (let i = 0; i < 10; i++) {
      openNow.push(dead.counts.open);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(dead.counts.most).to.be.within(1, 5);
    expect(Math.max(...openNow)).to.be.at.most(1);
  });

  it("keeps another merchant's first attempts within a second while 60 dead endpoints have work due", async () => {
    const dead = await heldReceiver(3500, 200);
    closing.push(dead.receiver);
    // Made ten at a time: what is measured is the delivery, not a burst of 600 requests at once
    // (which, on a busy machine, waits longer for the connection pool than a request may).
    const shops: TestMerchant[] = [];
    for (let i = 0; i < 60; i += 10) {
      shops.push(...(await Promise.all(Array.from({ length: 10 }, (_, j) => withEndpoint(`Dead ${i + j}`, `${dead.receiver.url}?shop=${i + j}`)))));
    }
    for (const shop of shops) await Promise.all(Array.from({ length: 10 }, () => testEvent(shop)));
    await dead.receiver.waitFor(30);
    const delays = await firstAttemptDelays();
    expect(Math.max(...delays), `first attempts took ${delays.join(', ')} ms`).to.be.below(1000);
  });

  it('keeps at most 5 attempts in flight to a slow but healthy endpoint, and works through its backlog', async () => {
    const slow = await heldReceiver(400, 200);
    closing.push(slow.receiver);
    const slowShop = await withEndpoint('Slow Endpoint', slow.receiver.url);
    await Promise.all(Array.from({ length: 30 }, () => testEvent(slowShop)));
    await waitFor('the slow backlog to be worked through', async () => (slow.receiver.received.length >= 30 ? true : undefined), 30_000);
    expect(slow.counts.most).to.equal(5);
  });
});
