// A worker killed (SIGKILL) in the middle of a live payment: Paystack has made the charge, the
// service never heard the answer. After a restart the attempt is asked about (not charged again),
// the payment succeeds once, and the ledger still proves itself.
import { expect } from 'chai';
import { createOrm, type Orm } from '../../server/src/persistence/orm.ts';
import { createMerchant } from '../../server/src/domain/merchants.ts';
import { verifyLedger } from '../../server/src/domain/ledger.ts';
import { FAKE_CARDS, paystackEnv, startPaystackFake, type PaystackFake } from '../support/paystack-fake.ts';
import { card, waitFor } from '../support/payments.ts';
import { startProcess, type StartedProcess } from '../support/processes.ts';
import { migratedDatabase } from '../support/service.ts';
import type { TestDatabase } from '../support/database.ts';

describe('a worker killed in the middle of live money', function () {
  this.timeout(90_000);
  let database: TestDatabase;
  let fake: PaystackFake;
  let orm: Orm;
  const running: StartedProcess[] = [];

  before(async () => {
    database = await migratedDatabase('paystack_crash');
    fake = await startPaystackFake();
    orm = await createOrm({ databaseUrl: database.url, poolMax: 2 });
  });
  after(async () => {
    for (const run of running) if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
    await orm?.close();
    await fake?.close();
    await database?.drop();
  });

  const start = async () => {
    const run = await startProcess({
      DATABASE_URL: database.url,
      ...paystackEnv(fake),
      // An answer may take 2 s: the charge below is made at once and answered after 1.5 s, long
      // enough to kill the process while it waits. Left alone for 2 x 2 s + 1 s, then asked about.
      PAYSTACK_TIMEOUT_MS: '2000',
      PROCESSOR_CHECK_DELAY_MS: '200',
      LIVE_SETTLEMENT_DAYS: '0',
      // The test asks every 100 ms how things stand.
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    running.push(run);
    return run;
  };

  it('is charged once, and settles after the restart by asking Paystack', async () => {
    const { liveSecretKey: key } = await createMerchant(orm.em.fork(), { name: 'Crash Shop', dashboardEmail: null });
    const first = await start();
    const created = await fetch(`${first.url}/v1/payment_intents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 800_000, currency: 'NGN', customer: { email: 'buyer@example.com' } }),
    });
    const intent = (await created.json()) as { id: string; client_secret: string };

    fake.fault({ method: 'POST', path: /^\/charge$/, kind: 'slow', delayMs: 1500 });
    const confirming = fetch(`${first.url}/v1/payment_intents/${intent.id}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_secret: intent.client_secret, method: 'card', card: card(FAKE_CARDS.success) }),
    }).then(
      (res) => res.status,
      () => 'no answer' as const,
    );
    // Paystack has made the charge; the service waits for an answer it will never read.
    const charge = await waitFor('the fake to make the charge', async () => [...fake.charges.values()].find((c) => c.email === 'buyer@example.com'), 5000);
    first.child.kill('SIGKILL');
    expect(await first.exit).to.equal(null);
    expect(await confirming).to.equal('no answer');

    const [attempt] = await orm.em.fork().execute<{ status: string; processor_reference: string }[]>(
      'select status, processor_reference from payment_attempts where payment_intent_id = ?',
      [intent.id],
    );
    expect(attempt).to.deep.include({ status: 'processing', processor_reference: charge.reference });

    const second = await start();
    const settled = await waitFor(
      'the payment to succeed after the restart',
      async () => {
        const res = await fetch(`${second.url}/v1/payment_intents/${intent.id}`, { headers: { authorization: `Bearer ${key}` } });
        const body = (await res.json()) as { status: string };
        return body.status === 'succeeded' ? body : undefined;
      },
      20_000,
    );
    expect(settled.status).to.equal('succeeded');
    expect(fake.calls('POST', '/charge').filter((r) => r.body?.reference === charge.reference)).to.have.length(1);
    expect(fake.calls('GET', `/charge/${charge.reference}`).length).to.be.greaterThan(0);
    const payments = await orm.em.fork().execute(`select 1 from ledger_transactions where payment_intent_id = ? and kind = 'payment'`, [intent.id]);
    expect(payments).to.have.length(1);
    expect((await verifyLedger(orm.em.fork())).discrepancies).to.deep.equal([]);
    second.child.kill('SIGTERM');
    expect(await second.exit).to.equal(0);
  });

  /** A live merchant with a settled payment of 2,000,000 kobo, on a running process. */
  async function paidMerchant(run: StartedProcess): Promise<{ key: string; intentId: string }> {
    const { liveSecretKey: key } = await createMerchant(orm.em.fork(), { name: 'Crash Shop', dashboardEmail: null });
    const created = await fetch(`${run.url}/v1/payment_intents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 2_000_000, currency: 'NGN', customer: { email: 'buyer@example.com' } }),
    });
    const intent = (await created.json()) as { id: string; client_secret: string };
    const paid = await fetch(`${run.url}/v1/payment_intents/${intent.id}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_secret: intent.client_secret, method: 'card', card: card(FAKE_CARDS.success) }),
    });
    expect(((await paid.json()) as { status: string }).status).to.equal('succeeded');
    await waitFor('the payment to settle', async () => {
      const balance = (await (await fetch(`${run.url}/v1/balance`, { headers: { authorization: `Bearer ${key}` } })).json()) as { pending: string };
      return balance.pending === '0' ? true : undefined;
    });
    return { key, intentId: intent.id };
  }

  const get = async (run: StartedProcess, key: string, path: string) => (await fetch(`${run.url}${path}`, { headers: { authorization: `Bearer ${key}` } })).json() as Promise<any>;

  it("is killed while Paystack holds a refund's answer: after the restart the refund is found, not sent again", async () => {
    const first = await start();
    const { key, intentId } = await paidMerchant(first);
    fake.refundOutcome = 'processed';
    fake.fault({ method: 'POST', path: /^\/refund$/, kind: 'slow', delayMs: 1500 });
    const created = await fetch(`${first.url}/v1/refunds`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ payment_intent: intentId, amount: 300_000 }),
    });
    const refund = (await created.json()) as { id: string; destination_status: string };
    expect(refund.destination_status).to.equal('pending');
    const made = await waitFor('Paystack to make the refund', async () => [...fake.refunds.values()].find((r) => r.amount === 300_000), 5000);
    first.child.kill('SIGKILL');
    await first.exit;

    const second = await start();
    const done = await waitFor('the refund to reach the card', async () => {
      const now = await get(second, key, `/v1/refunds/${refund.id}`);
      return now.destination_status === 'succeeded' ? now : undefined;
    }, 40_000);
    expect(done.destination_status).to.equal('succeeded');
    expect(fake.calls('POST', '/refund').filter((r) => r.body?.transaction === made.transactionReference)).to.have.length(1);
    expect([...fake.refunds.values()].filter((r) => r.transactionReference === made.transactionReference)).to.have.length(1);
    expect((await verifyLedger(orm.em.fork())).discrepancies).to.deep.equal([]);
    second.child.kill('SIGTERM');
    expect(await second.exit).to.equal(0);
  });

  it("is killed while Paystack holds a payout's transfer answer: after the restart it is one transfer, paid once", async () => {
    const first = await start();
    const { key } = await paidMerchant(first);
    const account = await fetch(`${first.url}/v1/payout_account`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ bank_code: '058', account_number: '0123456789' }),
    });
    expect(account.status).to.equal(200);
    fake.fault({ method: 'POST', path: /^\/transfer$/, kind: 'slow', delayMs: 1500 });
    const created = await fetch(`${first.url}/v1/payouts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': 'crash-payout' },
      body: JSON.stringify({ amount: 1_000_000 }),
    });
    const payout = (await created.json()) as { id: string };
    await waitFor('Paystack to queue the transfer', async () => fake.transfers.get(payout.id), 5000);
    first.child.kill('SIGKILL');
    await first.exit;

    const second = await start();
    await waitFor('the payout to be in transit', async () => ((await get(second, key, `/v1/payouts/${payout.id}`)).status === 'in_transit' ? true : undefined), 40_000);
    await fake.finishTransfer(payout.id, 'success');
    await waitFor('the payout to be paid', async () => ((await get(second, key, `/v1/payouts/${payout.id}`)).status === 'paid' ? true : undefined), 20_000);
    expect(fake.calls('POST', '/transfer').filter((r) => r.body?.reference === payout.id)).to.have.length(1);
    const balance = await get(second, key, '/v1/balance');
    expect(balance.in_transit).to.equal('0');
    expect((await verifyLedger(orm.em.fork())).discrepancies).to.deep.equal([]);
    second.child.kill('SIGTERM');
    expect(await second.exit).to.equal(0);
  });
});
