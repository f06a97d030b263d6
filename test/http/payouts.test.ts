// Payouts in both modes: the bank account resolved before it is saved, the amount moved from
// available to in transit with the transfer queued in one transaction, and the transfer followed
// to the end (test mode's simulator; live mode's Paystack transfers, against the local fake).
import { expect } from 'chai';
import { verifyLedger } from '../../server/src/domain/ledger.ts';
import { FAKE_ACCOUNTS, FAKE_CARDS, startPaystackFake, type PaystackFake } from '../support/paystack-fake.ts';
import { card, createIntent, waitFor } from '../support/payments.ts';
import { startPaystackService } from '../support/paystack-service.ts';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';

async function balances(svc: TestService, key: string) {
  const res = await svc.request('GET', '/v1/balance', { key });
  return { available: BigInt(res.body.available), pending: BigInt(res.body.pending), inTransit: BigInt(res.body.in_transit) };
}

async function topUp(svc: TestService, merchant: TestMerchant, amount: number) {
  expect((await svc.request('POST', '/v1/test_helpers/top_up', { key: merchant.testKey, body: { amount } })).status).to.equal(200);
}

async function payoutEvents(svc: TestService, key: string, payoutId: string) {
  const res = await svc.request('GET', '/v1/events?limit=100', { key });
  return (res.body.data as any[]).filter((e) => e.type.startsWith('payout.') && e.data.id === payoutId).map((e) => e.type);
}

const payoutOf = async (svc: TestService, key: string, id: string) => (await svc.request('GET', `/v1/payouts/${id}`, { key })).body;

async function waitForStatus(svc: TestService, key: string, id: string, status: string, timeoutMs = 20_000) {
  return waitFor(`payout ${id} to be ${status}`, async () => {
    const payout = await payoutOf(svc, key, id);
    return payout.status === status ? payout : undefined;
  }, timeoutMs);
}

