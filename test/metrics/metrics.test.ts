import { expect } from 'chai';
import pg from 'pg';
import type { ServerResponse } from 'node:http';
import { card, CARDS, confirm, createIntent, paidIntent, waitFor } from '../support/payments.ts';
import { answer, startReceiver, type Receiver } from '../support/receiver.ts';
import { scrape, type Scrape } from '../support/metrics.ts';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';

describe('GET /metrics while payments run', function () {
  this.timeout(60_000);
  let svc: TestService;
  let metricsUrl: string;
  let receiver: Receiver;
  let shop: TestMerchant;

  before(async () => {
    receiver = await startReceiver({ respond: answer(200) });
    // Processing payments stay processing for the whole file: the gauge has one to show.
    svc = await startTestService('metrics', { METRICS_PORT: '0', PAYMENT_PROCESSING_DELAY_MS: '600000' });
    metricsUrl = svc.service.metricsUrl!;
    shop = await svc.createMerchant('Metrics Shop');
    const endpoint = await svc.request('PUT', '/v1/webhook_endpoint', { key: shop.testKey, body: { url: receiver.url } });
    expect(endpoint.status).to.equal(201);
  });
  after(async () => {
    await svc.stop();
    await receiver.close();
  });

  it('counts the operations, the error codes and the deliveries of the traffic it sees, scraped as it runs', async () => {
    const before = await scrape(metricsUrl);
    expect(before.status).to.equal(200);

    // Prometheus scraping every 20 ms while the traffic runs.
    const during: Scrape[] = [];
    let running = true;
    const scraper = (async () => {
      while (running) {
        during.push(await scrape(metricsUrl));
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const paid = await paidIntent(svc, shop);
    const refund = await svc.request('POST', '/v1/refunds', { key: shop.testKey, body: { payment_intent: paid.id, amount: 1000 } });
    expect(refund.status).to.equal(201);
    const missing = await svc.request('GET', '/v1/payment_intents/pi_doesnotexist0000000000', { key: shop.testKey });
    expect(missing.status).to.equal(404);
    const badKey = await svc.request('GET', '/v1/balance', { key: 'sk_test_notakey' });
    expect(badKey.status).to.equal(401);
    await receiver.waitFor(1);
    const after = await waitFor('the delivery to be counted', async () => {
      const now = await scrape(metricsUrl);
      return now.value('nairaflow_webhook_deliveries_total', { outcome: 'delivered' }) > before.value('nairaflow_webhook_deliveries_total', { outcome: 'delivered' })
        ? now
        : undefined;
    });
    running = false;
    await scraper;

    const grew = (name: string, labels: Record<string, string>) => after.value(name, labels) - before.value(name, labels);
    expect(grew('nairaflow_http_requests_total', { operation: 'createPaymentIntent', status: '201' })).to.equal(1);
    expect(grew('nairaflow_http_requests_total', { operation: 'confirmPaymentIntent', status: '200' })).to.equal(1);
    expect(grew('nairaflow_http_requests_total', { operation: 'createRefund', status: '201' })).to.equal(1);
    expect(grew('nairaflow_http_requests_total', { operation: 'retrievePaymentIntent', status: '404' })).to.equal(1);
    expect(grew('nairaflow_http_requests_total', { operation: 'retrieveBalance', status: '401' })).to.equal(1);
    expect(grew('nairaflow_http_errors_total', { code: 'resource_missing' })).to.equal(1);
    expect(grew('nairaflow_http_errors_total', { code: 'invalid_api_key' })).to.equal(1);
    expect(grew('nairaflow_http_errors_total', { code: 'internal_error' })).to.equal(0);
    expect(grew('nairaflow_webhook_deliveries_total', { outcome: 'delivered' })).to.be.at.least(1);

    // The latency histograms have the requests and the delivery, each in a bucket.
    for (const operation of ['createPaymentIntent', 'confirmPaymentIntent', 'createRefund']) {
      const count = after.value('nairaflow_http_request_duration_seconds_count', { operation });
      expect(count, operation).to.be.at.least(1);
      expect(after.value('nairaflow_http_request_duration_seconds_bucket', { operation, le: '+Inf' }), operation).to.equal(count);
      expect(after.value('nairaflow_http_request_duration_seconds_bucket', { operation, le: '5' }), operation).to.equal(count);
      expect(after.value('nairaflow_http_request_duration_seconds_sum', { operation }), operation).to.be.above(0);
    }
    expect(after.value('nairaflow_webhook_delivery_duration_seconds_count', { outcome: 'delivered' })).to.be.at.least(1);

    // Every scrape during the traffic was answered, and none of our counters ever went back.
    expect(during.length).to.be.at.least(2);
    for (const [i, s] of during.entries()) {
      expect(s.status).to.equal(200);
      const previous = during[i - 1];
      if (previous === undefined) continue;
      for (const sample of previous.samples.filter((p) => p.name.startsWith('nairaflow_') && p.name.endsWith('_total'))) {
        expect(s.value(sample.name, sample.labels), `${sample.name} ${JSON.stringify(sample.labels)}`).to.be.at.least(sample.value);
      }
    }
  });

  it('counts an event stream when its client leaves, and a request its client gave up on as 499', async () => {
    const before = await scrape(metricsUrl);
    const stop = new AbortController();
    const stream = await fetch(`${svc.url}/v1/events/stream`, { headers: { authorization: `Bearer ${shop.testKey}` }, signal: stop.signal });
    expect(stream.status).to.equal(200);
    await stream.body!.getReader().read();
    stop.abort();

    // A retrieve held up by a lock on the table, and abandoned by its client while it waits.
    const intent = await createIntent(svc, shop.testKey);
    const blocker = new pg.Client({ connectionString: svc.database.url });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('lock table payment_intents in access exclusive mode');
      const gaveUp = new AbortController();
      const waiting = fetch(`${svc.url}/v1/payment_intents/${intent.id}`, { headers: { authorization: `Bearer ${shop.testKey}` }, signal: gaveUp.signal }).catch(
        (error: Error) => error.name,
      );
      await new Promise((r) => setTimeout(r, 300));
      gaveUp.abort();
      expect(await waiting).to.equal('AbortError');
    } finally {
      await blocker.query('rollback');
      await blocker.end();
    }

    const after = await waitFor('both requests to be counted', async () => {
      const scraped = await scrape(metricsUrl);
      const streams = scraped.value('nairaflow_http_requests_total', { operation: 'streamEvents', status: '200' });
      const abandoned = scraped.value('nairaflow_http_requests_total', { operation: 'retrievePaymentIntent', status: '499' });
      return streams > before.value('nairaflow_http_requests_total', { operation: 'streamEvents', status: '200' }) &&
        abandoned > before.value('nairaflow_http_requests_total', { operation: 'retrievePaymentIntent', status: '499' })
        ? scraped
        : undefined;
    });
    expect(after.value('nairaflow_http_request_duration_seconds_count', { operation: 'retrievePaymentIntent' })).to.be.greaterThan(
      before.value('nairaflow_http_request_duration_seconds_count', { operation: 'retrievePaymentIntent' }),
    );
  });

  it('shows a payment the processor holds as processing, with its age', async () => {
    const intent = await createIntent(svc, shop.testKey);
    const res = await confirm(svc, intent, { card: card(CARDS.processingSucceeds) });
    expect(res.body.status).to.equal('processing');
    await new Promise((r) => setTimeout(r, 50));
    const now = await scrape(metricsUrl);
    expect(now.value('nairaflow_payments_processing', { mode: 'test' })).to.equal(1);
    expect(now.value('nairaflow_payments_processing', { mode: 'live' })).to.equal(0);
    expect(now.value('nairaflow_payments_processing_oldest_age_seconds', { mode: 'test' })).to.be.within(0.04, 30);
  });

  it('shows an attempt waiting behind a slow new endpoint in the backlog of the new tier, and empties it once delivered', async () => {
    const held: ServerResponse[] = [];
    const slow = await startReceiver({ respond: (_req, _i, res) => void held.push(res) });
    try {
      const newcomer = await svc.createMerchant('Slow Newcomer');
      await svc.request('PUT', '/v1/webhook_endpoint', { key: newcomer.testKey, body: { url: slow.url } });
      // A new endpoint takes one attempt at a time: the second event waits, due, behind the first.
      await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: newcomer.testKey });
      await slow.waitFor(1);
      await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: newcomer.testKey });
      await new Promise((r) => setTimeout(r, 100));
      const waiting = await scrape(metricsUrl);
      expect(waiting.value('nairaflow_webhook_backlog_due', { tier: 'new' })).to.equal(1);
      expect(waiting.value('nairaflow_webhook_backlog_oldest_age_seconds', { tier: 'new' })).to.be.within(0.05, 10);
      expect(waiting.value('nairaflow_webhook_backlog_due', { tier: 'failing' })).to.equal(0);

      held.shift()!.writeHead(200).end('ok');
      await slow.waitFor(2);
      held.shift()!.writeHead(200).end('ok');
      const drained = await waitFor('the backlog to empty', async () => {
        const now = await scrape(metricsUrl);
        return now.value('nairaflow_webhook_backlog_due', { tier: 'new' }) === 0 ? now : undefined;
      });
      expect(drained.value('nairaflow_webhook_backlog_oldest_age_seconds', { tier: 'new' })).to.equal(0);
    } finally {
      for (const res of held) res.destroy();
      await slow.close();
    }
  });

  it("shows the connection pools' use and the process's own figures", async () => {
    const now = await scrape(metricsUrl);
    for (const pool of ['orm', 'jobs']) {
      expect(now.has('nairaflow_db_pool_connections', { pool, state: 'in_use' }), pool).to.equal(true);
      expect(now.value('nairaflow_db_pool_connections', { pool }), pool).to.be.at.least(1);
      expect(now.value('nairaflow_db_pool_waiting', { pool }), pool).to.equal(0);
    }
    expect(now.value('nairaflow_db_pool_max', { pool: 'orm' })).to.equal(20);
    expect(now.value('process_cpu_seconds_total')).to.be.above(0);
    expect(now.has('nodejs_eventloop_lag_p99_seconds')).to.equal(true);
    expect(now.has('nodejs_heap_size_used_bytes')).to.equal(true);
    expect(now.value('nairaflow_metrics_scrape_errors_total')).to.equal(0);
  });
});
