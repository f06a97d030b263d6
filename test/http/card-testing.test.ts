// Card testing and OTP guessing: failed attempts are limited per intent and per client address,
// counted in PostgreSQL so that every API process sees the same counts.
import { expect } from 'chai';
import { card, CARDS, createIntent, events, waitFor } from '../support/payments.ts';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';

describe('card testing and guessing', () => {
  let svc: TestService;
  let other: TestService;
  let shop: TestMerchant;

  before(async () => {
    // Clients are told apart by the address the (trusted, local) proxy forwards.
    svc = await startTestService('card_testing', { TRUST_PROXY: 'loopback', PAYMENT_PROCESSING_DELAY_MS: '100' });
    // A second API process on the same database: the counts are shared.
    other = await startTestService('card_testing_b', { TRUST_PROXY: 'loopback', PAYMENT_PROCESSING_DELAY_MS: '100' }, { sharing: svc });
    shop = await svc.createMerchant('Card Testers Beware');
  });
  after(async () => {
    await other.stop();
    await svc.stop();
  });

  let clientNumber = 0;
  const newClient = () => `198.51.100.${++clientNumber}`;
  const confirmFrom = (client: string, intent: { id: string; client_secret: string }, number: string, via = svc) =>
    via.request('POST', `/v1/payment_intents/${intent.id}/confirm`, {
      body: { client_secret: intent.client_secret, method: 'card', card: card(number) },
      headers: { 'x-forwarded-for': client },
    });
  const otpFrom = (client: string, intent: { id: string; client_secret: string }, otp: string) =>
    svc.request('POST', `/v1/payment_intents/${intent.id}/otp`, {
      body: { client_secret: intent.client_secret, otp },
      headers: { 'x-forwarded-for': client },
    });
  const attempts = async (intentId: string) =>
    (await svc.request('GET', `/v1/payment_intents/${intentId}/attempts`, { key: shop.testKey })).body.data as { status: string }[];

  describe('per intent', () => {
    it('lets a customer whose first four cards fail pay with the fifth', async () => {
      const client = newClient();
      const intent = await createIntent(svc, shop.testKey);
      for (let i = 0; i < 4; i++) expect((await confirmFrom(client, intent, CARDS.declined)).body.last_error).to.equal('card_declined');
      const paid = await confirmFrom(client, intent, CARDS.success);
      expect(paid.body.status).to.equal('succeeded');
    });

    it('after five failed attempts, cancels the intent and tells the customer plainly; it can no longer be paid', async () => {
      const client = newClient();
      const intent = await createIntent(svc, shop.testKey);
      for (let i = 0; i < 4; i++) expect((await confirmFrom(client, intent, CARDS.declined)).body.status).to.equal('requires_authentication');
      const fifth = await confirmFrom(client, intent, CARDS.insufficientFunds);
      expect(fifth.status).to.equal(200);
      expect(fifth.body).to.include({ status: 'canceled', last_error: 'insufficient_funds', cancellation_reason: 'too_many_failed_attempts' });

      const sixth = await confirmFrom(client, intent, CARDS.success);
      expect(sixth.status).to.equal(400);
      expect(sixth.body.error.code).to.equal('payment_intent_unexpected_state');
      expect(sixth.body.error.message).to.equal('This payment was blocked after too many failed attempts and can no longer be paid; start again from the shop.');
      expect(await attempts(intent.id)).to.have.length(5);

      const merchantView = (await svc.request('GET', `/v1/payment_intents/${intent.id}`, { key: shop.testKey })).body;
      expect(merchantView).to.include({ status: 'canceled', cancellation_reason: 'too_many_failed_attempts' });
      const types = (await events(svc, intent.id)).map((e) => e.type);
      expect(types).to.deep.equal([...Array(5).fill('payment_intent.failed'), 'payment_intent.canceled']);
      const canceled = (await events(svc, intent.id)).at(-1)!.payload;
      expect(canceled.data).to.deep.equal({ id: intent.id, cancellation_reason: 'too_many_failed_attempts' });
    });

    it('counts OTPs asked for and then abandoned: a card tester cannot learn which cards are live by asking for OTPs', async () => {
      const client = newClient();
      const intent = await createIntent(svc, shop.testKey);
      const answers = [];
      for (let i = 0; i < 8; i++) answers.push(await confirmFrom(client, intent, CARDS.otp));
      // Five OTPs asked for: each later confirm abandons the one before; the sixth is not tried.
      expect(answers.slice(0, 5).map((a) => a.body.next_action?.type)).to.deep.equal(['otp', 'otp', 'otp', 'otp', 'otp']);
      expect(answers[5]!.body).to.include({ status: 'canceled', cancellation_reason: 'too_many_failed_attempts' });
      expect(answers.slice(6).map((a) => a.status)).to.deep.equal([400, 400]);
      expect(await attempts(intent.id)).to.have.length(5);
    });

    it('counts wrong OTPs: forty wrong codes and then the right one do not pay', async () => {
      const client = newClient();
      const intent = await createIntent(svc, shop.testKey);
      let last;
      for (let i = 0; i < 40; i++) {
        const asked = await confirmFrom(client, intent, CARDS.otp);
        if (asked.status !== 200 || asked.body.next_action?.type !== 'otp') break;
        last = await otpFrom(client, intent, String(100000 + i));
      }
      expect(last!.body).to.include({ status: 'canceled', last_error: 'invalid_otp', cancellation_reason: 'too_many_failed_attempts' });
      const retry = await confirmFrom(client, intent, CARDS.otp);
      expect(retry.status).to.equal(400);
      const right = await otpFrom(client, intent, '123456');
      expect(right.status).to.equal(400);
      expect((await attempts(intent.id)).filter((a) => a.status === 'failed')).to.have.length(5);
    });
  });

  describe('per client address', () => {
    it('after 20 failed attempts in an hour from one address, refuses its next attempts with 429 before any card is tried', async () => {
      const client = newClient();
      for (let i = 0; i < 20; i++) {
        const intent = await createIntent(svc, shop.testKey);
        // Half of them through the other API process: the count is kept in PostgreSQL.
        const res = await confirmFrom(client, intent, CARDS.declined, i % 2 === 0 ? svc : other);
        expect(res.status, `attempt ${i + 1}`).to.equal(200);
        expect(res.body.last_error).to.equal('card_declined');
      }
      const intent = await createIntent(svc, shop.testKey);
      for (const via of [svc, other]) {
        const refused = await confirmFrom(client, intent, CARDS.success, via);
        expect(refused.status).to.equal(429);
        expect(refused.body.error.code).to.equal('rate_limited');
        expect(refused.body.error.message).to.match(/^Too many failed payment attempts from your network\. Try again in \d+ minutes?\.$/);
        expect(Number(refused.headers.get('retry-after'))).to.be.within(3500, 3600);
      }
      expect(await attempts(intent.id)).to.have.length(0);
      // The intent itself is untouched: the customer can pay from elsewhere.
      const elsewhere = await confirmFrom(newClient(), intent, CARDS.success);
      expect(elsewhere.body.status).to.equal('succeeded');
    });

    it('counts payments that fail later (processing, then declined) against the address they came from', async () => {
      const client = newClient();
      const intents = await Promise.all(Array.from({ length: 20 }, () => createIntent(svc, shop.testKey)));
      for (const intent of intents) expect((await confirmFrom(client, intent, CARDS.processingFails)).body.status).to.equal('processing');
      for (const intent of intents) {
        await waitFor('the processing payment to fail', async () => {
          const pi = (await svc.request('GET', `/v1/payment_intents/${intent.id}`, { key: shop.testKey })).body;
          return pi.status === 'processing' ? undefined : pi;
        });
      }
      const next = await createIntent(svc, shop.testKey);
      expect((await confirmFrom(client, next, CARDS.success)).status).to.equal(429);
    });

    it('counts OTPs abandoned on other intents against the address', async () => {
      const client = newClient();
      // Each intent: an OTP asked for, then a declined card (which abandons it): two failures each.
      for (let i = 0; i < 10; i++) {
        const intent = await createIntent(svc, shop.testKey);
        expect((await confirmFrom(client, intent, CARDS.otp)).body.next_action).to.deep.equal({ type: 'otp', message: 'Enter the one-time code your card issuer sent you.' });
        expect((await confirmFrom(client, intent, CARDS.declined)).body.last_error).to.equal('card_declined');
      }
      const next = await createIntent(svc, shop.testKey);
      expect((await confirmFrom(client, next, CARDS.success)).status).to.equal(429);
    });

    it('does not count successes, a finished OTP or typing mistakes', async () => {
      const client = newClient();
      for (let i = 0; i < 25; i++) {
        const intent = await createIntent(svc, shop.testKey);
        expect((await confirmFrom(client, intent, '4084 0840 8408 4082')).status).to.equal(400); // fails Luhn
        expect((await confirmFrom(client, intent, CARDS.otp)).body.next_action).to.deep.equal({ type: 'otp', message: 'Enter the one-time code your card issuer sent you.' });
        expect((await otpFrom(client, intent, '123456')).body.status).to.equal('succeeded');
      }
    });

    it('holds the limit when 30 declined attempts from one address race: at most 20 reach the processor', async () => {
      const client = newClient();
      const intents = await Promise.all(Array.from({ length: 30 }, () => createIntent(svc, shop.testKey)));
      const answers = await Promise.all(intents.map((intent, i) => confirmFrom(client, intent, CARDS.declined, i % 2 === 0 ? svc : other)));
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 200)).to.have.length(20);
      expect(statuses.filter((s) => s === 429)).to.have.length(10);
      const tried = await Promise.all(intents.map(async (intent) => (await attempts(intent.id)).length));
      expect(tried.reduce((a, b) => a + b, 0)).to.equal(20);
    });
  });
});
