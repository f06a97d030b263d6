// Live card payments through the Paystack connector, against the local fake of Paystack's API:
// every step the card issuer may ask for, declines, pending charges settled by webhook or by
// asking, and the processor failing in each way it can (an answer lost after the charge, a 5xx,
// an answer too slow to wait for). Never a second charge; the ledger keeps the processor's fee.
import { expect } from 'chai';
import { verifyLedger } from '../../server/src/domain/ledger.ts';
import { serviceFee } from '../../server/src/domain/money.ts';
import { FAKE_CARDS, FAKE_OTP, FAKE_PIN, startPaystackFake, type PaystackFake } from '../support/paystack-fake.ts';
import { card, createIntent, events, waitFor } from '../support/payments.ts';
import { startPaystackService } from '../support/paystack-service.ts';
import type { TestMerchant, TestService } from '../support/service.ts';

const AMOUNT = 1_500_000;

function pay(svc: TestService, intent: { id: string; client_secret: string }, number: string) {
  return svc.request('POST', `/v1/payment_intents/${intent.id}/confirm`, {
    body: { client_secret: intent.client_secret, method: 'card', card: card(number) },
  });
}

function answer(svc: TestService, intent: { id: string; client_secret: string }, fields: Record<string, unknown>) {
  return svc.request('POST', `/v1/payment_intents/${intent.id}/authenticate`, { body: { client_secret: intent.client_secret, ...fields } });
}

async function attemptsOf(svc: TestService, merchant: TestMerchant, intentId: string) {
  return (await svc.request('GET', `/v1/payment_intents/${intentId}/attempts`, { key: merchant.liveKey })).body.data as any[];
}

async function intentOf(svc: TestService, merchant: TestMerchant, intentId: string) {
  return (await svc.request('GET', `/v1/payment_intents/${intentId}`, { key: merchant.liveKey })).body;
}

const chargeRequests = (fake: PaystackFake, reference: string) => fake.calls('POST', '/charge').filter((r) => r.body?.reference === reference);

