// Live money after the charge, against the local fake of Paystack: a payment's net waits in the
// pending balance until it settles; refunds draw on it, then on the available balance, and travel
// on to the card through Paystack's refund API, sent once and followed to the end.
import { expect } from 'chai';
import { verifyLedger } from '../../server/src/domain/ledger.ts';
import { applyProcessorSettlements } from '../../server/src/domain/balance.ts';
import { paystackReports } from '../../server/src/domain/processor/paystack/reports.ts';
import { serviceFee } from '../../server/src/domain/money.ts';
import { FAKE_CARDS, startPaystackFake, type PaystackFake } from '../support/paystack-fake.ts';
import { card, createIntent, events, paidIntent, waitFor } from '../support/payments.ts';
import { startPaystackService } from '../support/paystack-service.ts';
import type { TestMerchant, TestService } from '../support/service.ts';

const AMOUNT = 1_000_000;
const NET = BigInt(AMOUNT) - serviceFee(BigInt(AMOUNT));

async function payLive(svc: TestService, shop: TestMerchant, amount = AMOUNT) {
  const intent = await createIntent(svc, shop.liveKey, { amount, customer: { email: 'ada@example.com' } });
  const res = await svc.request('POST', `/v1/payment_intents/${intent.id}/confirm`, {
    body: { client_secret: intent.client_secret, method: 'card', card: card(FAKE_CARDS.success) },
  });
  expect(res.body.status, res.text).to.equal('succeeded');
  return intent;
}

async function balanceOf(svc: TestService, key: string) {
  const res = await svc.request('GET', '/v1/balance', { key });
  expect(res.status).to.equal(200);
  return { available: BigInt(res.body.available), pending: BigInt(res.body.pending), inTransit: BigInt(res.body.in_transit) };
}

const refundOf = async (svc: TestService, key: string, id: string) => (await svc.request('GET', `/v1/refunds/${id}`, { key })).body;

