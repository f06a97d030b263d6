import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';
import { balance, paidIntent } from '../support/payments.ts';

describe('refunds racing at real PostgreSQL', () => {
  let svc: TestService;
  let shop: TestMerchant;

  before(async () => {
    svc = await startTestService('refunds_race');
    shop = await svc.createMerchant();
  });
  after(() => svc.stop());

  const refund = (body: Record<string, unknown>, key = shop.testKey) => svc.request('POST', '/v1/refunds', { key, body });
  const refundedInLedger = async (intentId: string): Promise<bigint> => {
    const [row] = await svc.service.orm.em
      .fork()
      .execute<{ total: string }[]>('select coalesce(sum(amount), 0)::text as total from refunds where payment_intent_id = ?', [intentId]);
    return BigInt(row!.total);
  };

  it('never refunds more than the payment when 20 refunds of one intent race', async () => {
    const intent = await paidIntent(svc, shop, 1_000_000);
    await svc.request('POST', '/v1/test_helpers/top_up', { key: shop.testKey, body: { amount: 5_000_000 } });
    // 20 x 70000 = 1,400,000 asked for; only 14 fit in 1,000,000.
    const answers = await Promise.all(Array.from({ length: 20 }, () => refund({ payment_intent: intent.id, amount: 70_000 })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).to.have.length(14);
    expect(statuses.filter((s) => s === 400)).to.have.length(6);
    expect(statuses.some((s) => s >= 500)).to.equal(false);
    expect(await refundedInLedger(intent.id)).to.equal(980_000n);
    const pi = (await svc.request('GET', `/v1/payment_intents/${intent.id}`, { key: shop.testKey })).body;
    expect(pi.amount_refunded).to.equal('980000');
  });

  it('never overdraws the merchant balance when 16 refunds of different payments race', async () => {
    const merchant = await svc.createMerchant('Racing refunds');
    const intents = [];
    for (let i = 0; i < 16; i++) intents.push(await paidIntent(svc, merchant, 100_000, `buyer${i}@example.com`));
    // Each payment credits 100000 - 1500 = 98500: 16 of them give 1,576,000. Each refund asks for
    // 100000, so at most 15 can be paid from the balance.
    const available = await balance(svc, merchant.testKey);
    expect(available).to.equal(1_576_000n);
    const answers = await Promise.all(intents.map((pi) => refund({ payment_intent: pi.id }, merchant.testKey)));
    const succeeded = answers.filter((a) => a.status === 201).length;
    const refused = answers.filter((a) => a.status === 409);
    expect(succeeded).to.equal(15);
    expect(refused).to.have.length(1);
    expect(refused[0]!.body.error.code).to.equal('insufficient_balance');
    expect(await balance(svc, merchant.testKey)).to.equal(76_000n);
  });

  it('keeps payments, refunds and top-ups racing on one merchant consistent', async () => {
    const merchant = await svc.createMerchant('Busy');
    const paid = await Promise.all(Array.from({ length: 6 }, (_, i) => paidIntent(svc, merchant, 200_000, `p${i}@example.com`)));
    const work = [
      ...paid.map((pi) => refund({ payment_intent: pi.id, amount: 150_000 }, merchant.testKey)),
      ...Array.from({ length: 6 }, () => svc.request('POST', '/v1/test_helpers/top_up', { key: merchant.testKey, body: { amount: 10_000 } })),
      ...Array.from({ length: 4 }, (_, i) => paidIntent(svc, merchant, 50_000, `late${i}@example.com`).then(() => ({ status: 201 }))),
    ];
    const answers = await Promise.all(work);
    expect(answers.every((a) => a.status < 500)).to.equal(true);
    const [row] = await svc.service.orm.em.fork().execute<{ total: string }[]>(
      `select coalesce(sum(e.amount), 0)::text as total from ledger_entries e
         join ledger_accounts a on a.id = e.account_id where a.kind = 'merchant_available' and a.merchant_id = ?`,
      [merchant.id],
    );
    expect(BigInt(row!.total)).to.equal(await balance(svc, merchant.testKey));
    expect((await balance(svc, merchant.testKey)) >= 0n).to.equal(true);
  });

  it('leaves a ledger that `npm run cli -- ledger verify` finds whole', () => {
    const run = spawnSync(process.execPath, ['scripts/cli.ts', 'ledger', 'verify'], {
      env: { ...process.env, DATABASE_URL: svc.database.url },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status, run.stderr).to.equal(0);
    expect(run.stdout).to.match(/^ledger verify: OK \(\d+ transactions balance; \d+ account balances equal their entries\)/);
  });
});
