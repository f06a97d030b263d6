import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { startTestService, type TestService } from '../support/service.ts';
import { paidIntent } from '../support/payments.ts';

describe('npm run cli -- ledger verify', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService('ledger_verify');
    const shop = await svc.createMerchant();
    await paidIntent(svc, shop, 250_000);
  });
  after(() => svc.stop());

  const verify = () =>
    spawnSync(process.execPath, ['scripts/cli.ts', 'ledger', 'verify'], {
      env: { ...process.env, DATABASE_URL: svc.database.url },
      encoding: 'utf8',
      timeout: 30_000,
    });

  it('passes on a whole ledger', () => {
    const run = verify();
    expect(run.status, run.stderr).to.equal(0);
    expect(run.stdout).to.include('ledger verify: OK (1 transactions balance; 3 account balances equal their entries)');
  });

  it('fails, naming the account, when a balance drifts from its entries', async () => {
    const em = svc.service.orm.em.fork();
    await em.execute("update ledger_accounts set balance = balance + 1 where kind = 'platform_fees'");
    try {
      const run = verify();
      expect(run.status).to.equal(1);
      expect(run.stderr).to.match(/^ledger verify: FAILED: account \d+ \(platform_fees\) has balance 13751 but its entries sum to 13750/);
    } finally {
      await em.execute("update ledger_accounts set balance = balance - 1 where kind = 'platform_fees'");
    }
  });

  it("fails, naming the entry, when an entry's running balance is not its account's entries summed up to it", async () => {
    const em = svc.service.orm.em.fork();
    await em.execute("update ledger_entries set balance_after = balance_after + 5 where account_id = (select id from ledger_accounts where kind = 'platform_fees')");
    try {
      const run = verify();
      expect(run.status).to.equal(1);
      expect(run.stderr).to.match(/ledger entry \d+ \(account \d+\) says the balance after it was 13755, but its account's entries sum to 13750 up to it/);
    } finally {
      await em.execute("update ledger_entries set balance_after = balance_after - 5 where account_id = (select id from ledger_accounts where kind = 'platform_fees')");
    }
  });

  it("fails, naming the payment, when the processor's fee in the ledger is not what its attempt recorded", async () => {
    const em = svc.service.orm.em.fork();
    await em.execute("update payment_attempts set processor_fee = 2500 where status = 'succeeded'");
    try {
      const run = verify();
      expect(run.status).to.equal(1);
      expect(run.stderr).to.match(/^ledger verify: FAILED: payment pi_\w+ \(ledger transaction \d+\): platform fee 13750 \+ processor fee 0 should be its service fee 13750, with the processor fee its attempt recorded \(2500\)/);
    } finally {
      await em.execute("update payment_attempts set processor_fee = 0 where status = 'succeeded'");
    }
  });

  it('cannot be given an unbalanced transaction: PostgreSQL refuses it at commit', async () => {
    const em = svc.service.orm.em.fork();
    const attempt = em.transactional(async (tx) => {
      const [t] = await tx.execute<{ id: string }[]>(
        "insert into ledger_transactions (livemode, kind, merchant_id, created_at) select false, 'top_up', id, now() from merchants limit 1 returning id",
      );
      const [account] = await tx.execute<{ id: string }[]>("select id from ledger_accounts where kind = 'platform_fees'");
      await tx.execute('insert into ledger_entries (transaction_id, account_id, amount, balance_after) values (?, ?, 500, 500)', [t!.id, account!.id]);
    });
    const error = await attempt.then(() => null, (e: Error) => e);
    expect(error?.message).to.match(/does not balance/);
    expect(verify().status).to.equal(0);
  });

  it('cannot take a merchant balance below zero, whatever the code does', async () => {
    const error = await svc.service.orm.em
      .fork()
      .execute("update ledger_accounts set balance = -1 where kind = 'merchant_available'")
      .then(() => null, (e: Error) => e);
    expect(error?.message).to.match(/check constraint/);
  });
});
