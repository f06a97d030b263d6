// An endpoint whose host name never resolves (its DNS server does not answer) fails its own
// attempts quickly, and holds up no one else's: webhook host names are resolved by c-ares with a
// short timeout, never by Node's thread-pool-bound dns.lookup.
import { expect } from 'chai';
import { createSocket, type Socket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';
import { answer, startReceiver, type Receiver } from '../support/receiver.ts';
import { waitFor } from '../support/payments.ts';

describe('webhook endpoints whose DNS does not answer', function () {
  this.timeout(60_000);
  let blackHole: Socket;
  let svc: TestService;
  let receiver: Receiver;

  before(async () => {
    // A DNS server that takes every question and answers none.
    blackHole = createSocket('udp4');
    blackHole.on('message', () => undefined);
    await new Promise<void>((resolve) => blackHole.bind(0, '127.0.0.1', resolve));
    const port = (blackHole.address() as AddressInfo).port;
    svc = await startTestService('webhook_dns', { WEBHOOK_DNS_SERVERS: `127.0.0.1:${port}`, WEBHOOK_RETRY_BASE_MS: '60000' });
    receiver = await startReceiver({ respond: answer(200) });
  });
  after(async () => {
    await receiver.close();
    await svc.stop();
    blackHole.close();
  });

  const withEndpoint = async (name: string, url: string): Promise<TestMerchant> => {
    const merchant = await svc.createMerchant(name);
    const res = await svc.request('PUT', '/v1/webhook_endpoint', { key: merchant.testKey, body: { url } });
    expect(res.status, res.text).to.equal(201);
    return merchant;
  };
  const testEvent = async (merchant: TestMerchant) => (await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: merchant.testKey })).body.id as string;

  it('fails attempts to a name that never resolves within seconds, while endpoints named in the hosts file and by address go on', async () => {
    const hostile = await withEndpoint('Silent DNS', `http://never-answers.example.test:${receiver.port}/hooks`);
    const byName = await withEndpoint('Local Name', `http://localhost:${receiver.port}/hooks`);
    const byAddress = await withEndpoint('By Address', receiver.url);
    const hostileEvents = await Promise.all(Array.from({ length: 20 }, () => testEvent(hostile)));

    for (const victim of [byName, byAddress, byName, byAddress]) {
      const sent = Date.now();
      const id = await testEvent(victim);
      const arrival = await waitFor(`event ${id}`, async () => receiver.received.find((r) => JSON.parse(r.body.toString('utf8')).id === id));
      expect(arrival.at - sent).to.be.below(1000);
    }

    const finished = await waitFor('the silent name to fail its attempt', async () => {
      const [attempt] = (await svc.request('GET', `/v1/events/${hostileEvents[0]}/deliveries`, { key: hostile.testKey })).body.data;
      return attempt?.error ? attempt : undefined;
    });
    expect(finished.error).to.equal('the host name did not resolve in time');
    // Well before the attempt's own 10 s timeout.
    expect(finished.duration_ms).to.be.below(5000);
  });
});