describe('live payments through Paystack (against the local fake)', function () {
  this.timeout(30_000);
  let fake: PaystackFake;
  let svc: TestService;
  let shop: TestMerchant;

  before(async () => {
    fake = await startPaystackFake();
    svc = await startPaystackService('paystack-payments', fake);
    shop = await svc.createMerchant('Adire & Co');
  });
  after(async () => {
    await svc?.stop();
    await fake?.close();
  });

  it('sends the charge with our attempt as its reference, and records the reference, the fee and the card', async () => {
    const intent = await createIntent(svc, shop.liveKey, { amount: AMOUNT, customer: { email: 'ada@example.com' } });
    const pending = async () => BigInt((await svc.request('GET', '/v1/balance', { key: shop.liveKey })).body.pending);
    const before = await pending();
    const res = await pay(svc, intent, FAKE_CARDS.success);
    expect(res.status).to.equal(200);
    expect(res.body.status).to.equal('succeeded');

    const [attempt] = await attemptsOf(svc, shop, intent.id);
    expect(attempt.processor_reference).to.equal(attempt.id.replace('att_', 'att-'));
    expect(attempt.processor_reference).to.match(/^[A-Za-z0-9.=-]+$/);
    const fee = fake.feeFor(AMOUNT);
    expect(attempt.processor_fee).to.equal(String(fee));
    expect(attempt.card).to.deep.equal({ brand: 'visa', last4: '4081' });

    const [sent] = chargeRequests(fake, attempt.processor_reference);
    expect(sent!.body).to.deep.include({ email: 'ada@example.com', amount: AMOUNT, reference: attempt.processor_reference });
    const sentCard = sent!.body!.card as Record<string, unknown>;
    expect(sentCard).to.deep.equal({ number: FAKE_CARDS.success, cvv: '123', expiry_month: '12', expiry_year: String(new Date().getUTCFullYear() + 3) });

    // The merchant is charged the service fee; the processor's fee comes out of the platform's share.
    // (pending until Paystack settles it)
    expect((await pending()) - before).to.equal(BigInt(AMOUNT) - serviceFee(BigInt(AMOUNT)));
    const [platform] = await svc.service.orm.em.fork().execute<{ platform: string; processor: string }[]>(
      `select sum(case when a.kind = 'platform_fees' then e.amount else 0 end)::text as platform,
              sum(case when a.kind = 'processor_fees' then e.amount else 0 end)::text as processor
         from ledger_entries e join ledger_accounts a on a.id = e.account_id
         join ledger_transactions t on t.id = e.transaction_id
        where t.payment_intent_id = ?`,
      [intent.id],
    );
    expect(BigInt(platform!.processor)).to.equal(BigInt(fee));
    expect(BigInt(platform!.platform)).to.equal(serviceFee(BigInt(AMOUNT)) - BigInt(fee));
    expect((await verifyLedger(svc.service.orm.em.fork())).discrepancies).to.deep.equal([]);
  });

  it('asks for each step the card issuer wants, in turn, with its words or ours, and pays once they are answered', async () => {
    const intent = await createIntent(svc, shop.liveKey, { amount: AMOUNT });
    const first = await pay(svc, intent, FAKE_CARDS.pinThenOtp);
    expect(first.body.status).to.equal('requires_authentication');
    // Paystack's send_pin carries no text of its own: ours.
    expect(first.body.next_action).to.deep.equal({ type: 'pin', message: "Enter your card's 4-digit PIN." });

    const wrongKind = await answer(svc, intent, { otp: FAKE_OTP });
    expect(wrongKind.status).to.equal(400);
    expect(wrongKind.body.error).to.include({ code: 'invalid_request', param: 'pin' });

    const afterPin = await answer(svc, intent, { pin: FAKE_PIN });
    expect(afterPin.status).to.equal(200);
    expect(afterPin.body.next_action).to.deep.equal({ type: 'otp', message: 'Please enter the OTP sent to 080****5678' });
    const [waiting] = await attemptsOf(svc, shop, intent.id);
    expect(waiting.status).to.equal('requires_otp');

    // POST .../otp is the same as authenticate with an otp.
    const paid = await svc.request('POST', `/v1/payment_intents/${intent.id}/otp`, { body: { client_secret: intent.client_secret, otp: FAKE_OTP } });
    expect(paid.body.status).to.equal('succeeded');
    expect(fake.calls('POST', /^\/charge\/submit_/).map((r) => r.path).slice(-2)).to.deep.equal(['/charge/submit_pin', '/charge/submit_otp']);
  });

  for (const [name, number, fields, step] of [
    ['a phone number, then an OTP', FAKE_CARDS.phoneThenOtp, { phone: '08012345678' }, 'phone'],
    ['a birthday', FAKE_CARDS.birthday, { birthday: '1990-05-17' }, 'birthday'],
    ['a billing address', FAKE_CARDS.address, { address: { street: '12 Allen Avenue', city: 'Ikeja', state: 'Lagos', zip_code: '100001' } }, 'address'],
  ] as const) {
    it(`asks for ${name}, and sends the answer as Paystack's submit_${step} wants it`, async () => {
      const intent = await createIntent(svc, shop.liveKey, { amount: AMOUNT });
      const first = await pay(svc, intent, number);
      expect(first.body.next_action.type).to.equal(step);
      expect(first.body.next_action.message).to.be.a('string').and.not.equal('');
      let res = await answer(svc, intent, fields);
      expect(res.status).to.equal(200);
      if (res.body.next_action?.type === 'otp') res = await answer(svc, intent, { otp: FAKE_OTP });
      expect(res.body.status).to.equal('succeeded');
      const [sent] = fake.calls('POST', `/charge/submit_${step}`).slice(-1);
      if (step === 'address') expect(sent!.body).to.deep.include({ address: '12 Allen Avenue', city: 'Ikeja', state: 'Lagos', zip_code: '100001' });
      else expect(sent!.body).to.have.property(step, (fields as Record<string, string>)[step]);
    });
  }

  it('refuses an answer with none or two of the fields, and a malformed one, changing nothing', async () => {
    const intent = await createIntent(svc, shop.liveKey, { amount: AMOUNT });
    await pay(svc, intent, FAKE_CARDS.pinThenOtp);
    for (const fields of [{}, { pin: '1234', otp: '123456' }, { pin: '12345' }, { birthday: '1990-13-45' }, { phone: 'call me' }, { address: { street: 'x' } }]) {
      const res = await answer(svc, intent, fields);
      expect(res.status, JSON.stringify(fields)).to.equal(400);
      expect(res.body.error.code).to.equal('invalid_request');
    }
    const checkout = await svc.request('GET', `/v1/payment_intents/${intent.id}/checkout?client_secret=${intent.client_secret}`);
    expect(checkout.body.next_action.type).to.equal('pin');
  });

  it("maps declines to our codes, never showing Paystack's words", async () => {
    for (const [number, code] of [
      [FAKE_CARDS.declined, 'card_declined'],
      [FAKE_CARDS.insufficientFunds, 'insufficient_funds'],
      [FAKE_CARDS.openUrl, 'processor_declined'],
    ] as const) {
      const intent = await createIntent(svc, shop.liveKey, { amount: AMOUNT });
      const res = await pay(svc, intent, number);
      expect(res.body.status, number).to.equal('requires_authentication');
      expect(res.body.last_error, number).to.equal(code);
      expect(JSON.stringify(res.body)).not.to.match(/Insufficient Funds|Declined/);
    }
    const intent = await createIntent(svc, shop.liveKey, { amount: AMOUNT });
    await pay(svc, intent, FAKE_CARDS.pinThenDeclined);
    const declined = await answer(svc, intent, { pin: FAKE_PIN });
    expect(declined.body).to.include({ status: 'requires_authentication', last_error: 'card_declined', next_action: null });
    const wrongOtp = await createIntent(svc, shop.liveKey, { amount: AMOUNT });
    await pay(svc, wrongOtp, FAKE_CARDS.pinThenOtp);
    await answer(svc, wrongOtp, { pin: FAKE_PIN });
    expect((await answer(svc, wrongOtp, { otp: '000000' })).body.last_error).to.equal('invalid_otp');
  });

  it('settles a pending charge by asking Paystack (check pending charge, then verify) when no webhook comes', async () => {
    fake.autoWebhooks = false;
    try {
      const intent = await createIntent(svc, shop.liveKey, { amount: AMOUNT });
      const res = await pay(svc, intent, FAKE_CARDS.pending);
      expect(res.body.status).to.equal('processing');
      const [attempt] = await attemptsOf(svc, shop, intent.id);
      await fake.finishPending(attempt.processor_reference, 'success');
      await waitFor('the payment to succeed', async () => ((await intentOf(svc, shop, intent.id)).status === 'succeeded' ? true : undefined));
      expect(fake.calls('GET', `/charge/${attempt.processor_reference}`).length).to.be.greaterThan(0);
      expect(fake.calls('GET', `/transaction/verify/${attempt.processor_reference}`).length).to.be.greaterThan(0);
      expect((await events(svc, intent.id)).filter((e) => e.type === 'payment_intent.succeeded')).to.have.length(1);
    } finally {
      fake.autoWebhooks = true;
    }
  });

  it('never sends a charge twice: an answer lost after the charge was made is found by asking', async () => {
    fake.fault({ method: 'POST', path: /^\/charge$/, kind: 'drop' });
    const intent = await createIntent(svc, shop.liveKey, { amount: AMOUNT });
    const res = await pay(svc, intent, FAKE_CARDS.success);
    expect(res.status).to.equal(200);
    expect(res.body.status).to.equal('processing');
    const [attempt] = await attemptsOf(svc, shop, intent.id);
    await waitFor('the payment to succeed', async () => ((await intentOf(svc, shop, intent.id)).status === 'succeeded' ? true : undefined));
    expect(chargeRequests(fake, attempt.processor_reference)).to.have.length(1);
    expect([...fake.charges.values()].filter((c) => c.reference === attempt.processor_reference)).to.have.length(1);
    const postings = await svc.service.orm.em.fork().execute(`select 1 from ledger_transactions where payment_intent_id = ? and kind = 'payment'`, [intent.id]);
    expect(postings).to.have.length(1);
    expect((await attemptsOf(svc, shop, intent.id))[0].processor_fee).to.equal(String(fake.feeFor(AMOUNT)));
  });

  it('waits out an answer too slow to wait for, then finds the one charge by asking', async () => {
    fake.fault({ method: 'POST', path: /^\/charge$/, kind: 'slow', delayMs: 3000 });
    const intent = await createIntent(svc, shop.liveKey, { amount: AMOUNT });
    const started = Date.now();
    const res = await pay(svc, intent, FAKE_CARDS.success);
    expect(Date.now() - started).to.be.lessThan(2500);
    expect(res.body.status).to.equal('processing');
    const [attempt] = await attemptsOf(svc, shop, intent.id);
    await waitFor('the payment to succeed', async () => ((await intentOf(svc, shop, intent.id)).status === 'succeeded' ? true : undefined));
    expect(chargeRequests(fake, attempt.processor_reference)).to.have.length(1);
  });

  it('after a 5xx that made no charge, fails the attempt once Paystack has said twice it has none, and the customer can pay again', async () => {
    fake.fault({ method: 'POST', path: /^\/charge$/, kind: 'error' });
    const intent = await createIntent(svc, shop.liveKey, { amount: AMOUNT });
    const res = await pay(svc, intent, FAKE_CARDS.success);
    expect(res.body.status).to.equal('processing');
    const [attempt] = await attemptsOf(svc, shop, intent.id);
    const failed = await waitFor('the attempt to fail', async () => {
      const now = await intentOf(svc, shop, intent.id);
      return now.status === 'requires_authentication' ? now : undefined;
    });
    expect(failed.last_error).to.equal('processor_declined');
    expect(fake.charges.has(attempt.processor_reference)).to.equal(false);
    expect((await pay(svc, intent, FAKE_CARDS.success)).body.status).to.equal('succeeded');
  });

  it('pays the intent when a charge whose step was answered again finishes late: the refusal is checked, not taken as a decline', async () => {
    const intent = await createIntent(svc, shop.liveKey, { amount: AMOUNT });
    await pay(svc, intent, FAKE_CARDS.pinThenOtp);
    await answer(svc, intent, { pin: FAKE_PIN });
    const [attempt] = await attemptsOf(svc, shop, intent.id);
    // Paystack finished the charge without our hearing (an answer that took the long way round).
    const charge = fake.charges.get(attempt.processor_reference)!;
    charge.status = 'success';
    charge.fees = fake.feeFor(charge.amount);
    const res = await answer(svc, intent, { otp: FAKE_OTP }); // refused by Paystack: not awaiting an OTP any more
    expect(res.body.status).to.equal('succeeded');
    expect((await attemptsOf(svc, shop, intent.id))[0].status).to.equal('succeeded');
  });

  it("pays the intent when Paystack's webhook says an attempt that had ended here succeeded after all, once", async () => {
    const intent = await createIntent(svc, shop.liveKey, { amount: AMOUNT });
    await pay(svc, intent, FAKE_CARDS.pinThenOtp);
    await answer(svc, intent, { pin: FAKE_PIN });
    // The OTP's request never reaches Paystack; asking finds it still waiting for the OTP.
    fake.fault({ method: 'POST', path: /^\/charge\/submit_otp$/, kind: 'reset' });
    const lost = await answer(svc, intent, { otp: FAKE_OTP });
    expect(lost.body.status).to.equal('processing');
    await waitFor('the OTP to be asked for again', async () => ((await intentOf(svc, shop, intent.id)).next_action?.type === 'otp' ? true : undefined));
    // Then Paystack finishes it anyway, and says so.
    const [attempt] = await attemptsOf(svc, shop, intent.id);
    const charge = fake.charges.get(attempt.processor_reference)!;
    charge.status = 'success';
    charge.fees = fake.feeFor(charge.amount);
    for (let i = 0; i < 2; i++) expect(await fake.sendWebhook('charge.success', { reference: charge.reference, status: 'success', amount: charge.amount })).to.equal(200);
    await waitFor('the payment to succeed', async () => ((await intentOf(svc, shop, intent.id)).status === 'succeeded' ? true : undefined));
    await new Promise((r) => setTimeout(r, 500));
    expect((await events(svc, intent.id)).filter((e) => e.type === 'payment_intent.succeeded')).to.have.length(1);
    expect((await verifyLedger(svc.service.orm.em.fork())).discrepancies).to.deep.equal([]);
  });

  it('keeps asking while Paystack answers its status checks with 5xx or not at all, and settles once it answers', async () => {
    fake.autoWebhooks = false;
    try {
      const intent = await createIntent(svc, shop.liveKey, { amount: AMOUNT });
      await pay(svc, intent, FAKE_CARDS.pending);
      const [attempt] = await attemptsOf(svc, shop, intent.id);
      const path = new RegExp(`^/charge/${attempt.processor_reference}$`);
      fake.fault({ method: 'GET', path, kind: 'error', times: 2 });
      fake.fault({ method: 'GET', path, kind: 'reset', times: 1 });
      await fake.finishPending(attempt.processor_reference, 'success');
      await waitFor('the payment to succeed', async () => ((await intentOf(svc, shop, intent.id)).status === 'succeeded' ? true : undefined), 20_000);
      expect(fake.calls('GET', path).length).to.be.greaterThanOrEqual(4);
    } finally {
      fake.autoWebhooks = true;
    }
  });
});

