import { expect } from 'chai';
import { runMaintenance } from '../../server/src/jobs/maintenance.ts';
import { startTestService, type TestService } from '../support/service.ts';

describe('maintenance', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService('maintenance', { RATE_LIMIT_STORE: 'postgres' });
  });
  after(() => svc.stop());

  it('forgets idempotency keys past 24 hours, rate-limit hits past a minute, ended sessions, stale sign-in attempts and failed payment attempts past the hour, and nothing newer', async () => {
    const shop = await svc.createMerchant();
    await svc.signIn(shop);
    const ended = await svc.signIn(shop);
    for (const key of ['old', 'new']) {
      await svc.request('POST', '/v1/payment_intents', { key: shop.testKey, body: { amount: 100, currency: 'NGN' }, headers: { 'Idempotency-Key': key } });
    }
    const em = svc.service.orm.em.fork();
    await em.execute("update idempotency_keys set created_at = now() - interval '25 hours' where key = 'old'");
    await em.execute("insert into rate_limit_hits (client, hit_at) values ('10.0.0.9', now() - interval '2 minutes')");
    await em.execute("update dashboard_sessions set expires_at = now() - interval '1 second' where csrf_token = ?", [ended.csrfToken]);
    await em.execute(`insert into dashboard_sign_in_attempts (subject, failures, last_attempt_at, blocked_until) values
      ('stale@example.com from 10.0.0.1', 3, now() - interval '2 hours', null), ('recent@example.com from 10.0.0.1', 3, now(), null)`);
    await em.execute(`insert into payment_attempt_failures (client, failed_at) values
      ('10.0.0.2', now() - interval '61 minutes'), ('10.0.0.2', now() - interval '59 minutes')`);
    const purged = await runMaintenance(svc.service.orm);
    expect(purged).to.deep.equal({ idempotencyKeys: 1, rateLimitHits: 1, dashboardSessions: 1, signInAttempts: 1, paymentFailures: 1 });
    const sessions = await em.execute<{ n: string }[]>('select count(*) as n from dashboard_sessions');
    expect(Number(sessions[0]!.n)).to.equal(1);
    const keys = await em.execute<{ key: string }[]>('select key from idempotency_keys');
    expect(keys.map((k) => k.key)).to.deep.equal(['new']);
    const [hits] = await em.execute<{ n: string }[]>('select count(*) as n from rate_limit_hits');
    expect(Number(hits!.n)).to.equal(4); // this test's two requests and two sign-ins
  });

  it('is scheduled with pg-boss in the worker', async () => {
    const schedules = await svc.service.boss.getSchedules();
    expect(schedules.map((s) => s.name)).to.include('maintenance');
  });
});
