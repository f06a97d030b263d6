// npm run cli -- reconcile --date: Paystack's record of a day (the local fake's, read page by page)
// against ours. A clean day prints its counts and exits 0; each kind of mismatch is printed with
// both sides' figures, recorded, shown on the merchant's dashboard, and makes the command exit 1.
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { FAKE_CARDS, paystackEnv, startPaystackFake, type PaystackFake } from '../support/paystack-fake.ts';
import { startPaystackService } from '../support/paystack-service.ts';
import { card, createIntent, waitFor } from '../support/payments.ts';
import type { TestMerchant, TestService } from '../support/service.ts';

const today = () => new Date(Date.now() + 3_600_000).toISOString().slice(0, 10); // in Lagos

describe('npm run cli -- reconcile', function () {
  this.timeout(60_000);
  let fake: PaystackFake;
  let svc: TestService;
  let shop: TestMerchant;
  const refs: { charges: string[]; payout: string; refund: string } = { charges: [], payout: '', refund: '' };

  // Not spawnSync: the fake answers from this process, which must keep running meanwhile.
  const reconcile = (date = today(), env: Record<string, string> = {}) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, ['scripts/cli.ts', 'reconcile', '--date', date], {
        env: { ...process.env, DATABASE_URL: svc.database.url, ...paystackEnv(fake), LOG_LEVEL: 'warn', ...env },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      child.on('exit', (status) => {
        clearTimeout(timer);
        resolve({ status, stdout, stderr });
      });
    });

  before(async () => {
    fake = await startPaystackFake();
    svc = await startPaystackService('reconcile', fake, { LIVE_SETTLEMENT_DAYS: '0' });
    fake.refundOutcome = 'processed';
    shop = await svc.createMerchant();
    // More charges than one page of the fake's list (100), so that reading it takes several.
    for (let i = 0; i < 103; i++) {
      const intent = await createIntent(svc, shop.liveKey, { amount: 300_000 + i });
      const paid = await svc.request('POST', `/v1/payment_intents/${intent.id}/confirm`, { body: { client_secret: intent.client_secret, method: 'card', card: card(FAKE_CARDS.success) } });
      expect(paid.body.status).to.equal('succeeded');
      refs.charges.push((await svc.request('GET', `/v1/payment_intents/${intent.id}/attempts`, { key: shop.liveKey })).body.data[0].processor_reference);
      if (i === 0) {
        const refund = await svc.request('POST', '/v1/refunds', { key: shop.liveKey, body: { payment_intent: intent.id, amount: 10_000 } });
        refs.refund = refund.body.id;
      }
    }
    await waitFor('the refund to reach the card', async () => ((await svc.request('GET', `/v1/refunds/${refs.refund}`, { key: shop.liveKey })).body.destination_status === 'succeeded' ? true : undefined));
    await waitFor('the payments to settle', async () => ((await svc.request('GET', '/v1/balance', { key: shop.liveKey })).body.pending === '0' ? true : undefined));
    await svc.request('PUT', '/v1/payout_account', { key: shop.liveKey, body: { bank_code: '058', account_number: '0123456789' } });
    const payout = await svc.request('POST', '/v1/payouts', { key: shop.liveKey, body: { amount: 500_000 } });
    refs.payout = payout.body.id;
    await waitFor('the transfer', async () => fake.transfers.get(refs.payout));
    await fake.finishTransfer(refs.payout, 'success');
    await waitFor('the payout to be paid', async () => ((await svc.request('GET', `/v1/payouts/${refs.payout}`, { key: shop.liveKey })).body.status === 'paid' ? true : undefined));
  });
  after(async () => {
    await svc?.stop();
    await fake?.close();
  });

  it('prints the counts of a clean day, reading every page, and exits 0', async () => {
    const run = await reconcile();
    expect(run.status, run.stderr).to.equal(0);
    expect(run.stdout.trim()).to.equal(`reconcile ${today()}: OK (charges: 103 ours, 103 Paystack's; transfers: 1 ours, 1 Paystack's; refunds: 1 ours, 1 Paystack's)`);
    expect(fake.calls('GET', '/transaction').map((r) => r.path)).to.have.length.greaterThanOrEqual(2);
  });

  it('finds each kind of mismatch, with both figures, records it, shows it to the merchant, and exits 1', async () => {
    // Only Paystack has it (a charge some other integration made), and one of ours Paystack lost.
    const foreign = await fetch(`${fake.url}/charge`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fake.secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'x@example.com', amount: 5000, reference: 'other-integration-ref-1', card: { number: FAKE_CARDS.success, cvv: '1', expiry_month: '01', expiry_year: '2030' } }),
    });
    expect(foreign.status).to.equal(200);
    const lost = fake.charges.get(refs.charges[1]!)!;
    fake.charges.delete(lost.reference);
    // The payout's amount and a charge's status differ; the refund failed at Paystack after all.
    fake.transfers.get(refs.payout)!.amount = 50_000;
    fake.charges.get(refs.charges[2]!)!.status = 'failed';
    // A reversal our refunds did not make (a dispute lost, say).
    fake.charges.get(refs.charges[3]!)!.status = 'reversed';
    const refund = [...fake.refunds.values()][0]!;
    refund.status = 'failed';

    const run = await reconcile();
    expect(run.status, run.stderr).to.equal(1);
    const lines = run.stderr.trim().split('\n');
    const about = (text: string) => lines.find((line) => line.includes(text));
    expect(about('other-integration-ref-1')).to.match(/charge other-integration-ref-1: only the processor has it \(ours: none; processor's: 5000 kobo, success\)/);
    expect(about(lost.reference)).to.match(/the processor does not have it \(ours: 300001 kobo, succeeded; processor's: none\)/);
    expect(about(refs.payout)).to.match(/transfer po_\w+: the amounts differ \(ours: 500000 kobo, paid; processor's: 50000 kobo, success\)/);
    expect(about(refs.charges[2]!)).to.match(/the statuses differ \(ours: 300002 kobo, succeeded; processor's: 300002 kobo, failed\)/);
    expect(about(`refund ${refund.id}`)).to.match(/the statuses differ \(ours: 10000 kobo, succeeded; processor's: 10000 kobo, failed\)/);
    expect(about(refs.charges[3]!)).to.match(/the statuses differ \(ours: 300003 kobo, succeeded; processor's: 300003 kobo, reversed\)/);
    expect(lines.at(-1)).to.match(/FAILED: 6 mismatches/);

    const login = await svc.signIn(shop);
    const notices = await svc.request('GET', '/dashboard/api/reconciliation', { session: login });
    expect(notices.status).to.equal(200);
    // The merchant sees its own five, not the other integration's charge.
    expect(notices.body.data.map((n: any) => [n.kind, n.problem]).sort()).to.deep.equal([
      ['charge', 'missing_theirs'],
      ['charge', 'status'],
      ['charge', 'status'],
      ['refund', 'status'],
      ['transfer', 'amount'],
    ]);
    expect(notices.body.data.find((n: any) => n.kind === 'transfer')).to.deep.include({ ours_amount: '500000', processor_amount: '50000', date: today() });

    // Run again once Paystack's record is put right: the day's findings are replaced.
    fake.transfers.get(refs.payout)!.amount = 500_000;
    expect((await reconcile()).status).to.equal(1);
    const again = await svc.request('GET', '/dashboard/api/reconciliation', { session: login });
    expect(again.body.data).to.have.length(4);
  });

  it('refuses a date that is not one, and a service with no Paystack to ask', async () => {
    const bad = await reconcile('2026-13-45');
    expect(bad.status).to.equal(2);
    expect(bad.stderr).to.match(/--date must be a day, YYYY-MM-DD/);
    const none = await reconcile(today(), { LIVE_PROCESSOR: 'sandbox' });
    expect(none.status).to.equal(2);
    expect(none.stderr).to.match(/reconcile needs LIVE_PROCESSOR=paystack/);
  });
});
