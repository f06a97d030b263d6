import { expect } from 'chai';
import { waitFor } from '../support/payments.ts';
import { answer, startReceiver, type Receiver } from '../support/receiver.ts';
import { scrape } from '../support/metrics.ts';
import { startTestService, type TestService } from '../support/service.ts';
import { makeTestPki } from '../support/tls.ts';

describe('webhook delivery metrics', function () {
  this.timeout(60_000);
  let svc: TestService;
  const receivers: Receiver[] = [];

  before(async () => {
    // No retries within the test: each endpoint's one attempt is all there is to count.
    svc = await startTestService('delivery_metrics', { METRICS_PORT: '0', WEBHOOK_TIMEOUT_MS: '500', WEBHOOK_RETRY_BASE_MS: '600000' });
  });
  after(async () => {
    await svc.stop();
    for (const receiver of receivers) await receiver.close().catch(() => undefined);
  });

  it('counts each failed attempt under why it failed: the status, a timeout, TLS, or no connection', async () => {
    const failing = await startReceiver({ respond: answer(500, 'nope') });
    const silent = await startReceiver({ respond: () => undefined });
    // Its certificate is signed by a CA the service is not told about.
    const pki = makeTestPki();
    const untrusted = await startReceiver({ tls: { key: pki.key, cert: pki.cert } });
    const gone = await startReceiver();
    await gone.close();
    receivers.push(failing, silent, untrusted);

    const before = await scrape(svc.service.metricsUrl!);
    for (const url of [failing.url, silent.url, untrusted.url, gone.url]) {
      const shop = await svc.createMerchant();
      expect((await svc.request('PUT', '/v1/webhook_endpoint', { key: shop.testKey, body: { url } })).status).to.equal(201);
      expect((await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: shop.testKey })).status).to.equal(201);
    }
    const failed = (s: Awaited<ReturnType<typeof scrape>>, reason?: string) =>
      s.value('nairaflow_webhook_deliveries_total', { outcome: 'failed', ...(reason === undefined ? {} : { reason }) });
    const after = await waitFor('four failed attempts', async () => {
      const now = await scrape(svc.service.metricsUrl!);
      return failed(now) - failed(before) >= 4 ? now : undefined;
    });
    for (const reason of ['status', 'timeout', 'tls', 'connection']) expect(failed(after, reason) - failed(before, reason), reason).to.equal(1);
    expect(failed(after, 'other') - failed(before, 'other')).to.equal(0);
    expect(after.value('nairaflow_webhook_deliveries_total', { outcome: 'delivered' })).to.equal(before.value('nairaflow_webhook_deliveries_total', { outcome: 'delivered' }));

    // The one that timed out took the timeout (half a second); the others were quick.
    const durations = (le: string) => after.value('nairaflow_webhook_delivery_duration_seconds_bucket', { outcome: 'failed', le });
    expect(after.value('nairaflow_webhook_delivery_duration_seconds_count', { outcome: 'failed' })).to.equal(4);
    expect(durations('0.25')).to.equal(3);
    expect(durations('1')).to.equal(4);
  });
});
