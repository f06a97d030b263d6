// A worker killed (SIGKILL) in the middle of a live payment: Paystack has made the charge, the
// service never heard the answer. After a restart the attempt is asked about (not charged again),
// the payment succeeds once, and the ledger still proves itself.
import { expect } from 'chai';
import { createOrm, type Orm } from '../../server/src/persistence/orm.ts';
import { createMerchant } from '../../server/src/domain/merchants.ts';
import { verifyLedger } from '../../server/src/domain/ledger.ts';
import { FAKE_CARDS, startPaystackFake, type PaystackFake } from '../support/paystack-fake.ts';
import { card, waitFor } from '../support/payments.ts';
import { startProcess, type StartedProcess } from '../support/processes.ts';
import { migratedDatabase } from '../support/service.ts';
import type { TestDatabase } from '../support/database.ts';

describe('a worker killed in the middle of a live payment', function () {
  this.timeout(60_000);
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
      LIVE_PROCESSOR: 'paystack',
      PAYSTACK_SECRET_KEY: fake.secretKey,
      PAYSTACK_BASE_URL: fake.url,
      // An answer may take 2 s: the charge below is made at once and answered after 1.5 s, long
      // enough to kill the process while it waits. Left alone for 2 x 2 s + 1 s, then asked about.
      PAYSTACK_TIMEOUT_MS: '2000',
      PROCESSOR_CHECK_DELAY_MS: '200',
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
});
