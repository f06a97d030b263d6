// The example merchant server (examples/merchant-server) against the real service: orders placed
// through the shop, paid through the API with test cards, events delivered by the service's own
// webhook workers to the shop's webhook route, and the receiver rules of spec 6.3 checked on the
// shop's orders.
import { expect } from 'chai';
import type { Shop } from '../../examples/merchant-server/shop.ts';
import type { Order } from '../../examples/merchant-server/orders.ts';
import { CARDS, card, confirm, waitFor } from '../support/payments.ts';
import { answer, startReceiver, type Receiver } from '../support/receiver.ts';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';
import { ensureBuilt } from '../sdk/support/package.ts';

describe('examples/merchant-server against the real service', function () {
  this.timeout(30_000);

  let svc: TestService;
  let merchant: TestMerchant;
  let shop: Shop;
  let shopUrl: string;
  let webhookUrl: string;
  let secret: string;
  let signatureHeader: (payload: string, secret: string) => string;
  /** A second endpoint target that answers 503: events sent there arrive at the shop only when redelivered. */
  let elsewhere: Receiver;
  const fulfilled: string[] = [];

  before(async () => {
    // The shop imports @nairaflow/sdk and @nairaflow/webhook-verifier by name, i.e. their dist/:
    // build them if they are stale, before the shop's modules load.
    ensureBuilt();
    const { createShop } = await import('../../examples/merchant-server/shop.ts');
    ({ signatureHeader } = await import('@nairaflow/webhook-verifier'));

    // No scheduled retries during the test (the first one would come after a minute): every event
    // reaches the shop on its first attempt or through an explicit redelivery, so the order of
    // arrival is the test's to choose.
    svc = await startTestService('merchant-example', { WEBHOOK_RETRY_BASE_MS: '60000' });
    merchant = await svc.createMerchant('Mama Put Kitchen');
    elsewhere = await startReceiver({ respond: answer(503, 'down') });

    // The endpoint's secret comes with its first PUT; the shop needs it to start. A later PUT only moves the URL.
    const created = await svc.request('PUT', '/v1/webhook_endpoint', { key: merchant.testKey, body: { url: elsewhere.url } });
    expect(created.status).to.equal(201);
    secret = created.body.secret;

    shop = createShop({
      secretKey: merchant.testKey,
      baseUrl: svc.url,
      webhookSecret: secret,
      fulfil: (order) => void fulfilled.push(order.id),
      log: () => {},
    });
    shopUrl = await shop.listen(0);
    webhookUrl = `${shopUrl}/webhooks/nairaflow`;
  });

  after(async () => {
    await shop?.close();
    await elsewhere?.close();
    await svc?.stop();
  });

  const pointEndpointAt = async (url: string) => {
    const res = await svc.request('PUT', '/v1/webhook_endpoint', { key: merchant.testKey, body: { url } });
    expect(res.status, res.text).to.equal(200);
    expect(res.body.secret ?? null).to.equal(null); // not a new endpoint, so no new secret
  };
  beforeEach(() => pointEndpointAt(webhookUrl));

  async function placeOrder(items = [{ sku: 'jollof-rice', quantity: 1 }]) {
    const res = await fetch(`${shopUrl}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ items, email: 'ada@example.com' }),
    });
    expect(res.status).to.equal(201);
    const body = (await res.json()) as { order: Order; payment: { payment_intent: string; client_secret: string; pay_url: string } };
    return { order: shop.orders.get(body.order.id)!, intent: { id: body.payment.payment_intent, client_secret: body.payment.client_secret }, pay_url: body.payment.pay_url };
  }

  const pay = async (intent: { id: string; client_secret: string }) => {
    const res = await confirm(svc, intent);
    expect(res.body.status, res.text).to.equal('succeeded');
  };
  const handled = (eventId: string, count = 1) =>
    waitFor(`the shop to handle ${eventId} ${count} time(s)`, async () => {
      const entries = shop.activity.filter((a) => a.eventId === eventId);
      return entries.length >= count ? entries : undefined;
    });
  const handledFor = (orderId: string, outcome: string) =>
    waitFor(`${outcome} for order ${orderId}`, async () => shop.activity.find((a) => a.orderId === orderId && a.outcome === outcome));
  const redeliver = async (eventId: string) => {
    const res = await svc.request('POST', `/v1/events/${eventId}/redeliver`, { key: merchant.testKey });
    expect(res.status, res.text).to.equal(200);
    return res.body as { response_status: number | null; trigger: string };
  };
  const snapshot = (order: Order) => JSON.parse(JSON.stringify(order)) as Order;

  it('creates the intent for the catalog price, stores its id on the order, and marks the order paid once', async () => {
    const { order, intent, pay_url } = await placeOrder([{ sku: 'jollof-rice', quantity: 2 }, { sku: 'chapman', quantity: 1 }]);
    expect(order).to.include({ amountKobo: '650000', status: 'awaiting_payment', paymentIntentId: intent.id });
    expect(pay_url).to.equal(`${svc.url}/pay/${intent.client_secret}`);
    const created = await svc.request('GET', `/v1/payment_intents/${intent.id}`, { key: merchant.testKey });
    expect(created.body).to.include({ amount: '650000', currency: 'NGN' });
    expect(created.body.metadata).to.deep.equal({ order_id: order.id });

    await pay(intent);
    const paid = await handledFor(order.id, 'marked_paid');
    expect(order.status).to.equal('paid');
    expect(order.paidAt).to.be.a('string');
    await waitFor('fulfilment', async () => (order.fulfilment === 'shipped' ? true : undefined));
    expect(fulfilled.filter((id) => id === order.id)).to.have.length(1);

    // The service's delivery log shows the shop's quick 200 (rule 6.3.1).
    const [delivery] = (await svc.request('GET', `/v1/events/${paid.eventId}/deliveries`, { key: merchant.testKey })).body.data;
    expect(delivery).to.include({ attempt: 1, response_status: 200, response_body: 'ok\n' });

    // The same event again (a retry, a redelivery by hand): answered 200, skipped, nothing changes (rule 6.3.2).
    const before = snapshot(order);
    const again = await redeliver(paid.eventId);
    expect(again).to.include({ trigger: 'manual', response_status: 200 });
    const [, second] = await handled(paid.eventId, 2);
    expect(second!.outcome).to.equal('duplicate_skipped');
    expect(snapshot(order)).to.deep.equal(before);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fulfilled.filter((id) => id === order.id)).to.have.length(1);
  });

  it('does not fulfil an order when the amount paid is not the amount it costs', async () => {
    const { order, intent } = await placeOrder();
    // Simulate the order's price changing after the intent was made (a bug, an edited cart): the
    // intent is for 250000 kobo, the order now expects 300000.
    order.amountKobo = '300000';
    await pay(intent);
    await handledFor(order.id, 'amount_mismatch');
    expect(order).to.include({ status: 'needs_review', paidAt: null, fulfilment: 'not_started' });
    expect(order.review).to.contain('250000').and.contain('300000');
    expect(fulfilled).to.not.include(order.id);
  });

  it('answers a test event 200 and changes nothing', async () => {
    const orders = shop.orders.all().map(snapshot);
    const fulfilledBefore = [...fulfilled];
    const sent = await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: merchant.testKey });
    expect(sent.body).to.include({ type: 'webhook.test' });
    const [entry] = await handled(sent.body.id);
    expect(entry!.outcome).to.equal('test_event_ignored');
    const [delivery] = (await svc.request('GET', `/v1/events/${sent.body.id}/deliveries`, { key: merchant.testKey })).body.data;
    expect(delivery).to.include({ response_status: 200 });
    expect(shop.orders.all().map(snapshot)).to.deep.equal(orders);
    expect(fulfilled).to.deep.equal(fulfilledBefore);
  });

  it('refuses a forged or unsigned event with 400 and changes nothing', async () => {
    const { order } = await placeOrder();
    const forged = JSON.stringify({
      id: 'evt_ForgedForgedForgedForged1',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { id: order.paymentIntentId, amount: order.amountKobo, currency: 'NGN', method: 'card', service_fee: '13750', metadata: { order_id: order.id } },
    });
    const post = (headers: Record<string, string>) =>
      fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: forged });

    const wrongSecret = await post({ 'service-signature': signatureHeader(forged, 'whsec_not_the_shops_secret_at_all_0000000') });
    expect(wrongSecret.status).to.equal(400);
    expect(await wrongSecret.text()).to.contain('no_matching_signature');
    const unsigned = await post({});
    expect(unsigned.status).to.equal(400);
    expect(await unsigned.text()).to.contain('missing_header');
    // Signed with the real secret, but the body changed after signing.
    const tampered = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'service-signature': signatureHeader(forged, secret) },
      body: forged.replace(order.amountKobo, '1'),
    });
    expect(tampered.status).to.equal(400);

    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(shop.activity.filter((a) => a.eventId === 'evt_ForgedForgedForgedForged1')).to.deep.equal([]);
    expect(order).to.include({ status: 'awaiting_payment', paidAt: null, fulfilment: 'not_started' });
  });

  it('keeps a paid order paid when an earlier failed attempt is delivered after the success', async () => {
    const { order, intent } = await placeOrder();
    // The declined attempt's event goes to an endpoint that is down, so the shop does not see it yet.
    await pointEndpointAt(elsewhere.url);
    const seen = elsewhere.received.length;
    const declined = await confirm(svc, intent, { card: card(CARDS.declined) });
    expect(declined.body.status ?? declined.body.error?.code, declined.text).to.not.equal('succeeded');
    const [failedDelivery] = (await elsewhere.waitFor(seen + 1)).slice(seen);
    const failed = JSON.parse(failedDelivery!.body.toString('utf8')) as { id: string; type: string };
    expect(failed.type).to.equal('payment_intent.failed');

    await pointEndpointAt(webhookUrl);
    await pay(intent);
    await handledFor(order.id, 'marked_paid');
    // Shipping runs after the shop has answered the event (rule 6.3.1): let it finish first.
    await waitFor('the order to ship', async () => (order.fulfilment === 'shipped' ? true : undefined));
    const before = snapshot(order);

    // Now the failure arrives, for the first time, after the success (rule 6.3.3).
    expect((await redeliver(failed.id)).response_status).to.equal(200);
    const [late] = await handled(failed.id);
    // Dropped by one comparison: its sequence is below the success's, which the order applied.
    expect((failed as { sequence?: number }).sequence).to.equal(1);
    expect(order.intentSequence).to.equal(2);
    expect(late!.outcome).to.equal('stale_event_dropped');
    expect(snapshot(order)).to.deep.equal(before);
    expect(order).to.include({ status: 'paid', lastPaymentError: null });
    expect(fulfilled.filter((id) => id === order.id)).to.have.length(1);
  });

  it('applies a refund that arrives before its payment, and then never fulfils the order', async () => {
    const { order, intent } = await placeOrder();
    // The payment's event goes to the endpoint that is down.
    await pointEndpointAt(elsewhere.url);
    const seen = elsewhere.received.length;
    await pay(intent);
    const [succeededDelivery] = (await elsewhere.waitFor(seen + 1)).slice(seen);
    const succeeded = JSON.parse(succeededDelivery!.body.toString('utf8')) as { id: string; type: string };
    expect(succeeded.type).to.equal('payment_intent.succeeded');

    // A full refund (topped up first: the payment credited the amount less the fee). Its event reaches the shop first.
    await pointEndpointAt(webhookUrl);
    const topUp = await svc.request('POST', '/v1/test_helpers/top_up', { key: merchant.testKey, body: { amount: 100_000 } });
    expect(topUp.status, topUp.text).to.be.oneOf([200, 201]);
    const refund = await svc.request('POST', '/v1/refunds', { key: merchant.testKey, body: { payment_intent: intent.id } });
    expect(refund.status, refund.text).to.equal(201);
    await handledFor(order.id, 'refund_recorded');
    expect(order).to.include({ status: 'awaiting_payment', paidAt: null });
    expect(order.refunds).to.deep.equal({ [refund.body.id]: '250000' });

    // Then the payment's own event.
    expect((await redeliver(succeeded.id)).response_status).to.equal(200);
    const [late] = await handled(succeeded.id);
    expect(late!.outcome).to.equal('paid_but_already_refunded');
    expect(order).to.include({ status: 'refunded', fulfilment: 'skipped' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fulfilled).to.not.include(order.id);
  });

  it('refunds through the SDK, and marks the order refunded when the event arrives', async () => {
    const { order, intent } = await placeOrder([{ sku: 'jollof-rice', quantity: 2 }]);
    await pay(intent);
    await handledFor(order.id, 'marked_paid');
    const refund = async (body: unknown) =>
      fetch(`${shopUrl}/orders/${order.id}/refund`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const partial = await refund({ amount_kobo: 100_000 });
    expect(partial.status).to.equal(201);
    const { refund: made } = (await partial.json()) as { refund: { id: string; amount: string; payment_intent: string } };
    expect(made).to.include({ amount: '100000', payment_intent: intent.id });
    await handledFor(order.id, 'refund_recorded');
    expect(order.status).to.equal('partially_refunded');
    expect(order.refunds).to.deep.equal({ [made.id]: '100000' });
    // More than is left: the SDK's typed InvalidRequestError becomes the shop's 400.
    const tooMuch = await refund({ amount_kobo: 10_000_000 });
    expect(tooMuch.status).to.equal(400);
    expect(((await tooMuch.json()) as { error: string }).error).to.match(/left to refund/);
  });
});