describe('payouts in test mode', function () {
  this.timeout(40_000);
  let svc: TestService;

  before(async () => {
    svc = await startTestService('payouts', { TEST_PAYOUT_DELAY_SECONDS: '1' });
  });
  after(() => svc?.stop());

  it('lists banks by name with their codes as strings', async () => {
    const shop = await svc.createMerchant();
    const res = await svc.request('GET', '/v1/banks', { key: shop.testKey });
    expect(res.status).to.equal(200);
    expect(res.body.has_more).to.equal(false);
    expect(res.body.data).to.deep.include({ code: '044', name: 'Access Bank' });
    const names = res.body.data.map((b: any) => b.name);
    expect(names).to.deep.equal([...names].sort((a: string, b: string) => a.localeCompare(b, 'en')));
  });

  it('resolves the account before saving it, refuses one that does not resolve, and shows only its last four', async () => {
    const shop = await svc.createMerchant();
    expect((await svc.request('GET', '/v1/payout_account', { key: shop.testKey })).status).to.equal(404);
    const refused = await svc.request('PUT', '/v1/payout_account', { key: shop.testKey, body: { bank_code: '058', account_number: '0000000000' } });
    expect(refused.status).to.equal(400);
    expect(refused.body.error).to.include({ code: 'invalid_request', param: 'account_number' });
    expect((await svc.request('GET', '/v1/payout_account', { key: shop.testKey })).status).to.equal(404);
    const unknownBank = await svc.request('PUT', '/v1/payout_account', { key: shop.testKey, body: { bank_code: '999', account_number: '0123456789' } });
    expect(unknownBank.body.error).to.include({ code: 'invalid_request', param: 'bank_code' });
    for (const body of [{ bank_code: '058', account_number: '123' }, { bank_code: '058', account_number: 123456789 }, { bank_code: '058' }]) {
      expect((await svc.request('PUT', '/v1/payout_account', { key: shop.testKey, body })).status, JSON.stringify(body)).to.equal(400);
    }

    const saved = await svc.request('PUT', '/v1/payout_account', { key: shop.testKey, body: { bank_code: '058', account_number: '0123456789' } });
    expect(saved.status).to.equal(200);
    expect(saved.body).to.deep.include({ livemode: false, bank_code: '058', bank_name: 'Guaranty Trust Bank', account_name: 'Test Account 6789', account_last4: '6789' });
    expect(saved.text).not.to.include('0123456789');
    const read = await svc.request('GET', '/v1/payout_account', { key: shop.testKey });
    expect(read.body).to.deep.equal(saved.body);
    // The live mode's account is its own.
    expect((await svc.request('GET', '/v1/payout_account', { key: shop.liveKey })).status).to.equal(404);
  });

  it('refuses a payout without a payout account (400) or beyond the available balance (409), moving nothing', async () => {
    const shop = await svc.createMerchant();
    await topUp(svc, shop, 50_000);
    const noAccount = await svc.request('POST', '/v1/payouts', { key: shop.testKey, body: { amount: 10_000 } });
    expect(noAccount.status).to.equal(400);
    expect(noAccount.body.error.code).to.equal('invalid_request');
    await svc.request('PUT', '/v1/payout_account', { key: shop.testKey, body: { bank_code: '044', account_number: '0123456789' } });
    const tooMuch = await svc.request('POST', '/v1/payouts', { key: shop.testKey, body: { amount: 50_001 } });
    expect(tooMuch.status).to.equal(409);
    expect(tooMuch.body.error.code).to.equal('insufficient_balance');
    expect(await balances(svc, shop.testKey)).to.deep.equal({ available: 50_000n, pending: 0n, inTransit: 0n });
  });

  it('moves the amount to in transit at once, then pays it after TEST_PAYOUT_DELAY_SECONDS, with payout.paid', async () => {
    const shop = await svc.createMerchant();
    await topUp(svc, shop, 500_000);
    await svc.request('PUT', '/v1/payout_account', { key: shop.testKey, body: { bank_code: '044', account_number: '0123456789' } });
    const created = await svc.request('POST', '/v1/payouts', { key: shop.testKey, body: { amount: 200_000 } });
    expect(created.status).to.equal(201);
    expect(created.body).to.deep.include({ amount: '200000', status: 'pending', failure_code: null, bank_code: '044', account_last4: '6789', paid_at: null });
    expect(created.body.id).to.match(/^po_[0-9a-z]{24}$/);
    expect(await balances(svc, shop.testKey)).to.deep.equal({ available: 300_000n, pending: 0n, inTransit: 200_000n });

    const paid = await waitForStatus(svc, shop.testKey, created.body.id, 'paid');
    expect(paid.paid_at).to.be.a('string');
    expect(await balances(svc, shop.testKey)).to.deep.equal({ available: 300_000n, pending: 0n, inTransit: 0n });
    expect(await payoutEvents(svc, shop.testKey, created.body.id)).to.deep.equal(['payout.paid']);
    const entries = (await svc.request('GET', '/v1/balance/entries', { key: shop.testKey })).body.data;
    expect(entries[0]).to.deep.include({ type: 'payout', amount: '-200000', payout: created.body.id });
    const list = await svc.request('GET', '/v1/payouts', { key: shop.testKey });
    expect(list.body.data.map((p: any) => p.id)).to.deep.equal([created.body.id]);
  });

  it('fails a payout to account 1111111111 and returns its amount to available, once, with payout.failed', async () => {
    const shop = await svc.createMerchant();
    await topUp(svc, shop, 100_000);
    await svc.request('PUT', '/v1/payout_account', { key: shop.testKey, body: { bank_code: '044', account_number: '1111111111' } });
    const created = await svc.request('POST', '/v1/payouts', { key: shop.testKey, body: { amount: 100_000 } });
    const failed = await waitForStatus(svc, shop.testKey, created.body.id, 'failed');
    expect(failed.failure_code).to.equal('account_invalid');
    expect(await balances(svc, shop.testKey)).to.deep.equal({ available: 100_000n, pending: 0n, inTransit: 0n });
    expect(await payoutEvents(svc, shop.testKey, created.body.id)).to.deep.equal(['payout.failed']);
    expect((await verifyLedger(svc.service.orm.em.fork())).discrepancies).to.deep.equal([]);
  });

  it('never overdraws when payouts race, and an Idempotency-Key pays out once', async () => {
    const shop = await svc.createMerchant();
    await topUp(svc, shop, 100_000);
    await svc.request('PUT', '/v1/payout_account', { key: shop.testKey, body: { bank_code: '044', account_number: '0123456789' } });
    const racing = await Promise.all(Array.from({ length: 6 }, () => svc.request('POST', '/v1/payouts', { key: shop.testKey, body: { amount: 40_000 } })));
    expect(racing.filter((r) => r.status === 201)).to.have.length(2);
    expect(racing.filter((r) => r.status === 409)).to.have.length(4);
    expect((await balances(svc, shop.testKey)).available).to.equal(20_000n);

    const headers = { 'Idempotency-Key': 'payout-once' };
    const [first, second] = await Promise.all([
      svc.request('POST', '/v1/payouts', { key: shop.testKey, body: { amount: 10_000 }, headers }),
      svc.request('POST', '/v1/payouts', { key: shop.testKey, body: { amount: 10_000 }, headers }),
    ]);
    const created = [first!, second!].filter((r) => r.status === 201);
    expect(created.length).to.be.greaterThan(0);
    expect(new Set(created.map((r) => r.body.id)).size).to.equal(1);
    const again = await svc.request('POST', '/v1/payouts', { key: shop.testKey, body: { amount: 10_000 }, headers });
    expect(again.body.id).to.equal(created[0]!.body.id);
    expect((await balances(svc, shop.testKey)).available).to.equal(10_000n);
  });
});

