// The SDK against the real service, started in-process on its own database.
import { expect } from 'chai';
import {
  AuthenticationError,
  InsufficientBalanceError,
  InvalidRequestError,
  Nairaflow,
  NotFoundError,
  PaymentIntentStateError,
  type CreatedPaymentIntent,
  type NairaflowEvent,
} from '../../sdk/src/index.ts';
import { card, CARDS } from '../support/payments.ts';
import { startReceiver, type Receiver } from '../support/receiver.ts';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';

describe('sdk: against the real service', function () {
  this.timeout(30_000);
  let svc: TestService;
  let merchant: TestMerchant;
  let nf: Nairaflow;
  let receiver: Receiver;

  before(async () => {
    svc = await startTestService('sdk');
    merchant = await svc.createMerchant('SDK Shop');
    nf = new Nairaflow(merchant.testKey, { baseUrl: svc.url });
    receiver = await startReceiver();
  });
  after(async () => {
    await receiver?.close();
    await svc?.stop();
  });

  /** The customer's side: pay through the API's confirm endpoint with the success test card. */
  async function pay(intent: CreatedPaymentIntent): Promise<void> {
    const res = await svc.request('POST', `/v1/payment_intents/${intent.id}/confirm`, {
      body: { client_secret: intent.client_secret, method: 'card', card: card(CARDS.success), email: 'ada@example.com' },
    });
    expect(res.body.status, res.text).to.equal('succeeded');
  }

  it('creates, retrieves, lists and cancels payment intents', async () => {
    const created = await nf.paymentIntents.create({ amount: 250_000, currency: 'NGN', description: '2 x Jollof rice', metadata: { order_id: '1001' }, customer: { email: 'ada@example.com' } });
    expect(created).to.include({ amount: '250000', currency: 'NGN', status: 'requires_authentication', livemode: false });
    expect(created.client_secret).to.match(new RegExp(`^${created.id}_secret_`));

    const retrieved = await nf.paymentIntents.retrieve(created.id);
    expect(retrieved).to.include({ id: created.id, description: '2 x Jollof rice' });
    expect(retrieved).to.not.have.property('client_secret');

    const second = await nf.paymentIntents.create({ amount: 100n, currency: 'NGN' });
    expect(second.amount).to.equal('100');
    const third = await nf.paymentIntents.create({ amount: 300, currency: 'NGN' });
    const walked: string[] = [];
    for await (const pi of nf.paymentIntents.list({ limit: 1 })) walked.push(pi.id);
    expect(walked.slice(0, 3)).to.deep.equal([third.id, second.id, created.id]);
    expect((await nf.paymentIntents.list({ limit: 2 })).has_more).to.equal(true);
    expect((await nf.paymentIntents.list({ limit: 100 }).autoPagingToArray({ limit: 2 })).map((p) => p.id)).to.deep.equal([third.id, second.id]);

    const canceled = await nf.paymentIntents.cancel(second.id);
    expect(canceled).to.include({ status: 'canceled', cancellation_reason: 'requested_by_merchant' });
    expect((await nf.paymentIntents.cancel(second.id)).status).to.equal('canceled');
    expect((await nf.paymentIntents.list({ status: 'canceled' })).data.map((p) => p.id)).to.deep.equal([second.id]);
  });

  it('refunds a paid intent; a refund the balance cannot cover moves nothing until the balance is topped up', async () => {
    const intent = await nf.paymentIntents.create({ amount: 250_000, currency: 'NGN', customer: { email: 'ada@example.com' } });
    await pay(intent);
    const paid = await nf.paymentIntents.retrieve(intent.id);
    expect(paid).to.include({ status: 'succeeded', service_fee: '13750' });
    const before = await nf.balance.retrieve();

    // The balance holds the amount less the fee: a full refund is more than it.
    const refused = await nf.refunds.create({ payment_intent: intent.id }).catch((e: unknown) => e);
    expect(refused).to.be.instanceOf(InsufficientBalanceError).and.include({ status: 409, code: 'insufficient_balance' });
    expect(await nf.balance.retrieve()).to.deep.equal(before);

    const partial = await nf.refunds.create({ payment_intent: intent.id, amount: 50_000 });
    expect(partial).to.include({ payment_intent: intent.id, amount: '50000', status: 'succeeded' });
    expect((await nf.balance.retrieve()).available).to.equal(String(BigInt(before.available) - 50_000n));

    await nf.testHelpers.topUp({ amount: 100_000n });
    const rest = await nf.refunds.create({ payment_intent: intent.id });
    expect(rest.amount).to.equal('200000');
    expect((await nf.paymentIntents.retrieve(intent.id)).amount_refunded).to.equal('250000');
    expect(await nf.refunds.retrieve(partial.id)).to.deep.equal(partial);
    expect((await nf.refunds.list({ payment_intent: intent.id }).autoPagingToArray({ limit: 10 })).map((r) => r.id)).to.deep.equal([rest.id, partial.id]);

    const tooMuch = await nf.refunds.create({ payment_intent: intent.id, amount: 1 }).catch((e: unknown) => e);
    expect(tooMuch).to.be.instanceOf(InvalidRequestError).and.include({ status: 400 });
    const state = await nf.paymentIntents.cancel(intent.id).catch((e: unknown) => e);
    expect(state).to.be.instanceOf(PaymentIntentStateError).and.instanceOf(InvalidRequestError).and.include({ code: 'payment_intent_unexpected_state' });

    // The story behind it: the attempt that paid, the intent's events, the balance's entries.
    const attempts = await nf.paymentIntents.attempts(intent.id);
    expect(attempts.data.map((a) => [a.card.last4, a.status])).to.deep.equal([['4081', 'succeeded']]);
    const events = await nf.events.list({ payment_intent: intent.id, limit: 10 });
    expect(events.data.map((e) => e.type)).to.deep.equal(['refund.succeeded', 'refund.succeeded', 'payment_intent.succeeded']);
    const entries = await nf.balance.entries().autoPagingToArray({ limit: 100 });
    expect(entries.slice(0, 4).map((e) => [e.type, e.amount])).to.deep.equal([
      ['refund', '-200000'],
      ['top_up', '100000'],
      ['refund', '-50000'],
      ['payment', '236250'],
    ]);
  });

  it('a create whose first answer is lost in transit is retried with its key and creates nothing new', async () => {
    let calls = 0;
    // The first request reaches the server and creates the intent; its answer is then lost.
    const losesFirstAnswer = async (request: Request): Promise<Response> => {
      calls++;
      const response = await fetch(request);
      if (calls === 1) {
        await response.arrayBuffer();
        throw new TypeError('fetch failed', { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) });
      }
      return response;
    };
    const shop = await svc.createMerchant('Lossy Network Shop');
    const lossy = new Nairaflow(shop.testKey, { baseUrl: svc.url, fetch: losesFirstAnswer });
    const created = await lossy.paymentIntents.create({ amount: 777_000, currency: 'NGN' });
    expect(calls).to.equal(2);
    expect(created.client_secret).to.be.a('string');
    const all = await lossy.paymentIntents.list({ limit: 100 }).autoPagingToArray({ limit: 100 });
    expect(all.map((p) => p.id)).to.deep.equal([created.id]);
  });

  it('sets up the webhook endpoint, sends a test event, lists events and deliveries, redelivers, rolls the secret', async () => {
    expect(await nf.webhookEndpoint.retrieve().catch((e: unknown) => e)).to.be.instanceOf(NotFoundError);
    const endpoint = await nf.webhookEndpoint.update({ url: receiver.url });
    if (!('secret' in endpoint)) throw new Error('a new endpoint carries its secret');
    expect(endpoint.secret).to.match(/^whsec_/);
    expect(await nf.webhookEndpoint.retrieve()).to.include({ id: endpoint.id, url: receiver.url }).and.not.have.property('secret');

    const event = await nf.webhookEndpoint.sendTestEvent();
    expect(event.type).to.equal('webhook.test');
    const [arrived] = await receiver.waitFor(1);
    const verified = nf.webhooks.constructEvent(arrived!.body, arrived!.headers['service-signature'], endpoint.secret);
    expect(verified.id).to.equal(event.id);
    expect(nf.webhooks.isTestEvent(verified)).to.equal(true);

    expect((await nf.events.retrieve(event.id)).id).to.equal(event.id);
    const tests = await nf.events.list({ type: 'webhook.test' });
    expect(tests.data.map((e) => e.id)).to.include(event.id);
    const redelivery = await nf.events.redeliver(event.id);
    expect(redelivery).to.include({ event: event.id, trigger: 'manual', response_status: 200 });
    const deliveries = await nf.events.deliveries(event.id);
    expect(deliveries.data.map((d) => d.trigger)).to.include.members(['scheduled', 'manual']);

    const rolled = await nf.webhookEndpoint.rollSecret({ expires_in: 60 });
    expect(rolled.secret).to.match(/^whsec_/).and.not.equal(endpoint.secret);
    expect(rolled.previous_secret_expires_at).to.be.a('string');
    expect(await nf.webhookEndpoint.delete()).to.deep.equal({ id: endpoint.id, deleted: true });
    expect(await nf.webhookEndpoint.delete().catch((e: unknown) => e)).to.be.instanceOf(NotFoundError);
  });

  it('lists the events that were never delivered by filter, and recover() delivers them once an endpoint exists', async () => {
    const shop = await svc.createMerchant('Recovering Shop');
    const nfs = new Nairaflow(shop.testKey, { baseUrl: svc.url });
    const since = Math.floor(Date.now() / 1000) - 1;
    const paid = await nfs.paymentIntents.create({ amount: 250_000, currency: 'NGN', customer: { email: 'ada@example.com' } });
    await pay(paid);
    const canceled = await nfs.paymentIntents.create({ amount: 100_000, currency: 'NGN' });
    await nfs.paymentIntents.cancel(canceled.id);

    // No endpoint yet: both events are recorded, and the filters find them.
    const undelivered = await nfs.events.list({ delivery_status: 'no_endpoint', 'created[gte]': since }).autoPagingToArray({ limit: 10 });
    expect(undelivered.map((e) => [e.type, e.delivery_status])).to.deep.equal([
      ['payment_intent.canceled', 'no_endpoint'],
      ['payment_intent.succeeded', 'no_endpoint'],
    ]);
    expect((await nfs.events.list({ type: 'payment_intent.canceled', payment_intent: canceled.id })).data.map((e) => e.id)).to.deep.equal([undelivered[0]!.id]);
    expect((await nfs.events.list({ 'created[lt]': since })).data).to.deep.equal([]);
    expect((await nfs.events.list({ delivery_status: 'succeeded' })).data).to.deep.equal([]);

    const shopReceiver = await startReceiver();
    try {
      const endpoint = await nfs.webhookEndpoint.update({ url: shopReceiver.url });
      if (!('secret' in endpoint)) throw new Error('a new endpoint carries its secret');
      const recovery = await nfs.webhookEndpoint.recover({ since: new Date(since * 1000).toISOString() });
      expect(recovery).to.deep.equal({ object: 'webhook_recovery', since, queued: 2 });

      const delivered = (await shopReceiver.waitFor(2)).map((arrival) => nfs.webhooks.constructEvent(arrival.body, arrival.headers['service-signature'], endpoint.secret));
      expect(delivered.map((e) => e.id).sort()).to.deep.equal(undelivered.map((e) => e.id).sort());
      // A listed event is the delivered one plus its delivery's state, so one handler takes both.
      const handle = (event: NairaflowEvent): string => (event.type === 'payment_intent.succeeded' ? `${event.data.id} paid ${event.data.amount}` : event.type);
      expect(undelivered.map(handle).sort()).to.deep.equal(delivered.map(handle).sort());
      for (const { delivery_status, attempts, next_attempt_at, ...listed } of undelivered) {
        expect(delivered.find((e) => e.id === listed.id)).to.deep.equal(listed);
      }

      let succeeded: string[] = [];
      for (const until = Date.now() + 10_000; succeeded.length < 2 && Date.now() < until; await new Promise((r) => setTimeout(r, 100))) {
        succeeded = (await nfs.events.list({ delivery_status: 'succeeded' })).data.map((e) => e.id);
      }
      expect(succeeded.sort()).to.deep.equal(undelivered.map((e) => e.id).sort());
      expect((await nfs.webhookEndpoint.recover({ since })).queued, 'nothing left to recover').to.equal(0);
    } finally {
      await shopReceiver.close();
    }
  });

  it('throws the server’s errors as typed errors with its request id', async () => {
    const missing = await nf.paymentIntents.retrieve('pi_000000000000000000000000').catch((e: unknown) => e);
    expect(missing).to.be.instanceOf(NotFoundError).and.include({ status: 404, code: 'resource_missing' });
    expect((missing as NotFoundError).requestId).to.match(/^req_/);

    const invalid = await nf.paymentIntents.create({ amount: 0, currency: 'NGN' }).catch((e: unknown) => e);
    expect(invalid).to.be.instanceOf(InvalidRequestError).and.include({ status: 400, code: 'invalid_request', param: 'amount' });

    const revoked = new Nairaflow('sk_test_' + '0'.repeat(32), { baseUrl: svc.url });
    const unauthorized = await revoked.balance.retrieve().catch((e: unknown) => e);
    expect(unauthorized).to.be.instanceOf(AuthenticationError).and.include({ status: 401, code: 'invalid_api_key' });
    expect((unauthorized as Error).message).to.not.include('0'.repeat(32));

    const live = new Nairaflow(merchant.liveKey, { baseUrl: svc.url });
    expect(live.livemode).to.equal(true);
    expect(await live.testHelpers.topUp({ amount: 1 }).catch((e: unknown) => e)).to.be.instanceOf(NotFoundError);
    expect((await live.balance.retrieve()).livemode).to.equal(true);
  });
});
