// The fake of Paystack the tests run answers in the shapes the connector reads (the connector's
// own schemas, in server/src/domain/processor/paystack/wire.ts), on every path and in every state
// the tests drive it through: if either side changes, this fails before any payment test could
// pass for the wrong reason.
import { expect } from 'chai';
import { checkShape, type WireShape } from '../../server/src/domain/processor/paystack/wire.ts';
import { declineCode, displayText } from '../../server/src/domain/processor/paystack/connector.ts';
import { hasValidSignature, paystackSignature, readWebhook } from '../../server/src/domain/processor/paystack/webhooks.ts';
import { FAKE_CARDS, FAKE_OTP, FAKE_PIN, startPaystackFake, type PaystackFake } from '../support/paystack-fake.ts';

describe('the Paystack fake answers as the connector expects', () => {
  let fake: PaystackFake;
  before(async () => {
    fake = await startPaystackFake();
  });
  after(() => fake.close());

  let counter = 0;
  const reference = () => `att-fakecheck${++counter}${Date.now()}`;

  async function call(method: string, path: string, body?: unknown, key = fake.secretKey) {
    const res = await fetch(fake.url + path, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  }

  /** The envelope and its data both have the shapes named. */
  function expectShapes(answer: { body: any }, data: WireShape | null): void {
    expect(checkShape('envelope', answer.body), JSON.stringify(answer.body)).to.equal(null);
    if (data === null) return;
    const items = Array.isArray(answer.body.data) ? answer.body.data : [answer.body.data];
    for (const item of items) expect(checkShape(data, item), JSON.stringify(item)).to.equal(null);
  }

  const charge = (ref: string, number: string, amount = 500_000) =>
    call('POST', '/charge', { email: 'ada@example.com', amount, reference: ref, card: { number, cvv: '408', expiry_month: '12', expiry_year: '2030' } });

  it('charges: every state a charge passes through, each submit_* step, check pending charge and verify', async () => {
    for (const number of Object.values(FAKE_CARDS)) {
      const ref = reference();
      let answer = await charge(ref, number);
      expect(answer.status).to.equal(200);
      expectShapes(answer, 'charge');
      for (let steps = 0; answer.body.data.status.startsWith('send_') && steps < 3; steps++) {
        const step = answer.body.data.status.slice(5);
        const value = { pin: { pin: FAKE_PIN }, otp: { otp: FAKE_OTP }, phone: { phone: '08012345678' }, birthday: { birthday: '1990-05-17' }, address: { address: '1 Road', city: 'Ikeja', state: 'Lagos', zip_code: '100001' } }[step as 'pin'];
        answer = await call('POST', `/charge/submit_${step}`, { reference: ref, ...value });
        expect(answer.status).to.equal(200);
        expectShapes(answer, 'charge');
      }
      expectShapes(await call('GET', `/charge/${ref}`), 'charge');
      const verified = await call('GET', `/transaction/verify/${ref}`);
      expect(verified.status).to.equal(200);
      expectShapes(verified, 'transaction');
    }
  });

  it('a success carries its fee and card; a decline its reason', async () => {
    const paid = await charge(reference(), FAKE_CARDS.success, 1_000_000);
    expect(paid.body.data).to.deep.include({ status: 'success', amount: 1_000_000, fees: fake.feeFor(1_000_000) });
    expect(paid.body.data.authorization).to.include({ last4: '4081', brand: 'visa' });
    const declined = await charge(reference(), FAKE_CARDS.insufficientFunds);
    expect(declined.body.data).to.include({ status: 'failed', message: 'Insufficient Funds' });
  });

  it('refusals: a wrong key, a reused reference, a bad reference, an unknown one', async () => {
    const ref = reference();
    const wrongKey = await call('POST', '/charge', {}, 'sk_test_wrong');
    expect(wrongKey.status).to.equal(401);
    expectShapes(wrongKey, null);
    await charge(ref, FAKE_CARDS.success);
    const again = await charge(ref, FAKE_CARDS.success);
    expect(again.status).to.equal(400);
    expect(again.body).to.include({ status: false, code: 'duplicate_reference' });
    expectShapes(again, null);
    const underscore = await charge('att_not_allowed', FAKE_CARDS.success);
    expect(underscore.status).to.equal(400);
    expect(underscore.body.message).to.match(/alphanumeric/);
    for (const path of ['/charge/att-none', '/transaction/verify/att-none']) {
      const missing = await call('GET', path);
      expect(missing.status).to.equal(404);
      expectShapes(missing, null);
    }
    const submit = await call('POST', '/charge/submit_otp', { reference: 'att-none', otp: '123456' });
    expect(submit.status).to.equal(400);
    expect(submit.body.message).to.equal('Transaction reference is invalid');
  });

  it('lists transactions a page at a time, with meta.pageCount', async () => {
    const first = await call('GET', '/transaction?perPage=3&page=1');
    expectShapes(first, 'transaction');
    expect(first.body.data).to.have.length(3);
    expect(first.body.meta.pageCount).to.equal(Math.ceil(first.body.meta.total / 3));
    const last = await call('GET', `/transaction?perPage=3&page=${first.body.meta.pageCount}`);
    expect(last.body.data.length).to.be.within(1, 3);
  });

  it('refunds: create, fetch, list; each in the shape the connector reads', async () => {
    const ref = reference();
    await charge(ref, FAKE_CARDS.success, 800_000);
    const created = await call('POST', '/refund', { transaction: ref, amount: 200_000 });
    expect(created.status).to.equal(200);
    expectShapes(created, 'refund');
    expect(created.body.data.transaction).to.include({ reference: ref });
    const fetched = await call('GET', `/refund/${created.body.data.id}`);
    expectShapes(fetched, 'refund');
    expect(fetched.body.data).to.include({ transaction_reference: ref, amount: 200_000, status: 'pending' });
    expectShapes(await call('GET', '/refund?perPage=2&page=1'), 'refund');
    const tooMuch = await call('POST', '/refund', { transaction: ref, amount: 700_000 });
    expect(tooMuch.status).to.equal(400);
    expectShapes(tooMuch, null);
    expect((await call('GET', '/refund/1')).status).to.equal(404);
  });

  it('banks, account resolution, recipients, transfers and their list; settlements and their charges', async () => {
    const banks = await call('GET', '/bank?country=nigeria&currency=NGN');
    expectShapes(banks, 'bank');
    expect(banks.body.data.map((b: any) => b.code)).to.include('044');
    const resolved = await call('GET', '/bank/resolve?account_number=0123456789&bank_code=058');
    expectShapes(resolved, 'resolvedAccount');
    expect((await call('GET', '/bank/resolve?account_number=0000000000&bank_code=058')).status).to.equal(422);
    const recipient = await call('POST', '/transferrecipient', { type: 'nuban', name: 'Ada', account_number: '0123456789', bank_code: '058', currency: 'NGN' });
    expect(recipient.status).to.equal(201);
    expectShapes(recipient, 'recipient');
    const again = await call('POST', '/transferrecipient', { type: 'nuban', name: 'Ada', account_number: '0123456789', bank_code: '058', currency: 'NGN' });
    expect(again.body.data.recipient_code).to.equal(recipient.body.data.recipient_code);
    const transferRef = `po_fakecheck${Date.now()}`;
    const transfer = await call('POST', '/transfer', { source: 'balance', amount: 100_000, recipient: recipient.body.data.recipient_code, reference: transferRef });
    expectShapes(transfer, 'transfer');
    expect((await call('POST', '/transfer', { source: 'balance', amount: 100_000, recipient: recipient.body.data.recipient_code, reference: transferRef })).status).to.equal(400);
    expect((await call('POST', '/transfer', { source: 'balance', amount: 100_000, recipient: recipient.body.data.recipient_code, reference: 'UPPER_case_reference_1' })).status).to.equal(400);
    expectShapes(await call('GET', `/transfer/verify/${transferRef}`), 'transfer');
    expect((await call('GET', '/transfer/verify/po_none_none_none_none')).status).to.equal(404);
    expectShapes(await call('GET', '/transfer?perPage=10&page=1'), 'transfer');

    const paid = reference();
    await charge(paid, FAKE_CARDS.success);
    const id = fake.settle([paid]);
    const list = await call('GET', '/settlement?perPage=10&page=1');
    expectShapes(list, 'settlement');
    const settledCharges = await call('GET', `/settlement/${id}/transactions`);
    expectShapes(settledCharges, 'transaction');
    expect(settledCharges.body.data.map((t: any) => t.reference)).to.deep.equal([paid]);
  });

  it('signs its webhooks as Paystack does, and the connector reads them', async () => {
    const received: { body: Buffer; signature: string | undefined }[] = [];
    const { createServer } = await import('node:http');
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ body: Buffer.concat(chunks), signature: req.headers['x-paystack-signature'] as string | undefined });
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      fake.webhookUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
      await fake.sendWebhook('charge.success', { reference: 'att-abc', status: 'success', amount: 100 });
      const [hook] = received;
      expect(hook!.signature).to.equal(paystackSignature(fake.secretKey, hook!.body));
      expect(hasValidSignature(fake.secretKey, hook!.body, hook!.signature)).to.equal(true);
      expect(hasValidSignature('sk_test_other', hook!.body, hook!.signature)).to.equal(false);
      expect(hasValidSignature(fake.secretKey, Buffer.concat([hook!.body, Buffer.from(' ')]), hook!.signature)).to.equal(false);
      expect(checkShape('webhookEvent', JSON.parse(hook!.body.toString()))).to.equal(null);
      expect(readWebhook(hook!.body)).to.deep.equal({ kind: 'charge', reference: 'att-abc' });
    } finally {
      server.close();
    }
  });
});

describe('the Paystack connector', () => {
  it("turns Paystack's decline words into our codes", () => {
    expect(declineCode('Insufficient Funds')).to.equal('insufficient_funds');
    expect(declineCode('Declined')).to.equal('card_declined');
    expect(declineCode('Do Not Honor')).to.equal('card_declined');
    expect(declineCode('Token Authentication Failed')).to.equal('invalid_otp');
    expect(declineCode('Something odd happened')).to.equal('processor_declined');
    expect(declineCode(null)).to.equal('processor_declined');
  });

  it("shows the processor's text for a step only as plain words", () => {
    expect(displayText('Please enter the OTP sent to 080****5678')).to.equal('Please enter the OTP sent to 080****5678');
    expect(displayText('<script>alert(1)</script> Enter\nthe OTP')).to.equal('script alert(1) /script Enter the OTP');
    expect(displayText('x'.repeat(300))).to.have.length(200);
    expect(displayText('   ')).to.equal(null);
    expect(displayText(undefined)).to.equal(null);
  });
});