describe('payouts in live mode through Paystack transfers (against the local fake)', function () {
  this.timeout(40_000);
  let fake: PaystackFake;
  let svc: TestService;

  before(async () => {
    fake = await startPaystackFake();
    svc = await startPaystackService('paystack-payouts', fake, { LIVE_SETTLEMENT_DAYS: '0' });
  });
  after(async () => {
    await svc?.stop();
    await fake?.close();
  });

  /** A live merchant with `amount` kobo available (a payment, settled) and a payout account. */
  async function liveMerchant(account: string, amount = 2_000_000): Promise<TestMerchant> {
    const shop = await svc.createMerchant();
    const intent = await createIntent(svc, shop.liveKey, { amount });
    const paid = await svc.request('POST', `/v1/payment_intents/${intent.id}/confirm`, { body: { client_secret: intent.client_secret, method: 'card', card: card(FAKE_CARDS.success) } });
    expect(paid.body.status).to.equal('succeeded');
    await waitFor('the payment to settle', async () => ((await balances(svc, shop.liveKey)).pending === 0n ? true : undefined));
    const saved = await svc.request('PUT', '/v1/payout_account', { key: shop.liveKey, body: { bank_code: '058', account_number: account } });
    expect(saved.status, saved.text).to.equal(200);
    return shop;
  }

  it("lists Paystack's banks that take transfers, and resolves accounts at Paystack", async () => {
    const shop = await svc.createMerchant();
    const banks = await svc.request('GET', '/v1/banks', { key: shop.liveKey });
    expect(banks.body.data).to.deep.equal([
      { code: '044', name: 'Access Bank' },
      { code: '058', name: 'Guaranty Trust Bank' },
      { code: '057', name: 'Zenith Bank' },
    ]);
    const refused = await svc.request('PUT', '/v1/payout_account', { key: shop.liveKey, body: { bank_code: '058', account_number: FAKE_ACCOUNTS.unknown } });
    expect(refused.body.error).to.include({ code: 'invalid_request', param: 'account_number' });
    const saved = await svc.request('PUT', '/v1/payout_account', { key: shop.liveKey, body: { bank_code: '044', account_number: '0123456789' } });
    expect(saved.body).to.deep.include({ livemode: true, bank_code: '044', account_name: 'ADA OBI 6789', account_last4: '6789' });
    const [resolve] = fake.calls('GET', '/bank/resolve').slice(-1);
    expect(resolve).to.not.equal(undefined);
  });

  it('pays out by Paystack transfer: the recipient made once, the payout id as the reference, paid by webhook', async () => {
    const shop = await liveMerchant('0123456789');
    const available = (await balances(svc, shop.liveKey)).available;
    const first = await svc.request('POST', '/v1/payouts', { key: shop.liveKey, body: { amount: 500_000 } });
    expect(first.status).to.equal(201);
    const transfer = await waitFor('the transfer', async () => fake.transfers.get(first.body.id));
    expect(transfer.amount).to.equal(500_000);
    await waitForStatus(svc, shop.liveKey, first.body.id, 'in_transit');
    await fake.finishTransfer(first.body.id, 'success');
    await waitForStatus(svc, shop.liveKey, first.body.id, 'paid');
    expect(await balances(svc, shop.liveKey)).to.deep.equal({ available: available - 500_000n, pending: 0n, inTransit: 0n });

    const second = await svc.request('POST', '/v1/payouts', { key: shop.liveKey, body: { amount: 100_000 } });
    await waitFor('the second transfer', async () => fake.transfers.get(second.body.id));
    const recipients = fake.calls('POST', '/transferrecipient').filter((r) => r.body?.account_number === '0123456789');
    expect(recipients).to.have.length(1);
    expect(fake.calls('POST', '/transfer').map((r) => r.body?.reference)).to.include.members([first.body.id, second.body.id]);
  });

  it('fails a payout whose transfer fails, and one reversed after it was paid, each returning the money once', async () => {
    const failing = await liveMerchant(FAKE_ACCOUNTS.failing);
    const before = (await balances(svc, failing.liveKey)).available;
    const payout = await svc.request('POST', '/v1/payouts', { key: failing.liveKey, body: { amount: 300_000 } });
    await waitFor('the transfer', async () => fake.transfers.get(payout.body.id));
    await fake.finishTransfer(payout.body.id); // failed, as this account's always are
    expect((await waitForStatus(svc, failing.liveKey, payout.body.id, 'failed')).failure_code).to.equal('transfer_failed');
    expect((await balances(svc, failing.liveKey)).available).to.equal(before);

    const reversed = await liveMerchant(FAKE_ACCOUNTS.reversed);
    const start = (await balances(svc, reversed.liveKey)).available;
    const paid = await svc.request('POST', '/v1/payouts', { key: reversed.liveKey, body: { amount: 400_000 } });
    await waitFor('the transfer', async () => fake.transfers.get(paid.body.id));
    await fake.finishTransfer(paid.body.id, 'success');
    await waitForStatus(svc, reversed.liveKey, paid.body.id, 'paid');
    await fake.finishTransfer(paid.body.id, 'reversed');
    await fake.sendWebhook('transfer.reversed', { reference: paid.body.id, status: 'reversed', amount: 400_000 }); // again
    const back = await waitForStatus(svc, reversed.liveKey, paid.body.id, 'failed');
    expect(back.failure_code).to.equal('transfer_reversed');
    await new Promise((r) => setTimeout(r, 1000));
    expect(await balances(svc, reversed.liveKey)).to.deep.equal({ available: start, pending: 0n, inTransit: 0n });
    expect(await payoutEvents(svc, reversed.liveKey, paid.body.id)).to.deep.equal(['payout.failed', 'payout.paid']);
    expect((await verifyLedger(svc.service.orm.em.fork())).discrepancies).to.deep.equal([]);
  });

  it('reports a transfer held for an OTP as a configuration error and never resends it; fails it once Paystack abandons it', async () => {
    const shop = await liveMerchant(FAKE_ACCOUNTS.otp);
    const payout = await svc.request('POST', '/v1/payouts', { key: shop.liveKey, body: { amount: 200_000 } });
    const held = await waitFor('the configuration error', async () => {
      const now = await payoutOf(svc, shop.liveKey, payout.body.id);
      return now.failure_code === 'processor_configuration' ? now : undefined;
    });
    expect(held.status).to.equal('pending');
    await fake.finishTransfer(payout.body.id, 'abandoned');
    expect((await waitForStatus(svc, shop.liveKey, payout.body.id, 'failed')).failure_code).to.equal('processor_configuration');
    expect(fake.calls('POST', '/transfer').filter((r) => r.body?.reference === payout.body.id)).to.have.length(1);
  });

  it('fails a payout, returning its money, when Paystack refuses the account as a recipient', async () => {
    const shop = await liveMerchant(FAKE_ACCOUNTS.noRecipient);
    const before = (await balances(svc, shop.liveKey)).available;
    const payout = await svc.request('POST', '/v1/payouts', { key: shop.liveKey, body: { amount: 100_000 } });
    expect((await waitForStatus(svc, shop.liveKey, payout.body.id, 'failed')).failure_code).to.equal('account_invalid');
    expect(await balances(svc, shop.liveKey)).to.deep.equal({ available: before, pending: 0n, inTransit: 0n });
    expect(fake.calls('POST', '/transfer').filter((r) => r.body?.reference === payout.body.id)).to.have.length(0);
  });

  it('never sends a transfer twice: an answer lost after Paystack queued it is found by its reference', async () => {
    const shop = await liveMerchant('0123456780');
    fake.fault({ method: 'POST', path: /^\/transfer$/, kind: 'drop' });
    const payout = await svc.request('POST', '/v1/payouts', { key: shop.liveKey, body: { amount: 250_000 } });
    await waitForStatus(svc, shop.liveKey, payout.body.id, 'in_transit');
    expect(fake.calls('POST', '/transfer').filter((r) => r.body?.reference === payout.body.id)).to.have.length(1);
    expect(fake.calls('GET', `/transfer/verify/${payout.body.id}`).length).to.be.greaterThan(0);
  });
});
