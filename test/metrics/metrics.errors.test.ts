import { expect } from 'chai';
import pg from 'pg';
import { loadConfig } from '../../server/src/config.ts';
import { createLogger } from '../../server/src/log.ts';
import { READ_TIMEOUT_MS } from '../../server/src/metrics/database-metrics.ts';
import { startService, type Service } from '../../server/src/service.ts';
import type { TestDatabase } from '../support/database.ts';
import { waitFor } from '../support/payments.ts';
import { startProxy } from '../support/proxy.ts';
import { scrape } from '../support/metrics.ts';
import { migratedDatabase } from '../support/service.ts';

describe('GET /metrics when the database cannot answer', function () {
  this.timeout(60_000);
  let database: TestDatabase;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let service: Service;

  // A worker (the role that reads the queues) whose every connection goes through a proxy the
  // test can cut, as a network partition or a database host going away would.
  before(async () => {
    database = await migratedDatabase('metrics_outage');
    const direct = new URL(database.url);
    proxy = await startProxy(`http://${direct.hostname}:${direct.port || '5432'}`);
    const proxied = new URL(database.url);
    proxied.host = new URL(proxy.url).host;
    const config = loadConfig({ ROLE: 'worker', METRICS_PORT: '0', LOG_LEVEL: 'silent' });
    service = await startService({ config: { ...config, databaseUrl: proxied.toString() }, log: createLogger({ level: 'silent', pretty: false }) });
  });
  after(async () => {
    proxy.refuse(false);
    await service.stop();
    await proxy.close();
    await database.drop();
  });

  it('still answers within its timeout, without the database figures, and counts the failed read', async () => {
    const well = await scrape(service.metricsUrl!);
    expect(well.has('nairaflow_webhook_backlog_due', { tier: 'healthy' })).to.equal(true);
    expect(well.value('nairaflow_metrics_scrape_errors_total')).to.equal(0);

    proxy.refuse(true);
    proxy.cut();
    const started = performance.now();
    const away = await scrape(service.metricsUrl!);
    expect(performance.now() - started).to.be.below(READ_TIMEOUT_MS + 1000);
    expect(away.status).to.equal(200);
    expect(away.has('nairaflow_webhook_backlog_due')).to.equal(false);
    expect(away.has('nairaflow_payments_processing')).to.equal(false);
    expect(away.value('nairaflow_metrics_scrape_errors_total')).to.equal(1);
    // What the process knows without asking the database is still there.
    expect(away.has('nairaflow_db_pool_connections', { pool: 'orm', state: 'idle' })).to.equal(true);
    expect(away.has('nairaflow_webhook_deliveries_total', { outcome: 'delivered' })).to.equal(true);
    expect(away.value('process_cpu_seconds_total')).to.be.above(0);

    proxy.refuse(false);
    const back = await waitFor('the figures to come back', async () => {
      const now = await scrape(service.metricsUrl!);
      return now.has('nairaflow_webhook_backlog_due', { tier: 'healthy' }) ? now : undefined;
    });
    expect(back.value('nairaflow_webhook_backlog_due')).to.equal(0);
  });

  it('gives up on a read the database is slow to answer, and leaves no statement running', async () => {
    const errorsBefore = (await scrape(service.metricsUrl!)).value('nairaflow_metrics_scrape_errors_total');
    // Another session holds the queue: the scrape's count waits on it.
    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table webhook_queue in access exclusive mode');
      const started = performance.now();
      const slow = await scrape(service.metricsUrl!);
      expect(performance.now() - started).to.be.below(READ_TIMEOUT_MS + 1000);
      expect(slow.status).to.equal(200);
      expect(slow.has('nairaflow_webhook_backlog_due')).to.equal(false);
      expect(slow.value('nairaflow_metrics_scrape_errors_total')).to.equal(errorsBefore + 1);
      // The statement was cancelled by its own timeout, while the lock is still held: the
      // connection it took is free again.
      const running = await locker.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where query like '%oldest_age_seconds%' and pid <> pg_backend_pid() and state = 'active'",
      );
      expect(running.rows[0]!.n).to.equal(0);
    } finally {
      await locker.query('rollback');
      await locker.end();
    }
    const well = await scrape(service.metricsUrl!);
    expect(well.has('nairaflow_webhook_backlog_due', { tier: 'healthy' })).to.equal(true);
  });
});
