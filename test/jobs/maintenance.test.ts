import { expect } from 'chai';
import pg from 'pg';
import { runMaintenance } from '../../server/src/jobs/maintenance.ts';
import { sql } from '../../server/src/persistence/sql.ts';
import { paidIntent } from '../support/payments.ts';
import { answer, startReceiver, type Receiver } from '../support/receiver.ts';
import { startTestService, type TestService } from '../support/service.ts';

describe('maintenance', () => {
  let svc: TestService;
  let receiver: Receiver;
  before(async () => {
    receiver = await startReceiver({ respond: answer(200) });
    svc = await startTestService('maintenance', { RATE_LIMIT_STORE: 'postgres', PAYMENT_PROCESSING_DELAY_MS: '100' });
  });
  after(async () => {
    await svc.stop();
    await receiver.close();
  });

  const count = async (query: string, params: unknown[] = []): Promise<number> => {
    const [row] = await sql<{ n: string }>(svc.service.orm.em.fork(), `select count(*) as n from (${query}) q`, params);
    return Number(row!.n);
  };

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
    const purged = await runMaintenance(svc.service.orm, { eventRetentionDays: 30 });
    expect(purged).to.deep.include({ idempotencyKeys: 1, rateLimitHits: 1, dashboardSessions: 1, signInAttempts: 1, paymentFailures: 1 });
    expect(await count('select 1 from dashboard_sessions')).to.equal(1);
    const keys = await em.execute<{ key: string }[]>('select key from idempotency_keys');
    expect(keys.map((k) => k.key)).to.deep.equal(['new']);
    expect(await count('select 1 from rate_limit_hits')).to.equal(4); // this test's two requests and two sign-ins
  });

  it('forgets events and their delivery attempts after EVENT_RETENTION_DAYS, keeps those still being delivered, and never touches payments, refunds or the ledger', async () => {
    const shop = await svc.createMerchant();
    const key = shop.testKey;
    await svc.request('PUT', '/v1/webhook_endpoint', { key, body: { url: receiver.url } });
    const paid = await paidIntent(svc, shop, 50_000);
    const refund = await svc.request('POST', '/v1/refunds', { key, body: { payment_intent: paid.id, amount: 1000 } });
    expect(refund.status).to.equal(201);
    const events = async () => (await svc.request('GET', `/v1/events?payment_intent=${paid.id}&limit=100`, { key })).body.data as { id: string; delivery_status: string }[];
    const deadline = Date.now() + 10_000;
    while ((await events()).some((e) => e.delivery_status === 'pending') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const all = await events();
    expect(all.length).to.be.greaterThan(1);
    const [stillPending, ...aged] = all;
    const em = svc.service.orm.em.fork();
    const everything = await count('select 1 from ledger_entries');
    // Everything this payment made, and the payment itself, is now 31 days old; one event is still
    // being retried.
    await em.execute("update events set created_at = now() - interval '31 days' where payment_intent_id = ?", [paid.id]);
    await em.execute("update payment_intents set created_at = now() - interval '31 days' where id = ?", [paid.id]);
    await em.execute("update refunds set created_at = now() - interval '31 days' where id = ?", [refund.body.id]);
    await em.execute("update events set delivery_status = 'pending' where id = ?", [stillPending!.id]);
    expect(await count('select 1 from webhook_deliveries where event_id = any($1)', [aged.map((e) => e.id)])).to.be.greaterThan(0);

    expect((await runMaintenance(svc.service.orm, { eventRetentionDays: 32 })).events, 'events within 32 days').to.equal(0);
    const purged = await runMaintenance(svc.service.orm, { eventRetentionDays: 30, batchSize: 1 });
    expect(purged.events).to.equal(aged.length);
    expect((await events()).map((e) => e.id)).to.deep.equal([stillPending!.id]);
    expect((await svc.request('GET', `/v1/events/${aged[0]!.id}`, { key })).status).to.equal(404);
    expect(await count('select 1 from webhook_deliveries where event_id = any($1)', [aged.map((e) => e.id)])).to.equal(0);

    expect((await svc.request('GET', `/v1/payment_intents/${paid.id}`, { key })).body.amount_refunded).to.equal('1000');
    expect((await svc.request('GET', `/v1/refunds/${refund.body.id}`, { key })).status).to.equal(200);
    expect(await count('select 1 from ledger_entries')).to.equal(everything);
  });

  it('prunes in small batches that skip rows another transaction holds, instead of waiting for them', async () => {
    const shop = await svc.createMerchant();
    for (let i = 0; i < 5; i++) {
      await svc.request('POST', '/v1/payment_intents', { key: shop.testKey, body: { amount: 100, currency: 'NGN' }, headers: { 'Idempotency-Key': `batch-${i}` } });
    }
    await svc.service.orm.em.fork().execute("update idempotency_keys set created_at = now() - interval '25 hours' where key like 'batch-%'");
    const holder = new pg.Client({ connectionString: svc.database.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query("select 1 from idempotency_keys where key = 'batch-0' for update");
      const purged = await Promise.race([
        runMaintenance(svc.service.orm, { eventRetentionDays: 30, batchSize: 2 }),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the job waited for a lock')), 5000)),
      ]);
      expect(purged.idempotencyKeys).to.equal(4);
      await holder.query('commit');
    } finally {
      await holder.end();
    }
    expect(await count("select 1 from idempotency_keys where key like 'batch-%'")).to.equal(1);
    expect((await runMaintenance(svc.service.orm, { eventRetentionDays: 30, batchSize: 2 })).idempotencyKeys).to.equal(1);
  });

  it('is scheduled with pg-boss in the worker', async () => {
    const schedules = await svc.service.boss.getSchedules();
    expect(schedules.map((s) => s.name)).to.include('maintenance');
  });
});
