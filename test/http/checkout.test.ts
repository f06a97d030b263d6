import { expect } from 'chai';
import { expireIntents } from '../../server/src/domain/payment-intents.ts';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';
import { balance, card, CARDS, confirm, createIntent, events, waitFor } from '../support/payments.ts';

describe('paying an intent (checkout, confirm, OTP)', () => {
  let svc: TestService;
  let shop: TestMerchant;

  before(async () => {
    svc = await startTestService('checkout', { PAYMENT_PROCESSING_DELAY_MS: '300' });
    shop = await svc.createMerchant('Adire & Co', 'https://adire.example/logo.png');
  });
  after(() => svc.stop());

  const attempts = async (intentId: string) =>
    svc.service.orm.em
      .fork()
      .execute<{ status: string; failure_code: string | null; card_last4: string; card_brand: string }[]>(
        'select status, failure_code, card_last4, card_brand from payment_attempts where payment_intent_id = ? order by created_at',
        [intentId],
      );
  const merchantView = async (id: string, key = shop.testKey) => (await svc.request('GET', `/v1/payment_intents/${id}`, { key })).body;

  describe('the checkout view', () => {
    it('shows the customer what they are paying, and nothing of the merchant’s own data', async () => {
      const intent = await createIntent(svc, shop.testKey, { description: 'Two tote bags', metadata: { internal: 'x' } });
      const res = await svc.request('GET', `/v1/payment_intents/${intent.id}/checkout?client_secret=${intent.client_secret}`);
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({
        id: intent.id,
        livemode: false,
        amount: '250000',
        currency: 'NGN',
        description: 'Two tote bags',
        merchant_name: 'Adire & Co',
        merchant_logo_url: 'https://adire.example/logo.png',
        status: 'requires_authentication',
        expires_at: res.body.expires_at,
        next_action: null,
        last_error: null,
        needs_email: false,
        cancellation_reason: null,
        return_url: null,
      });
    });

    it('is 404 for a wrong client secret, or one of another intent, without a secret key', async () => {
      const a = await createIntent(svc, shop.testKey);
      const b = await createIntent(svc, shop.testKey);
      for (const secret of [`${a.id}_secret_${'x'.repeat(24)}`, b.client_secret]) {
        const res = await svc.request('GET', `/v1/payment_intents/${a.id}/checkout?client_secret=${secret}`);
        expect(res.status).to.equal(404);
        expect(res.body.error.code).to.equal('resource_missing');
      }
      const missing = await svc.request('GET', `/v1/payment_intents/${a.id}/checkout`);
      expect(missing.status).to.equal(400);
      expect(missing.body.error.param).to.equal('client_secret');
    });
  });

  describe('confirm', () => {
    it('pays with the success card: the intent succeeds, the fee is taken, the merchant is credited, one event is recorded', async () => {
      const before = await balance(svc, shop.testKey);
      const intent = await createIntent(svc, shop.testKey, { amount: 250_000, metadata: { order_id: '77' } });
      const res = await confirm(svc, intent);
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ status: 'succeeded', last_error: null, next_action: null });
      const pi = await merchantView(intent.id);
      expect(pi).to.include({ status: 'succeeded', method: 'card', service_fee: '13750', amount_refunded: '0' });
      expect(pi.succeeded_at).to.be.a('string');
      expect((await balance(svc, shop.testKey)) - before).to.equal(250_000n - 13_750n);
      const recorded = await events(svc, intent.id);
      expect(recorded.map((e) => e.type)).to.deep.equal(['payment_intent.succeeded']);
      const envelope = recorded[0]!.payload;
      expect(envelope.id).to.match(/^evt_[0-9A-Za-z]{24}$/);
      expect(envelope).to.include({ type: 'payment_intent.succeeded', livemode: false });
      expect(envelope.created).to.be.a('number');
      expect(envelope.data).to.deep.equal({
        id: intent.id,
        amount: '250000',
        currency: 'NGN',
        method: 'card',
        service_fee: '13750',
        metadata: { order_id: '77' },
      });
      expect(await attempts(intent.id)).to.deep.equal([{ status: 'succeeded', failure_code: null, card_last4: '4081', card_brand: 'visa' }]);
    });

    for (const [name, number, code] of [
      ['declined card', CARDS.declined, 'card_declined'],
      ['insufficient funds card', CARDS.insufficientFunds, 'insufficient_funds'],
      ['any other valid card', '5555 5555 5555 4444', 'card_declined'],
    ] as const) {
      it(`fails the attempt with the ${name} (${code}), keeps the intent open, and lets the customer retry`, async () => {
        const intent = await createIntent(svc, shop.testKey);
        const failed = await confirm(svc, intent, { card: card(number) });
        expect(failed.status).to.equal(200);
        expect(failed.body).to.include({ status: 'requires_authentication', last_error: code });
        expect((await merchantView(intent.id)).last_error).to.equal(code);
        const retried = await confirm(svc, intent);
        expect(retried.body).to.include({ status: 'succeeded', last_error: null });
        const recorded = await events(svc, intent.id);
        expect(recorded.map((e) => e.type)).to.deep.equal(['payment_intent.failed', 'payment_intent.succeeded']);
        expect(recorded[0]!.payload.data).to.deep.equal({ id: intent.id, last_error: code });
      });
    }

    it('asks for an OTP; a wrong one fails the attempt, the right one (123456) pays', async () => {
      const intent = await createIntent(svc, shop.testKey);
      const asked = await confirm(svc, intent, { card: card(CARDS.otp) });
      expect(asked.body).to.include({ status: 'requires_authentication' });
      expect(asked.body.next_action).to.deep.equal({ type: 'otp', message: 'Enter the one-time code your card issuer sent you.' });
      const wrong = await svc.request('POST', `/v1/payment_intents/${intent.id}/otp`, { body: { client_secret: intent.client_secret, otp: '000000' } });
      expect(wrong.status).to.equal(200);
      expect(wrong.body).to.include({ status: 'requires_authentication', last_error: 'invalid_otp', next_action: null });
      const noLongerAwaited = await svc.request('POST', `/v1/payment_intents/${intent.id}/otp`, {
        body: { client_secret: intent.client_secret, otp: '123456' },
      });
      expect(noLongerAwaited.status).to.equal(400);
      expect(noLongerAwaited.body.error.code).to.equal('payment_intent_unexpected_state');
      await confirm(svc, intent, { card: card(CARDS.otp) });
      const right = await svc.request('POST', `/v1/payment_intents/${intent.id}/otp`, { body: { client_secret: intent.client_secret, otp: '123456' } });
      expect(right.body).to.include({ status: 'succeeded', next_action: null });
      expect((await attempts(intent.id)).map((a) => `${a.status}:${a.failure_code ?? ''}`)).to.deep.equal(['failed:invalid_otp', 'succeeded:']);
    });

    it('abandons an unanswered OTP when the customer pays with another card instead', async () => {
      const intent = await createIntent(svc, shop.testKey);
      await confirm(svc, intent, { card: card(CARDS.otp) });
      const paid = await confirm(svc, intent);
      expect(paid.body.status).to.equal('succeeded');
      expect((await attempts(intent.id)).map((a) => a.status)).to.deep.equal(['abandoned', 'succeeded']);
    });

    it('leaves a processing card processing, then completes it by itself (success)', async () => {
      const intent = await createIntent(svc, shop.testKey);
      const res = await confirm(svc, intent, { card: card(CARDS.processingSucceeds) });
      expect(res.body.status).to.equal('processing');
      const paidAgain = await confirm(svc, intent);
      expect(paidAgain.status).to.equal(400);
      expect(paidAgain.body.error.code).to.equal('payment_intent_unexpected_state');
      const cancel = await svc.request('POST', `/v1/payment_intents/${intent.id}/cancel`, { key: shop.testKey });
      expect(cancel.status).to.equal(400);
      expect(cancel.body.error.code).to.equal('payment_intent_unexpected_state');
      const done = await waitFor('the processing payment to settle', async () => {
        const pi = await merchantView(intent.id);
        return pi.status === 'processing' ? undefined : pi;
      });
      expect(done).to.include({ status: 'succeeded', service_fee: '13750' });
    });

    it('leaves a processing card processing, then fails it by itself and reopens the intent (processor_declined)', async () => {
      const intent = await createIntent(svc, shop.testKey);
      await confirm(svc, intent, { card: card(CARDS.processingFails) });
      const done = await waitFor('the processing payment to settle', async () => {
        const pi = await merchantView(intent.id);
        return pi.status === 'processing' ? undefined : pi;
      });
      expect(done).to.include({ status: 'requires_authentication', last_error: 'processor_declined' });
      expect((await events(svc, intent.id)).map((e) => e.type)).to.deep.equal(['payment_intent.failed']);
      expect((await confirm(svc, intent)).body.status).to.equal('succeeded');
    });

    it('refuses a card number that fails the Luhn check, or an expired card, with 400 and records nothing', async () => {
      const intent = await createIntent(svc, shop.testKey);
      const luhn = await confirm(svc, intent, { card: card('4084 0840 8408 4082') });
      expect(luhn.status).to.equal(400);
      expect(luhn.body.error).to.include({ code: 'invalid_request', param: 'card.number' });
      const expired = await confirm(svc, intent, { card: { ...card(CARDS.success), exp_month: 1, exp_year: 2020 } });
      expect(expired.status).to.equal(400);
      expect(expired.body.error).to.include({ code: 'invalid_request', param: 'card.exp_month' });
      for (const [field, value, param] of [
        ['cvc', '12', 'card.cvc'],
        ['exp_month', 13, 'card.exp_month'],
        ['number', '4084-0840-8408-4081', 'card.number'],
      ] as const) {
        const res = await confirm(svc, intent, { card: { ...card(CARDS.success), [field]: value } });
        expect(res.status, field).to.equal(400);
        expect(res.body.error.param).to.equal(param);
      }
      expect(await attempts(intent.id)).to.deep.equal([]);
      expect(await events(svc, intent.id)).to.deep.equal([]);
      expect((await merchantView(intent.id)).status).to.equal('requires_authentication');
    });

    it('asks for an e-mail when the intent has none, and keeps it for refunds', async () => {
      const intent = await createIntent(svc, shop.testKey, { customer: undefined });
      const view = await svc.request('GET', `/v1/payment_intents/${intent.id}/checkout?client_secret=${intent.client_secret}`);
      expect(view.body.needs_email).to.equal(true);
      const without = await confirm(svc, intent);
      expect(without.status).to.equal(400);
      expect(without.body.error).to.include({ code: 'invalid_request', param: 'email' });
      const bad = await confirm(svc, intent, { email: 'not-an-email' });
      expect(bad.body.error.param).to.equal('email');
      const paid = await confirm(svc, intent, { email: 'Bola@Example.com' });
      expect(paid.body).to.include({ status: 'succeeded', needs_email: false });
      expect((await merchantView(intent.id)).customer).to.deep.equal({ email: 'Bola@Example.com', phone: null });
    });

    it('refuses to take money for a succeeded, canceled or expired intent', async () => {
      const paid = await createIntent(svc, shop.testKey);
      await confirm(svc, paid);
      const canceled = await createIntent(svc, shop.testKey);
      await svc.request('POST', `/v1/payment_intents/${canceled.id}/cancel`, { key: shop.testKey });
      const expired = await createIntent(svc, shop.testKey);
      await svc.service.orm.em.fork().execute("update payment_intents set expires_at = now() - interval '1 second' where id = ?", [expired.id]);
      for (const intent of [paid, canceled, expired]) {
        const before = await balance(svc, shop.testKey);
        const res = await confirm(svc, intent);
        expect(res.status).to.equal(400);
        expect(res.body.error.code).to.equal('payment_intent_unexpected_state');
        expect(await balance(svc, shop.testKey)).to.equal(before);
      }
    });

    it('is 404 with a wrong client secret', async () => {
      const intent = await createIntent(svc, shop.testKey);
      const res = await confirm(svc, { id: intent.id, client_secret: `${intent.id}_secret_${'A'.repeat(24)}` });
      expect(res.status).to.equal(404);
      const otp = await svc.request('POST', `/v1/payment_intents/${intent.id}/otp`, {
        body: { client_secret: `${intent.id}_secret_${'A'.repeat(24)}`, otp: '123456' },
      });
      expect(otp.status).to.equal(404);
    });
  });

  describe('live mode', () => {
    it('refuses test cards (test_card_in_live_mode) and sends other cards to the sandbox acquirer', async () => {
      const intent = await createIntent(svc, shop.liveKey);
      const refused = await confirm(svc, intent);
      expect(refused.body).to.include({ livemode: true, status: 'requires_authentication', last_error: 'test_card_in_live_mode' });
      const pending = async () => BigInt((await svc.request('GET', '/v1/balance', { key: shop.liveKey })).body.pending);
      const before = await pending();
      const paid = await confirm(svc, intent, { card: card(CARDS.otherVisa) });
      expect(paid.body.status).to.equal('succeeded');
      // A live payment's net is pending until it settles.
      expect((await pending()) - before).to.equal(250_000n - 13_750n);
    });
  });

  describe('expiry', () => {
    it('cancels unpaid intents past expires_at (cancellation_reason expired) and leaves the rest', async () => {
      const due = await createIntent(svc, shop.testKey);
      const fresh = await createIntent(svc, shop.testKey);
      const paid = await createIntent(svc, shop.testKey);
      await confirm(svc, paid);
      await svc.service.orm.em
        .fork()
        .execute("update payment_intents set expires_at = now() - interval '1 minute' where id in (?, ?)", [due.id, paid.id]);
      expect(await expireIntents(svc.service.orm.em.fork())).to.be.greaterThan(0);
      expect(await merchantView(due.id)).to.include({ status: 'canceled', cancellation_reason: 'expired' });
      expect((await merchantView(fresh.id)).status).to.equal('requires_authentication');
      expect((await merchantView(paid.id)).status).to.equal('succeeded');
      const recorded = await events(svc, due.id);
      expect(recorded.map((e) => e.payload.data)).to.deep.equal([{ id: due.id, cancellation_reason: 'expired' }]);
    });

    it('records payment_intent.canceled when the merchant cancels', async () => {
      const intent = await createIntent(svc, shop.testKey);
      await svc.request('POST', `/v1/payment_intents/${intent.id}/cancel`, { key: shop.testKey });
      await svc.request('POST', `/v1/payment_intents/${intent.id}/cancel`, { key: shop.testKey });
      const recorded = await events(svc, intent.id);
      expect(recorded.map((e) => e.payload.data)).to.deep.equal([{ id: intent.id, cancellation_reason: 'requested_by_merchant' }]);
    });
  });
});
