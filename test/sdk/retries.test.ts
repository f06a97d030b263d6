import { expect } from 'chai';
import { APIError, ConnectionError, IdempotencyError, InvalidRequestError, RateLimitError } from '../../sdk/src/index.ts';
import { backoffDelayMs } from '../../sdk/src/transport.ts';
import { apiError, client, failingFirst, hangingFirst, intent, useNock } from './support/nock.ts';

const created = intent('pi_1', { client_secret: 'pi_1_secret_x' });
const gaps = (times: number[]): number[] => times.slice(1).map((t, i) => t - times[i]!);

describe('sdk: retries', function () {
  this.timeout(20_000);
  const { api, seen } = useNock();

  it('retries a create after a dropped connection and a 5xx, reusing its Idempotency-Key', async () => {
    // Attempt 1: the connection drops; 2: a 503; 3: created.
    const flaky = failingFirst(1);
    const keys: (string | null)[] = [];
    api()
      .post('/v1/payment_intents').reply(...apiError(503, 'internal_error', 'Try again'))
      .post('/v1/payment_intents').reply(201, created);
    const nf = client({ fetch: (request) => (keys.push(request.headers.get('idempotency-key')), flaky.fetch(request)) });
    const result = await nf.paymentIntents.create({ amount: 250000, currency: 'NGN' });
    expect(result.id).to.equal('pi_1');
    expect(flaky.calls()).to.equal(3);
    expect(seen).to.have.length(2);
    expect(new Set(keys).size).to.equal(1);
    expect(keys[0]).to.be.a('string');
    expect(seen.map((s) => s.headers['idempotency-key'])).to.deep.equal([keys[0], keys[0]]);
    expect(new Set(seen.map((s) => s.body)).size).to.equal(1);
  });

  it('retries 409 idempotency_key_in_use with the same key, the caller’s own included', async () => {
    api()
      .post('/v1/refunds').reply(...apiError(409, 'idempotency_key_in_use', 'A request with this key is in progress.'))
      .post('/v1/refunds').reply(201, { id: 're_1' });
    await client().refunds.create({ payment_intent: 'pi_1', amount: 100 }, { idempotencyKey: 'order-7-refund' });
    expect(seen.map((s) => s.headers['idempotency-key'])).to.deep.equal(['order-7-refund', 'order-7-refund']);
  });

  it('waits with exponential backoff and jitter between attempts, then throws the last error', async () => {
    api().get('/v1/balance').times(3).reply(...apiError(500, 'internal_error', 'Something went wrong on our side.'));
    const error = await client().balance.retrieve().catch((e: unknown) => e);
    expect(error).to.be.instanceOf(APIError).and.include({ status: 500, code: 'internal_error' });
    expect(seen).to.have.length(3);
    const [first, second] = gaps(seen.map((s) => s.at));
    // Retry 1 waits 250-500 ms, retry 2 500-1000 ms (plus the time to answer).
    expect(first).to.be.within(240, 700);
    expect(second).to.be.within(490, 1300);
  });

  it('backoff doubles from 0.5 s up to 8 s, each wait between half and all of it', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map((n) => backoffDelayMs(n, () => 1))).to.deep.equal([500, 1000, 2000, 4000, 8000, 8000, 8000]);
    expect([1, 2, 3, 4, 5].map((n) => backoffDelayMs(n, () => 0))).to.deep.equal([250, 500, 1000, 2000, 4000]);
  });

  it('honours Retry-After on a 429, and gives up with a RateLimitError carrying it', async () => {
    api()
      .get('/v1/balance').reply(...apiError(429, 'rate_limited', 'Too many requests.', undefined, { 'retry-after': '1' }))
      .get('/v1/balance').reply(200, { livemode: false, currency: 'NGN', available: '0' });
    await client().balance.retrieve();
    expect(gaps(seen.map((s) => s.at))[0]).to.be.at.least(990);

    seen.length = 0;
    api().get('/v1/balance').reply(...apiError(429, 'rate_limited', 'Too many requests.', undefined, { 'retry-after': '7' }));
    const error = await client({ maxRetries: 0 }).balance.retrieve().catch((e: unknown) => e);
    expect(error).to.be.instanceOf(RateLimitError).and.include({ status: 429, code: 'rate_limited', retryAfter: 7 });
  });

  it('waits the Retry-After of a 503 service_unavailable before retrying a read', async () => {
    api()
      .get('/v1/balance').reply(...apiError(503, 'service_unavailable', 'The service is restarting.', undefined, { 'retry-after': '1' }))
      .get('/v1/balance').reply(200, { livemode: false, currency: 'NGN', available: '0' });
    expect(await client().balance.retrieve()).to.include({ available: '0' });
    expect(seen).to.have.length(2);
    // Not the 0.25-0.5 s of the first backoff: the second the service asked for.
    expect(gaps(seen.map((s) => s.at))[0]).to.be.at.least(990);
  });

  it('never retries other 4xx', async () => {
    api().post('/v1/payment_intents').reply(...apiError(400, 'invalid_request', 'amount must be at least 1', 'amount'));
    const error = await client().paymentIntents.create({ amount: 0, currency: 'NGN' }).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(InvalidRequestError).and.include({ param: 'amount' });
    expect(seen).to.have.length(1);
  });

  it('does not retry a key reused for a different request', async () => {
    api().post('/v1/payment_intents').reply(...apiError(400, 'invalid_request', 'This Idempotency-Key was used with different parameters.', 'Idempotency-Key'));
    const error = await client().paymentIntents.create({ amount: 5, currency: 'NGN' }, { idempotencyKey: 'k' }).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(IdempotencyError).and.include({ status: 400, param: 'Idempotency-Key' });
    expect(seen).to.have.length(1);
  });

  it('stops after maxRetries (client-wide and per call)', async () => {
    api().get('/v1/balance').times(2).reply(...apiError(502, 'internal_error', 'Bad gateway'));
    await client({ maxRetries: 1 }).balance.retrieve().catch(() => undefined);
    expect(seen).to.have.length(2);
    seen.length = 0;
    api().get('/v1/balance').reply(...apiError(502, 'internal_error', 'Bad gateway'));
    await client().balance.retrieve({ maxRetries: 0 }).catch(() => undefined);
    expect(seen).to.have.length(1);
  });

  it('times an attempt out as a ConnectionError and retries it', async () => {
    api().get('/v1/balance').reply(200, { livemode: false, currency: 'NGN', available: '5' });
    const slow = hangingFirst(1);
    const started = Date.now();
    const balance = await client({ timeoutMs: 150, fetch: slow.fetch }).balance.retrieve();
    expect(balance.available).to.equal('5');
    expect(slow.calls()).to.equal(2);
    expect(Date.now() - started).to.be.within(150, 1200);

    const error = await client({ timeoutMs: 100, maxRetries: 0, fetch: hangingFirst(1).fetch }).balance.retrieve().catch((e: unknown) => e);
    expect(error).to.be.instanceOf(ConnectionError).and.include({ timedOut: true, status: undefined });
    expect((error as Error).message).to.match(/within 100 ms/);
  });

  it('does not retry a redelivery, a secret roll or a test event after a dropped connection (they may have happened)', async () => {
    const dropped = failingFirst(2);
    api().post('/v1/webhook_endpoint/test_event').reply(...apiError(500, 'internal_error', 'oops'));
    const nf = client({ fetch: dropped.fetch });
    expect(await nf.events.redeliver('evt_1').catch((e: unknown) => e)).to.be.instanceOf(ConnectionError);
    expect(await nf.webhookEndpoint.rollSecret().catch((e: unknown) => e)).to.be.instanceOf(ConnectionError);
    expect(await nf.webhookEndpoint.sendTestEvent().catch((e: unknown) => e)).to.be.instanceOf(APIError);
    expect(dropped.calls()).to.equal(3);
    expect(seen).to.have.length(1);
  });

  it('does retry a redelivery refused with 429 (the API did nothing)', async () => {
    api()
      .post('/v1/events/evt_1/redeliver').reply(...apiError(429, 'rate_limited', 'slow down', undefined, { 'retry-after': '0' }))
      .post('/v1/events/evt_1/redeliver').reply(200, { id: 'whd_1' });
    expect(await client().events.redeliver('evt_1')).to.deep.equal({ id: 'whd_1' });
    expect(seen).to.have.length(2);
  });

  it('stops at once when the caller aborts, rejecting with the signal’s reason', async () => {
    const slow = hangingFirst(5);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('user gave up')), 50);
    const error = await client({ fetch: slow.fetch }).balance.retrieve({ signal: controller.signal }).catch((e: unknown) => e);
    expect(error).to.have.property('message', 'user gave up');
    expect(slow.calls()).to.equal(1);
  });
});
