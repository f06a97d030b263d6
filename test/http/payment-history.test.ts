// What the dashboard's payment page shows beyond the intent: its attempts and its events.
import { expect } from 'chai';
import { CARDS, card, confirm, createIntent } from '../support/payments.ts';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';

describe('a payment intent\'s history', () => {
  let svc: TestService;
  let shop: TestMerchant;

  before(async () => {
    svc = await startTestService('payment_history');
    shop = await svc.createMerchant('Adire & Co');
  });
  after(() => svc.stop());

  it('lists every attempt oldest first, with the card\'s brand and last four and how it ended', async () => {
    const intent = await createIntent(svc, shop.testKey);
    expect((await confirm(svc, intent, { card: card(CARDS.declined) })).body.status).to.equal('requires_authentication');
    expect((await confirm(svc, intent)).body.status).to.equal('succeeded');

    const res = await svc.request('GET', `/v1/payment_intents/${intent.id}/attempts`, { key: shop.testKey });
    expect(res.status, res.text).to.equal(200);
    expect(res.body).to.include({ object: 'list', has_more: false });
    const attempts = res.body.data;
    expect(attempts.map((a: any) => [a.card.last4, a.status, a.failure_code])).to.deep.equal([
      ['5408', 'failed', 'card_declined'],
      ['4081', 'succeeded', null],
    ]);
    for (const attempt of attempts) {
      expect(attempt).to.include({ payment_intent: intent.id, method: 'card' });
      expect(attempt.card.brand).to.be.a('string').and.not.equal('');
      expect(Date.parse(attempt.completed_at)).to.be.at.least(Date.parse(attempt.created_at));
      expect(JSON.stringify(attempt)).to.not.include('4084080000005408');
    }
  });

  it('shows an attempt waiting for its OTP as requires_otp, not yet completed', async () => {
    const intent = await createIntent(svc, shop.testKey);
    await confirm(svc, intent, { card: card(CARDS.otp) });
    const [attempt] = (await svc.request('GET', `/v1/payment_intents/${intent.id}/attempts`, { key: shop.testKey })).body.data;
    expect(attempt).to.include({ status: 'requires_otp', completed_at: null, failure_code: null });
  });

  it('lists no attempts of an intent nobody tried to pay', async () => {
    const intent = await createIntent(svc, shop.testKey);
    const res = await svc.request('GET', `/v1/payment_intents/${intent.id}/attempts`, { key: shop.testKey });
    expect(res.body.data).to.deep.equal([]);
  });

  it('hides another merchant\'s and the other mode\'s intents (404), and a malformed id is not found either (404)', async () => {
    const intent = await createIntent(svc, shop.testKey);
    const other = await svc.createMerchant('Elsewhere');
    for (const key of [other.testKey, shop.liveKey]) {
      const res = await svc.request('GET', `/v1/payment_intents/${intent.id}/attempts`, { key });
      expect(res.status).to.equal(404);
      expect(res.body.error.code).to.equal('resource_missing');
    }
    const bad = await svc.request('GET', '/v1/payment_intents/pi_short/attempts', { key: shop.testKey });
    expect(bad.status).to.equal(404);
    expect(bad.body.error).to.include({ code: 'resource_missing', param: 'id' });
  });

  it('lists only one intent\'s events with ?payment_intent=, its refund included', async () => {
    const intent = await createIntent(svc, shop.testKey);
    await confirm(svc, intent, { card: card(CARDS.declined) });
    await confirm(svc, intent);
    const refund = await svc.request('POST', '/v1/refunds', { key: shop.testKey, body: { payment_intent: intent.id, amount: 1000 } });
    expect(refund.status, refund.text).to.equal(201);
    await createIntent(svc, shop.testKey).then((other) => confirm(svc, other)); // another intent's events must not show

    const res = await svc.request('GET', `/v1/events?payment_intent=${intent.id}&limit=100`, { key: shop.testKey });
    expect(res.status, res.text).to.equal(200);
    expect(res.body.data.map((e: { type: string }) => e.type)).to.deep.equal(['refund.succeeded', 'payment_intent.succeeded', 'payment_intent.failed']);
    const filtered = await svc.request('GET', `/v1/events?payment_intent=${intent.id}&type=payment_intent.failed`, { key: shop.testKey });
    expect(filtered.body.data).to.have.length(1);
    expect((await svc.request('GET', `/v1/events?payment_intent=${intent.id}`, { key: shop.liveKey })).body.data).to.deep.equal([]);
  });
});
