import { expect } from 'chai';
import { sendInTransaction } from '../../server/src/jobs/boss.ts';
import { startTestService, type TestService } from '../support/service.ts';

describe('jobs in the caller\'s transaction', () => {
  let svc: TestService;
  const queue = 'transaction-helper-test';

  before(async () => {
    svc = await startTestService('jobs');
    await svc.service.boss.createQueue(queue);
  });
  after(() => svc.stop());

  const jobs = async (marker: string): Promise<number> => {
    const [row] = await svc.service.orm.em
      .fork()
      .execute<{ n: string }[]>(`select count(*) as n from pgboss.job where name = ? and data->>'marker' = ?`, [queue, marker]);
    return Number(row!.n);
  };

  it('leaves exactly one job when the transaction commits', async () => {
    await svc.service.orm.em.fork().transactional(async (tx) => {
      await sendInTransaction(svc.service.boss, tx, queue, { marker: 'committed' });
      // Not visible outside the transaction until it commits.
      expect(await jobs('committed')).to.equal(0);
    });
    expect(await jobs('committed')).to.equal(1);
  });

  it('leaves no job when the transaction rolls back, and no job without its state change', async () => {
    const em = svc.service.orm.em.fork();
    const failed = await em
      .transactional(async (tx) => {
        await tx.execute("insert into merchants (id, name) values ('acct_rolledbackrolledbackroll', 'Gone')");
        await sendInTransaction(svc.service.boss, tx, queue, { marker: 'rolled-back' });
        throw new Error('boom');
      })
      .then(
        () => false,
        () => true,
      );
    expect(failed).to.equal(true);
    expect(await jobs('rolled-back')).to.equal(0);
    const merchants = await em.fork().execute("select 1 from merchants where id = 'acct_rolledbackrolledbackroll'");
    expect(merchants).to.have.length(0);
  });

  it('refuses to send outside a transaction rather than silently committing on its own', async () => {
    const error = await sendInTransaction(svc.service.boss, svc.service.orm.em.fork(), queue, { marker: 'outside' }).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).to.match(/inside em.transactional/);
    expect(await jobs('outside')).to.equal(0);
  });
});