describe("Paystack's webhooks", function () {
  this.timeout(30_000);
  let fake: PaystackFake;
  let svc: TestService;
  let shop: TestMerchant;

  before(async () => {
    fake = await startPaystackFake();
    // Asking is far off: only the webhook can settle a pending charge within these tests.
    svc = await startPaystackService('paystack-webhooks', fake, { PROCESSOR_CHECK_DELAY_MS: '600000' });
    shop = await svc.createMerchant();
  });
  after(async () => {
    await svc?.stop();
    await fake?.close();
  });

  it('settles a pending charge as soon as charge.success arrives, once, however often it arrives', async () => {
    const intent = await createIntent(svc, shop.liveKey, { amount: AMOUNT });
    expect((await pay(svc, intent, FAKE_CARDS.pending)).body.status).to.equal('processing');
    const [attempt] = await attemptsOf(svc, shop, intent.id);
    await fake.finishPending(attempt.processor_reference, 'success'); // sends charge.success
    await waitFor('the payment to succeed', async () => ((await intentOf(svc, shop, intent.id)).status === 'succeeded' ? true : undefined), 5000);
    const charge = fake.charges.get(attempt.processor_reference)!;
    for (let i = 0; i < 3; i++) expect(await fake.sendWebhook('charge.success', { reference: charge.reference, status: 'success', amount: charge.amount })).to.equal(200);
    await new Promise((r) => setTimeout(r, 500));
    expect((await events(svc, intent.id)).filter((e) => e.type === 'payment_intent.succeeded')).to.have.length(1);
    expect((await verifyLedger(svc.service.orm.em.fork())).discrepancies).to.deep.equal([]);
  });

  it('refuses a forged, missing or stale signature with 401 in the one error shape, and changes nothing', async () => {
    const intent = await createIntent(svc, shop.liveKey, { amount: AMOUNT });
    await pay(svc, intent, FAKE_CARDS.pending);
    const [attempt] = await attemptsOf(svc, shop, intent.id);
    fake.charges.get(attempt.processor_reference)!.status = 'success'; // what a forger would like us to find
    const data = { reference: attempt.processor_reference, status: 'success', amount: AMOUNT };
    const forged = await fake.sendWebhook('charge.success', data, { signature: 'f'.repeat(128) });
    const missing = await fake.sendWebhook('charge.success', data, { signature: null });
    const short = await fake.sendWebhook('charge.success', data, { signature: 'abc' });
    expect([forged, missing, short]).to.deep.equal([401, 401, 401]);
    const raw = await svc.request('POST', '/processor_webhooks/paystack', { rawBody: JSON.stringify({ event: 'charge.success', data }), headers: { 'content-type': 'application/json', 'x-paystack-signature': '0'.repeat(128) } });
    expect(raw.status).to.equal(401);
    expect(raw.body.error.code).to.equal('authentication_required');
    await new Promise((r) => setTimeout(r, 500));
    expect((await intentOf(svc, shop, intent.id)).status).to.equal('processing');
    expect(fake.calls('GET', `/charge/${attempt.processor_reference}`)).to.have.length(0);
  });

  it('answers 200 to a signed event it has nothing to do with', async () => {
    expect(await fake.sendWebhook('subscription.create', { subscription_code: 'SUB_x' })).to.equal(200);
    expect(await fake.sendWebhook('charge.success', { reference: 'att-unknownunknownunknown1', status: 'success', amount: 100 })).to.equal(200);
  });
});
