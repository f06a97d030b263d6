// No balance one merchant can push to its limit blocks another merchant's payments or refunds, and
// a balance at its limit gives a clean 4xx (or a failed attempt), never a 500 or a stuck job.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { MAX_TEST_TOP_UP_BALANCE, nairaText } from '../../server/src/domain/money.ts';
import { card, CARDS, confirm, createIntent, paidIntent, waitFor } from '../support/payments.ts';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('ledger limits', () => {
  let svc: TestService;

  before(async () => {
    svc = await startTestService('ledger_limits', { PAYMENT_PROCESSING_DELAY_MS: '200' });
  });
  after(() => svc.stop());

  const sql = <T>(text: string, params: unknown[] = []) => svc.service.orm.em.fork().execute<T[]>(text, params);
  // A long history, as far as the limit is concerned: the account's balance is set close to it.
  const nearLimit = (kind: string, merchantId: string, sign: 1 | -1) =>
    sql(`update ledger_accounts set balance = ${sign === 1 ? '' : '-'}(1000000000000000000 - 1000) where kind = ? and merchant_id = ? and livemode = false`, [
      kind,
      merchantId,
    ]);

  async function fundedMerchant(name: string): Promise<TestMerchant> {
    const merchant = await svc.createMerchant(name);
    await svc.request('POST', '/v1/test_helpers/top_up', { key: merchant.testKey, body: { amount: 10_000_000 } });
    return merchant;
  }

  it("keeps each merchant's refunds to a customer apart: one merchant at the limit does not block another's refund to the same customer", async () => {
    const hostile = await fundedMerchant('Hostile');
    const honest = await fundedMerchant('Honest');
    const hostilePaid = await paidIntent(svc, hostile, 500_000, 'ada@example.com');
    const honestPaid = await paidIntent(svc, honest, 500_000, 'Ada@Example.com');
    expect((await svc.request('POST', '/v1/refunds', { key: hostile.testKey, body: { payment_intent: hostilePaid.id, amount: 1000 } })).status).to.equal(201);
    await nearLimit('customer', hostile.id, 1);

    const blocked = await svc.request('POST', '/v1/refunds', { key: hostile.testKey, body: { payment_intent: hostilePaid.id, amount: 100_000 } });
    expect(blocked.status).to.equal(400);
    expect(blocked.body.error.code).to.equal('invalid_request');
    expect(blocked.body.error.message).to.match(/largest balance/);

    const refund = await svc.request('POST', '/v1/refunds', { key: honest.testKey, body: { payment_intent: honestPaid.id, amount: 100_000 } });
    expect(refund.status, refund.text).to.equal(201);
    const accounts = await sql<{ merchant_id: string; balance: string }>(
      "select merchant_id, balance::text from ledger_accounts where kind = 'customer' and customer_email = 'ada@example.com' order by balance",
    );
    expect(accounts.map((a) => a.merchant_id).sort()).to.deep.equal([hostile.id, honest.id].sort());
    expect(accounts.find((a) => a.merchant_id === honest.id)!.balance).to.equal('100000');
  });

  it('caps test top-ups: the test balance reaches NGN 1,000,000,000,000,000 (10^17 kobo) and stops there, with a clean 400 that says so', async () => {
    const merchant = await svc.createMerchant('Top-up Tester');
    const top = (amount: number) => svc.request('POST', '/v1/test_helpers/top_up', { key: merchant.testKey, body: { amount } });
    for (let i = 0; i < 100; i++) expect((await top(1_000_000_000_000_000)).status, `top-up ${i + 1}`).to.equal(200);
    const over = await top(1);
    expect(over.status).to.equal(400);
    expect(over.body.error).to.include({
      code: 'invalid_request',
      param: 'amount',
      message: 'Top-ups can take a test balance to at most 100000000000000000 kobo (NGN 1,000,000,000,000,000); it is 100000000000000000 kobo now.',
    });
    expect((await svc.request('GET', '/v1/balance', { key: merchant.testKey })).body.available).to.equal('100000000000000000');
  });

  it('names the top-up limit in the API reference and the README as the server applies it', () => {
    const figure = `10^17 kobo (${nairaText(MAX_TEST_TOP_UP_BALANCE)})`;
    expect(MAX_TEST_TOP_UP_BALANCE).to.equal(10n ** 17n);
    const topUp = (parse(readFileSync(join(root, 'openapi.yaml'), 'utf8')) as any).paths['/v1/test_helpers/top_up'].post.description as string;
    expect(topUp.replace(/\s+/g, ' ')).to.include(`at most ${figure}`);
    const readme = readFileSync(join(root, 'README.md'), 'utf8').replace(/\s+/g, ' ');
    expect(readme).to.match(new RegExp(`top_up .* \\(up to ${nairaText(MAX_TEST_TOP_UP_BALANCE)} in all\\)`));
  });

  it('refuses a payment that would take a balance past its limit before any card is charged, with a clean 400', async () => {
    const merchant = await fundedMerchant('Almost Full');
    await nearLimit('merchant_available', merchant.id, 1);
    const intent = await createIntent(svc, merchant.testKey);
    const res = await confirm(svc, intent);
    expect(res.status).to.equal(400);
    expect(res.body.error.code).to.equal('invalid_request');
    expect(res.body.error.message).to.match(/largest balance/);
    const attempts = (await svc.request('GET', `/v1/payment_intents/${intent.id}/attempts`, { key: merchant.testKey })).body.data;
    expect(attempts).to.deep.equal([]);
    // Another merchant's payments go on.
    const other = await svc.createMerchant('Not Full');
    await paidIntent(svc, other);
  });

  it('fails a processing payment that the limit stops when it settles, instead of leaving it stuck', async () => {
    const merchant = await fundedMerchant('Filling Up');
    const intent = await createIntent(svc, merchant.testKey);
    expect((await confirm(svc, intent, { card: card(CARDS.processingSucceeds) })).body.status).to.equal('processing');
    await nearLimit('card_network', merchant.id, -1);
    const settled = await waitFor('the payment to settle', async () => {
      const pi = (await svc.request('GET', `/v1/payment_intents/${intent.id}`, { key: merchant.testKey })).body;
      return pi.status === 'processing' ? undefined : pi;
    });
    expect(settled).to.include({ status: 'requires_authentication', last_error: 'balance_limit_reached' });
  });

  it('answers an amount PostgreSQL cannot hold with 400, never 500', async () => {
    const merchant = await fundedMerchant('Overflowing');
    await sql("update ledger_accounts set balance = 9223372036854775000 where kind = 'merchant_available' and merchant_id = ?", [merchant.id]);
    const res = await svc.request('POST', '/v1/test_helpers/top_up', { key: merchant.testKey, body: { amount: 1_000_000 } });
    expect(res.status).to.equal(400);
    expect(res.body.error.code).to.equal('invalid_request');
  });
});