describe('live balances and refunds through Paystack (against the local fake)', function () {
  this.timeout(40_000);
  let fake: PaystackFake;
  let svc: TestService;

  before(async () => {
    fake = await startPaystackFake();
    svc = await startPaystackService('paystack-money', fake);
  });
  after(async () => {
    await svc?.stop();
    await fake?.close();
  });

  it("keeps a live payment's net pending (test mode's is available at once), and answers the three balances", async () => {
    const shop = await svc.createMerchant();
    await payLive(svc, shop);
    expect(await balanceOf(svc, shop.liveKey)).to.deep.equal({ available: 0n, pending: NET, inTransit: 0n });
    await paidIntent(svc, shop, AMOUNT);
    expect(await balanceOf(svc, shop.testKey)).to.deep.equal({ available: NET, pending: 0n, inTransit: 0n });
  });

  it('refunds from what is still pending of the payment, then sends the refund to the card once, and follows it to the end', async () => {
    const shop = await svc.createMerchant();
    const intent = await payLive(svc, shop);
    const created = await svc.request('POST', '/v1/refunds', { key: shop.liveKey, body: { payment_intent: intent.id, amount: 300_000 } });
    expect(created.status).to.equal(201);
    expect(created.body).to.include({ status: 'succeeded', destination_status: 'pending' });
    expect(await balanceOf(svc, shop.liveKey)).to.deep.equal({ available: 0n, pending: NET - 300_000n, inTransit: 0n });

    const [attempt] = (await svc.request('GET', `/v1/payment_intents/${intent.id}/attempts`, { key: shop.liveKey })).body.data;
    const sent = await waitFor('the refund to reach Paystack', async () => [...fake.refunds.values()].find((r) => r.transactionReference === attempt.processor_reference));
    expect(sent.amount).to.equal(300_000);
    await fake.finishRefund(sent.id, 'processed'); // and its webhook
    await waitFor('the refund to reach the card', async () => ((await refundOf(svc, shop.liveKey, created.body.id)).destination_status === 'succeeded' ? true : undefined));
    const types = (await events(svc, intent.id)).map((e) => e.type);
    expect(types.filter((t) => t === 'refund.destination_succeeded')).to.have.length(1);
    expect(fake.calls('POST', '/refund').filter((r) => r.body?.transaction === attempt.processor_reference)).to.have.length(1);
    expect((await verifyLedger(svc.service.orm.em.fork())).discrepancies).to.deep.equal([]);
  });

  it('refuses a refund that what is pending of the payment and the available balance cannot cover, moving nothing', async () => {
    const shop = await svc.createMerchant();
    const intent = await payLive(svc, shop);
    // In full: the service fee kept would have to come from the available balance, which is empty.
    const res = await svc.request('POST', '/v1/refunds', { key: shop.liveKey, body: { payment_intent: intent.id } });
    expect(res.status).to.equal(409);
    expect(res.body.error.code).to.equal('insufficient_balance');
    expect(res.body.error.message).to.match(/still pending of this payment/);
    expect(await balanceOf(svc, shop.liveKey)).to.deep.equal({ available: 0n, pending: NET, inTransit: 0n });
    expect(fake.calls('POST', '/refund').filter((r) => r.body?.amount === AMOUNT)).to.have.length(0);
  });

  it('returns the money to the merchant, once and with an event, when Paystack fails the refund for good', async () => {
    const shop = await svc.createMerchant();
    const intent = await payLive(svc, shop);
    const created = await svc.request('POST', '/v1/refunds', { key: shop.liveKey, body: { payment_intent: intent.id, amount: 200_000 } });
    const [attempt] = (await svc.request('GET', `/v1/payment_intents/${intent.id}/attempts`, { key: shop.liveKey })).body.data;
    const sent = await waitFor('the refund to reach Paystack', async () => [...fake.refunds.values()].find((r) => r.transactionReference === attempt.processor_reference));
    await fake.finishRefund(sent.id, 'failed');
    await fake.sendWebhook('refund.failed', { status: 'failed', transaction_reference: attempt.processor_reference, amount: '200000' }); // twice
    await waitFor('the refund to fail', async () => ((await refundOf(svc, shop.liveKey, created.body.id)).destination_status === 'failed' ? true : undefined));
    await new Promise((r) => setTimeout(r, 1000));
    // Back where it came from: the payment's pending share, not settled yet (so it cannot be paid out early).
    expect(await balanceOf(svc, shop.liveKey)).to.deep.equal({ available: 0n, pending: NET, inTransit: 0n });
    expect((await events(svc, intent.id)).filter((e) => e.type === 'refund.destination_failed')).to.have.length(1);
    const entries = (await svc.request('GET', '/v1/balance/entries', { key: shop.liveKey })).body.data;
    expect(entries.map((e: any) => e.type)).not.to.include('refund_failed'); // it did not touch the available balance
    const after = (await svc.request('GET', `/v1/payment_intents/${intent.id}`, { key: shop.liveKey })).body;
    expect(after.amount_refunded).to.equal('0');
    expect(fake.calls('POST', '/refund').filter((r) => r.body?.transaction === attempt.processor_reference)).to.have.length(1);
    expect((await verifyLedger(svc.service.orm.em.fork())).discrepancies).to.deep.equal([]);
  });

  it('never sends a refund twice: an answer lost after Paystack made it is found by charge and amount', async () => {
    const shop = await svc.createMerchant();
    const intent = await payLive(svc, shop);
    fake.fault({ method: 'POST', path: /^\/refund$/, kind: 'drop' });
    fake.refundOutcome = 'processed';
    try {
      const created = await svc.request('POST', '/v1/refunds', { key: shop.liveKey, body: { payment_intent: intent.id, amount: 150_000 } });
      await waitFor('the refund to reach the card', async () => ((await refundOf(svc, shop.liveKey, created.body.id)).destination_status === 'succeeded' ? true : undefined), 20_000);
    } finally {
      fake.refundOutcome = 'pending';
    }
    const [attempt] = (await svc.request('GET', `/v1/payment_intents/${intent.id}/attempts`, { key: shop.liveKey })).body.data;
    expect(fake.calls('POST', '/refund').filter((r) => r.body?.transaction === attempt.processor_reference)).to.have.length(1);
    expect([...fake.refunds.values()].filter((r) => r.transactionReference === attempt.processor_reference)).to.have.length(1);
    expect(fake.calls('GET', '/refund').length).to.be.greaterThan(0);
  });
});

