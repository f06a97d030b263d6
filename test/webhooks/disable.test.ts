// An endpoint that fails without a single success for 5 days is disabled: recorded on the endpoint
// (disabled_at, the reason), sent nothing more, until its URL is set again.
import { expect } from 'chai';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';
import { answer, startReceiver, type Receiver } from '../support/receiver.ts';
import { waitFor } from '../support/payments.ts';

describe('disabling a failing webhook endpoint', function () {
  this.timeout(30_000);
  let svc: TestService;
  let shop: TestMerchant;
  let receiver: Receiver;

  before(async () => {
    svc = await startTestService('webhook_disable', { WEBHOOK_RETRY_BASE_MS: '200', WEBHOOK_MAX_ATTEMPTS: '20' });
    shop = await svc.createMerchant('Broken Receiver');
    receiver = await startReceiver({ respond: answer(500, 'broken') });
    await svc.request('PUT', '/v1/webhook_endpoint', { key: shop.testKey, body: { url: receiver.url } });
  });
  after(async () => {
    await receiver.close();
    await svc.stop();
  });

  const endpoint = async () => (await svc.request('GET', '/v1/webhook_endpoint', { key: shop.testKey })).body;
  const event = async (id: string) => (await svc.request('GET', `/v1/events/${id}`, { key: shop.testKey })).body;
  const testEvent = async () => (await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: shop.testKey })).body.id as string;

  it('says since when an endpoint has been failing, and forgets it after a success', async () => {
    expect(await endpoint()).to.include({ failing_since: null, disabled_at: null, disabled_reason: null });
    const first = await testEvent();
    const since = await waitFor('the endpoint to be failing', async () => (await endpoint()).failing_since ?? undefined);
    expect(Date.parse(since)).to.be.closeTo(Date.now(), 5000);
    // The cause, in words, with what to do: on the endpoint, not only on each event's page.
    expect((await endpoint()).last_error).to.equal('The endpoint answered 500: your server had a problem. Check its logs.');
    expect((await endpoint()).last_succeeded_at).to.equal(null);
    receiver.respond = answer(200);
    await waitFor('the retry to succeed', async () => ((await event(first)).delivery_status === 'succeeded' ? true : undefined));
    expect(await endpoint()).to.include({ failing_since: null, last_error: null });
    expect(Date.parse((await endpoint()).last_succeeded_at)).to.be.closeTo(Date.now(), 5000);
  });

  it('is disabled when it has failed for 5 days without a success: recorded with a reason, sent nothing more', async () => {
    receiver.respond = answer(500, 'still broken');
    const pending = await testEvent();
    await waitFor('the endpoint to be failing', async () => (await endpoint()).failing_since ?? undefined);
    // As if the failures had gone on for five days.
    await svc.service.orm.em.fork().execute("update webhook_endpoints set failing_since = now() - interval '5 days 1 second' where merchant_id = ?", [shop.id]);
    const disabled = await waitFor('the endpoint to be disabled', async () => {
      const now = await endpoint();
      return now.disabled_at === null ? undefined : now;
    });
    expect(disabled.disabled_reason).to.match(/^No delivery succeeded for 5 days \(every attempt since \d{4}-\d\d-\d\d \d\d:\d\d UTC failed\)\. Set the URL again to enable the endpoint\.$/);
    expect((await event(pending)).delivery_status).to.equal('endpoint_disabled');
    expect((await event(pending)).next_attempt_at).to.equal(null);

    const arrivedBefore = receiver.received.length;
    const later = await testEvent();
    expect((await event(later)).delivery_status).to.equal('endpoint_disabled');
    await new Promise((r) => setTimeout(r, 1000));
    expect(receiver.received.length).to.equal(arrivedBefore);

    // A redelivery by hand still goes out (to try the fix), and does not enable the endpoint.
    receiver.respond = answer(200);
    const manual = await svc.request('POST', `/v1/events/${later}/redeliver`, { key: shop.testKey });
    expect(manual.body).to.include({ response_status: 200, trigger: 'manual' });
    expect((await endpoint()).disabled_at).to.not.equal(null);
  });

  it('is enabled again by setting its URL again, still failing until a delivery succeeds, and delivers what happens next', async () => {
    // Failing still (the hand redelivery above aside): as it was when it was disabled.
    await svc.service.orm.em.fork().execute("update webhook_endpoints set failing_since = now() - interval '6 days' where merchant_id = ?", [shop.id]);
    const res = await svc.request('PUT', '/v1/webhook_endpoint', { key: shop.testKey, body: { url: receiver.url } });
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ disabled_at: null, disabled_reason: null });
    // Saving the URL proves nothing yet: the warning stays, with its cause.
    expect(res.body.failing_since).to.not.equal(null);
    expect(res.body.last_error).to.equal('The endpoint answered 500: your server had a problem. Check its logs.');
    const next = await testEvent();
    await waitFor('the new event to arrive', async () => ((await event(next)).delivery_status === 'succeeded' ? true : undefined));
    expect(await endpoint()).to.include({ failing_since: null, last_error: null, disabled_at: null });
  });

  it('starts a new run of 5 days when an endpoint enabled again fails again, instead of disabling it at once', async () => {
    receiver.respond = answer(500, 'broken again');
    await svc.service.orm.em.fork().execute("update webhook_endpoints set failing_since = now() - interval '6 days', last_failed_at = now() - interval '1 minute', disabled_at = now(), disabled_reason = 'x' where merchant_id = ?", [shop.id]);
    await svc.request('PUT', '/v1/webhook_endpoint', { key: shop.testKey, body: { url: receiver.url } });
    const failed = await testEvent();
    await waitFor('an attempt to fail', async () => ((await event(failed)).attempts >= 2 ? true : undefined));
    const now = await endpoint();
    expect(now.disabled_at).to.equal(null);
    expect(Date.parse(now.failing_since)).to.be.closeTo(Date.now(), 5000);
    expect(now.last_error).to.equal('The endpoint answered 500: your server had a problem. Check its logs.');
  });
});
