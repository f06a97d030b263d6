// What the database holds and how the process uses it, read when Prometheus scrapes: the webhook
// backlog by endpoint tier, the payments waiting for the processor, and the connection pools.
import type pg from 'pg';
import type { Logger } from 'pino';
import { Counter, Gauge, type Registry } from 'prom-client';
import { WEBHOOK_BACKLOG_SQL } from '../persistence/webhook-queue.ts';

/**
 * PostgreSQL cancels the scrape's statement after this: a backlog of roughly ten million due
 * attempts takes this long to count (see SCRAPE_SQL); past it the figures are left out.
 */
const STATEMENT_TIMEOUT_MS = 2000;

/** A scrape waits this long for the database at most (a connection, then the statement), then answers without its figures. */
export const READ_TIMEOUT_MS = 3000;

/**
 * One statement, with a statement timeout of its own (SET LOCAL lasts for the implicit
 * transaction of the one simple query that carries both, and so works through a
 * transaction-mode pooler): a scrape never holds a pool connection for longer than that.
 *
 * The webhook backlog: WEBHOOK_BACKLOG_SQL (persistence/webhook-queue.ts), which says what it reads.
 *
 * The processing payments, by mode: the processing attempts, through their partial index
 * (payment_attempts_due); there are few unless the processor is away.
 */
export const SCRAPE_SQL = `set local statement_timeout = ${STATEMENT_TIMEOUT_MS};
select 'webhooks' as source, b.tier as label, b.count, b.oldest_age_seconds from (${WEBHOOK_BACKLOG_SQL}) b
union all
select 'processing', case when a.livemode then 'live' else 'test' end, count(*)::bigint,
       extract(epoch from now() - min(a.created_at))::float8
  from payment_attempts a
 where a.status = 'processing'
 group by a.livemode`;

const TIERS = ['healthy', 'new', 'failing'] as const;
const MODES = ['test', 'live'] as const;

interface ScrapeRow {
  source: 'webhooks' | 'processing';
  label: string;
  count: string;
  oldest_age_seconds: number | null;
}

/**
 * The webhook backlog and the processing payments, as gauges read from the database at each
 * scrape. Answers the read, to run before each scrape: when the database cannot answer in time,
 * the gauges are left out of that scrape and nairaflow_metrics_scrape_errors_total counts it.
 */
export function queueMetrics(registry: Registry, pool: pg.Pool, log: Logger): () => Promise<void> {
  const due = new Gauge({
    name: 'nairaflow_webhook_backlog_due',
    help: 'Webhook attempts due and waiting for a worker, by endpoint tier (healthy, new, failing), across all workers.',
    labelNames: ['tier'] as const,
    registers: [registry],
  });
  const dueAge = new Gauge({
    name: 'nairaflow_webhook_backlog_oldest_age_seconds',
    help: 'How long the longest-waiting due webhook attempt has been due, by endpoint tier; 0 when none is due.',
    labelNames: ['tier'] as const,
    registers: [registry],
  });
  const processing = new Gauge({
    name: 'nairaflow_payments_processing',
    help: 'Payment attempts waiting for the processor (status processing), by mode (test, live).',
    labelNames: ['mode'] as const,
    registers: [registry],
  });
  const processingAge = new Gauge({
    name: 'nairaflow_payments_processing_oldest_age_seconds',
    help: 'Age of the oldest payment attempt waiting for the processor, by mode; 0 when none is.',
    labelNames: ['mode'] as const,
    registers: [registry],
  });
  const scrapeErrors = new Counter({
    name: 'nairaflow_metrics_scrape_errors_total',
    help: 'Scrapes answered without the database figures (webhook backlog, processing payments) because the database did not answer in time.',
    registers: [registry],
  });
  const gauges = [due, dueAge, processing, processingAge];

  const read = async (): Promise<void> => {
    try {
      const rows = await readWithin(pool, READ_TIMEOUT_MS);
      for (const tier of TIERS) {
        const row = rows.find((r) => r.source === 'webhooks' && r.label === tier);
        due.set({ tier }, Number(row?.count ?? 0));
        dueAge.set({ tier }, Math.max(0, row?.oldest_age_seconds ?? 0));
      }
      for (const mode of MODES) {
        const row = rows.find((r) => r.source === 'processing' && r.label === mode);
        processing.set({ mode }, Number(row?.count ?? 0));
        processingAge.set({ mode }, Math.max(0, row?.oldest_age_seconds ?? 0));
      }
    } catch (error) {
      for (const gauge of gauges) gauge.reset();
      scrapeErrors.inc();
      log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'metrics: the database did not answer; scraped without its figures');
    }
  };
  // Scrapes that overlap share one read.
  let reading: Promise<void> | undefined;
  return () => (reading ??= read().finally(() => (reading = undefined)));
}

/**
 * The scrape's statement on a connection from `pool`, or a failure after `timeoutMs`. A
 * connection that comes only after the deadline is handed back unused; the statement's own
 * timeout ends it well within the deadline once it runs.
 */
async function readWithin(pool: pg.Pool, timeoutMs: number): Promise<ScrapeRow[]> {
  let late = false;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      late = true;
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  const work = (async () => {
    const client = await pool.connect();
    if (late) {
      client.release();
      return [];
    }
    try {
      const results = (await client.query(SCRAPE_SQL)) as unknown as pg.QueryResult<ScrapeRow>[];
      return results[1]!.rows;
    } finally {
      client.release();
    }
  })();
  work.catch(() => undefined); // a failure after the deadline is already reported as the timeout
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

export interface NamedPool {
  /** `orm` (requests, the dispatcher, the reconciler) or `jobs` (pg-boss). */
  name: string;
  pool: pg.Pool;
}

/** The connection pools' use, read at each scrape from the pools themselves (no database round trip). */
export function poolMetrics(registry: Registry, pools: readonly NamedPool[]): void {
  new Gauge({
    name: 'nairaflow_db_pool_connections',
    help: 'Database connections of this process, by pool (orm, jobs) and state (in_use, idle).',
    labelNames: ['pool', 'state'] as const,
    registers: [registry],
    collect() {
      for (const { name, pool } of pools) {
        this.set({ pool: name, state: 'in_use' }, pool.totalCount - pool.idleCount);
        this.set({ pool: name, state: 'idle' }, pool.idleCount);
      }
    },
  });
  new Gauge({
    name: 'nairaflow_db_pool_waiting',
    help: 'Requests for a database connection waiting because the pool is at its maximum, by pool.',
    labelNames: ['pool'] as const,
    registers: [registry],
    collect() {
      for (const { name, pool } of pools) this.set({ pool: name }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'nairaflow_db_pool_max',
    help: 'The most connections each pool opens.',
    labelNames: ['pool'] as const,
    registers: [registry],
    collect() {
      for (const { name, pool } of pools) this.set({ pool: name }, pool.options.max ?? 10);
    },
  });
}