describe('a live refund whose answer was lost', function () {
  this.timeout(40_000);
  let fake: PaystackFake;
  let svc: TestService;

  before(async () => {
    fake = await startPaystackFake();
    svc = await startPaystackService('paystack-refund-lost', fake);
  });
  after(async () => {
    await svc?.stop();
    await fake?.close();
  });

  it('is found by our id among thousands of newer refunds on the platform, however alike, and never sent again', async () => {
    const shop = await svc.createMerchant();
    const intent = await payLive(svc, shop);
    const [attempt] = (await svc.request('GET', `/v1/payment_intents/${intent.id}/attempts`, { key: shop.liveKey })).body.data;
    // Other refunds on the same Paystack account, newer than ours; two of this very charge and amount.
    const later = new Date(Date.now() + 5000);
    for (let i = 0; i < 5001; i++) {
      fake.refunds.set(9_000_000 + i, { id: 9_000_000 + i, transactionReference: i % 3000 === 0 ? attempt.processor_reference : `other-${i}`, amount: 300_000, status: 'pending', merchantNote: null, createdAt: later });
    }
    fake.fault({ method: 'POST', path: /^\/refund$/, kind: 'drop' });
    fake.refundOutcome = 'processed';
    try {
      const created = await svc.request('POST', '/v1/refunds', { key: shop.liveKey, body: { payment_intent: intent.id, amount: 300_000 } });
      await waitFor('the refund to reach the card', async () => ((await refundOf(svc, shop.liveKey, created.body.id)).destination_status === 'succeeded' ? true : undefined), 20_000);
    } finally {
      fake.refundOutcome = 'pending';
    }
    expect(fake.calls('POST', '/refund').filter((r) => r.body?.transaction === attempt.processor_reference)).to.have.length(1);
    const [row] = await svc.service.orm.em.fork().execute<{ processor_refund_id: string }[]>('select processor_refund_id from refunds where payment_intent_id = ?', [intent.id]);
    expect(fake.refunds.get(Number(row!.processor_refund_id))!.merchantNote).to.match(/^Nairaflow refund re_/);
  });

  it('that never reached Paystack is left pending for the operator, not sent a second time', async () => {
    const shop = await svc.createMerchant();
    const intent = await payLive(svc, shop);
    const [attempt] = (await svc.request('GET', `/v1/payment_intents/${intent.id}/attempts`, { key: shop.liveKey })).body.data;
    fake.fault({ method: 'POST', path: /^\/refund$/, kind: 'reset' });
    const created = await svc.request('POST', '/v1/refunds', { key: shop.liveKey, body: { payment_intent: intent.id, amount: 100_000 } });
    // Past the send lease (2 x 1 s + 1 s), and a few more looks.
    await new Promise((r) => setTimeout(r, 6000));
    expect((await refundOf(svc, shop.liveKey, created.body.id)).destination_status).to.equal('pending');
    expect(fake.calls('POST', '/refund').filter((r) => r.body?.transaction === attempt.processor_reference)).to.have.length(1);
    expect(fake.calls('GET', '/refund').length).to.be.greaterThan(1);
  });
});

describe("live settlement when Paystack reports it", function () {
  this.timeout(30_000);
  let fake: PaystackFake;
  let svc: TestService;

  before(async () => {
    fake = await startPaystackFake();
    svc = await startPaystackService('paystack-settlement-report', fake); // LIVE_SETTLEMENT_DAYS: 1
  });
  after(async () => {
    await svc?.stop();
    await fake?.close();
  });

  it('makes the payments a Paystack settlement covers available without waiting the days, once per settlement', async () => {
    const shop = await svc.createMerchant();
    const first = await payLive(svc, shop);
    const second = await payLive(svc, shop);
    const referenceOf = async (id: string) => (await svc.request('GET', `/v1/payment_intents/${id}/attempts`, { key: shop.liveKey })).body.data[0].processor_reference;
    fake.settle([await referenceOf(first.id)]);
    const reports = paystackReports({ secretKey: fake.secretKey, baseUrl: fake.url, timeoutMs: 2000 });
    expect(await applyProcessorSettlements(svc.service.orm.em.fork(), reports)).to.deep.equal({ settlements: 1, payments: 1 });
    await waitFor('the settled payment to be available', async () => ((await balanceOf(svc, shop.liveKey)).available === NET ? true : undefined));
    expect(await balanceOf(svc, shop.liveKey)).to.deep.equal({ available: NET, pending: NET, inTransit: 0n });
    // Read again: nothing new.
    expect(await applyProcessorSettlements(svc.service.orm.em.fork(), reports)).to.deep.equal({ settlements: 0, payments: 0 });
    fake.settle([await referenceOf(second.id)]);
    expect(await applyProcessorSettlements(svc.service.orm.em.fork(), reports)).to.deep.equal({ settlements: 1, payments: 1 });
    await waitFor('both to be available', async () => ((await balanceOf(svc, shop.liveKey)).available === 2n * NET ? true : undefined));
  });
});

describe('live settlement', function () {
  this.timeout(30_000);
  let fake: PaystackFake;
  let svc: TestService;

  before(async () => {
    fake = await startPaystackFake();
    svc = await startPaystackService('paystack-settlement', fake, { LIVE_SETTLEMENT_DAYS: '0' });
  });
  after(async () => {
    await svc?.stop();
    await fake?.close();
  });

  it("moves a live payment's net from pending to available when its settlement time comes, as a settlement entry", async () => {
    const shop = await svc.createMerchant();
    const intent = await payLive(svc, shop);
    await waitFor('the payment to settle', async () => ((await balanceOf(svc, shop.liveKey)).available === NET ? true : undefined));
    expect(await balanceOf(svc, shop.liveKey)).to.deep.equal({ available: NET, pending: 0n, inTransit: 0n });
    const entries = (await svc.request('GET', '/v1/balance/entries', { key: shop.liveKey })).body.data;
    expect(entries.map((e: any) => [e.type, e.payment_intent, e.amount])).to.deep.equal([['settlement', intent.id, String(NET)]]);
    expect((await verifyLedger(svc.service.orm.em.fork())).discrepancies).to.deep.equal([]);
  });
});
