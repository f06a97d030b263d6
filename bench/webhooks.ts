// Webhook delivery, measured two ways against a fast local receiver (in this process, keep-alive,
// answering 200 at once), each with one worker process (ROLE=worker) delivering:
//   drain   a backlog of due attempts (written with set-based SQL, as if a worker had been away),
//           let go to a worker that has started and settled: events a second from the first
//           arrival to the last.
//   steady  events made through the API (POST /v1/webhook_endpoint/test_event, whose answer comes
//           after the commit) by an API process of their own (ROLE=api) at a steady rate, each
//           timed from its answer to its arrival; or, to see the worker without an API on the same
//           cores, written by this process with the statements the API's transaction runs.
// Both say what an event costs in CPU (bench/measure.ts, startCpuMeter): the worker's own, the
// PostgreSQL backends serving the worker's connections, and in the steady runs the API process's
// and its backends'; and in database round trips: transactions ended (pg_stat_database) and turns
// of the dispatcher (calls of webhook_cycle, counted with track_functions set on the database).
import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { figures, newHistogram, recordMs, sleep, startCpuMeter, withClient, type CpuUse, type Figures } from './measure.ts';
import pg from 'pg';
import { EVENT_STREAM_CHANNEL, eventStreamKey, WEBHOOK_CHANNEL } from '../server/src/persistence/notifications.ts';
import { startServer, WEBHOOK_BENCH_ENV, type RunningServer } from './server.ts';

interface Receiver {
  url: string;
  arrivals: Map<string, number>;
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const arrivals = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      arrivals.set((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string }).id, performance.now());
      res.writeHead(200, { 'content-length': '0' }).end();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    arrivals,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A POST with no body, answered with JSON: its status, its body, and when its head arrived. On
 * node:http with kept-alive connections rather than fetch, which costs this process (on the
 * machine it shares with the service and PostgreSQL) about twice the CPU a request.
 */
function post(agent: Agent, url: string, headers: Record<string, string>): Promise<{ status: number; body: string; at: number }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent, headers: { ...headers, 'content-length': '0' } }, (res) => {
      const at = performance.now();
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), at }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Sets the merchant's endpoint to the receiver through an API process, and marks it healthy. */
async function setEndpoint(databaseUrl: string, key: string, url: string, api?: RunningServer): Promise<void> {
  const server = api ?? (await startServer(databaseUrl, { ...WEBHOOK_BENCH_ENV, ROLE: 'api' }));
  try {
    const res = await fetch(`${server.url}/v1/webhook_endpoint`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url }),
    });
    if (!res.ok) throw new Error(`setting the webhook endpoint failed: ${res.status} ${await res.text()}`);
  } finally {
    if (api === undefined) await server.stop();
  }
  // An endpoint that has delivered before (healthy, up to WEBHOOK_ENDPOINT_CONCURRENCY attempts in
  // flight): the one a backlog builds up behind, and the one a steady stream goes to.
  await withClient(databaseUrl, (c) => c.query('update webhook_endpoints set last_succeeded_at = now(), failing_since = null'));
}

/**
 * Counts the calls of the database's plpgsql functions (pg_stat_user_functions) from the next
 * connection on: the dispatcher's turns are calls of webhook_cycle. Says whether it could (a
 * superuser setting).
 */
export async function trackFunctions(databaseUrl: string): Promise<boolean> {
  return withClient(databaseUrl, async (c) => {
    const { rows } = await c.query<{ db: string }>('select current_database() as db');
    try {
      await c.query(`alter database "${rows[0]!.db}" set track_functions = 'pl'`);
      return true;
    } catch {
      return false;
    }
  });
}

interface Counters {
  transactions: number;
  /** Turns of the dispatchers: calls of webhook_cycle (of the most called, should one overload call another). */
  turns: number | null;
}

/**
 * The database's counters. Each backend reports them when it exits and, while it runs, at the
 * end of a transaction at least a second after its last report (or a second into being idle): so
 * they are read when the processes measured have been idle for a while, or have stopped.
 */
const counters = (databaseUrl: string, tracked: boolean): Promise<Counters> =>
  withClient(databaseUrl, async (c) => {
    const { rows } = await c.query<{ transactions: string; turns: string | null }>(
      `select (select xact_commit + xact_rollback from pg_stat_database where datname = current_database()) as transactions,
              (select max(calls) from pg_stat_user_functions where funcname = 'webhook_cycle') as turns`,
    );
    return { transactions: Number(rows[0]!.transactions), turns: tracked && rows[0]!.turns !== null ? Number(rows[0]!.turns) : null };
  });

/** Long enough for every backend of an idle process to have reported its counters. */
const STATS_SETTLE_MS = 2500;

const per = (value: number | null | undefined, n: number, digits = 3): number | null =>
  value === null || value === undefined ? null : Math.round((value / Math.max(1, n)) * 10 ** digits) / 10 ** digits;

/** CPU milliseconds per event, from a meter's reading. */
export interface CpuPerEvent {
  /** The worker process's own CPU (utime + stime). */
  worker: number;
  /** The PostgreSQL backends serving the worker's connections (its pool, its LISTEN connection, pg-boss's). */
  pg_worker: number | null;
  /** worker + pg_worker: what delivering costs, compared between the drain and the steady runs. */
  worker_and_pg: number;
  /** The API process's own CPU (steady runs through the API only). */
  api: number | null;
  /** The PostgreSQL backends serving the API's connections (steady runs through the API only). */
  pg_api: number | null;
  /** The cluster's background processes (walwriter, checkpointer, ...), shared by every database: not in worker_and_pg. */
  pg_background: number | null;
  /** This process: the load generator (steady) and the receiver. */
  bench: number;
  /** The PostgreSQL backends serving this process's connections: the events it wrote (steady runs with producer sql). */
  pg_bench: number | null;
  /** Every core's busy time, all of the above included. */
  machine: number;
}

function cpuPerEvent(use: CpuUse, events: number): CpuPerEvent {
  const pg = use.postgres;
  const worker = per(use.processes['worker'], events)!;
  const pgWorker = per(pg?.backends['worker'], events);
  return {
    worker,
    pg_worker: pgWorker,
    worker_and_pg: Math.round((worker + (pgWorker ?? 0)) * 1000) / 1000,
    api: per(use.processes['api'], events),
    pg_api: use.processes['api'] === undefined ? null : per(pg?.backends['api'], events),
    pg_background: per(pg?.background, events),
    bench: per(use.processes['bench'], events)!,
    pg_bench: per(pg?.backends['bench'], events),
    machine: per(use.machineBusyMs, events)!,
  };
}

/** Where the measured window lies in a --cpu-prof profile of the worker (seconds from its spawn; read it with analyze-profile --from --to). */
const profileWindow = (worker: RunningServer, from: number, to: number) => ({
  from_s: Math.round((from - worker.startedAt) / 100) / 10,
  to_s: Math.round((to - worker.startedAt) / 100) / 10,
});

export interface MeasureOptions {
  /** Node flags for the worker process (--cpu-prof ...). */
  workerNodeFlags?: string[];
  /** Node flags for the API process of a steady run. */
  apiNodeFlags?: string[];
}

export interface DrainFigures {
  attempts: number;
  delivered: number;
  seconds: number;
  events_per_s: number;
  worker_cpu_ms_per_delivery: number;
  /** The PostgreSQL backends serving the worker, per delivery. */
  pg_cpu_ms_per_delivery: number | null;
  cpu_ms_per_event: CpuPerEvent;
  /** The meter's totals (CPU ms over the measured window), each backend charged to its client. */
  cpu_use: CpuUse;
  worker_core_pct: number;
  /** Transactions ended in the database per delivery (every statement of the worker is one). */
  round_trips_per_delivery: number;
  /** Turns of the dispatcher (webhook_cycle calls) per delivery. */
  turns_per_delivery: number | null;
  profile_window: { from_s: number; to_s: number };
}

/** The lock every claim takes first (webhook_claim's pg_advisory_xact_lock), read from the function itself. */
async function claimLock(client: pg.Client): Promise<string | undefined> {
  const { rows } = await client.query<{ src: string }>("select prosrc as src from pg_proc where proname = 'webhook_claim'");
  for (const { src } of rows) {
    const m = /pg_advisory_xact_lock\((\d+)\)/.exec(src);
    if (m) return m[1];
  }
  return undefined;
}

export async function measureDrain(
  databaseUrl: string,
  merchant: { id: string; testKey: string },
  attempts: number,
  options: MeasureOptions = {},
): Promise<DrainFigures> {
  const receiver = await startReceiver();
  const tracked = await trackFunctions(databaseUrl);
  let worker: RunningServer | undefined;
  const gate = new pg.Client({ connectionString: databaseUrl });
  gate.on('error', () => undefined);
  try {
    await setEndpoint(databaseUrl, merchant.testKey, receiver.url);
    const ids = await withClient(databaseUrl, async (c) => {
      const { rows } = await c.query<{ id: string }>(
        `with made as (
           insert into events (id, merchant_id, livemode, type, payment_intent_id, payload, created_at, delivery_status, attempts, next_attempt_at)
           select 'evt_drain' || lpad(n::text, 19, '0'), $1, false, 'webhook.test', null,
                  json_build_object('id', 'evt_drain' || lpad(n::text, 19, '0'), 'type', 'webhook.test',
                                    'created', extract(epoch from now())::bigint, 'livemode', false,
                                    'data', json_build_object('test', true))::text,
                  now(), 'pending', 0, now()
             from generate_series(1, $2) n
           returning id)
         insert into webhook_queue (event_id, endpoint_id, step, due_at)
         select made.id, w.id, 1, now() from made, webhook_endpoints w where w.merchant_id = $1 and w.livemode = false
         returning event_id as id`,
        [merchant.id, attempts],
      );
      await c.query('vacuum analyze webhook_queue');
      await c.query('vacuum analyze events');
      return rows.map((r) => r.id);
    });
    // The worker's start-up is not the drain's: the claims wait behind the claim lock, held here
    // until the worker has started and settled (its first turn waits on it), then let go.
    await gate.connect();
    const lock = await claimLock(gate);
    if (lock !== undefined) await gate.query('select pg_advisory_lock($1)', [lock]);
    worker = await startServer(databaseUrl, { ...WEBHOOK_BENCH_ENV, ROLE: 'worker' }, options.workerNodeFlags);
    await sleep(STATS_SETTLE_MS);
    const before = await counters(databaseUrl, tracked);
    const meter = await startCpuMeter(databaseUrl, { worker: worker.child.pid! });
    const from = performance.now();
    // Without the lock (a queue that takes none), what was delivered before the measurement is left out.
    const deliveredBefore = receiver.arrivals.size;
    if (lock !== undefined) await gate.query('select pg_advisory_unlock($1)', [lock]);
    const deadline = performance.now() + 120_000;
    while (receiver.arrivals.size < ids.length && performance.now() < deadline) await sleep(20);
    const use = meter.stop();
    const to = performance.now();
    await worker.stop();
    // pg_stat_database is updated when a backend reports; a stopped worker has reported everything.
    await sleep(600);
    const after = await counters(databaseUrl, tracked);
    const times = ids.map((id) => receiver.arrivals.get(id)).filter((t): t is number => t !== undefined);
    const seconds = (Math.max(...times) - Math.min(...times)) / 1000;
    const measured = times.length - deliveredBefore;
    const cpu = cpuPerEvent(use, measured);
    return {
      attempts: ids.length,
      delivered: times.length,
      seconds: Math.round(seconds * 100) / 100,
      events_per_s: Math.round(times.length / seconds),
      worker_cpu_ms_per_delivery: cpu.worker,
      pg_cpu_ms_per_delivery: cpu.pg_worker,
      cpu_ms_per_event: cpu,
      cpu_use: use,
      // Over the time the worker was delivering, not the whole window (which includes the wait for its next turn).
      worker_core_pct: Math.round(((use.processes['worker'] ?? 0) / (seconds * 1000)) * 1000) / 10,
      // The connection set-up and the queue's own housekeeping are counted too: an upper bound.
      round_trips_per_delivery: per(after.transactions - before.transactions, measured, 2)!,
      turns_per_delivery: before.turns === null || after.turns === null ? null : per(after.turns - before.turns, measured, 2),
      profile_window: profileWindow(worker, from, to),
    };
  } finally {
    await gate.end().catch(() => undefined);
    await worker?.stop();
    await receiver.close();
  }
}

export interface SteadyFigures extends Figures {
  /** Who made the events: an API process (api), or this process with SQL (sql). */
  producer: 'api' | 'sql';
  rate_per_s: number;
  /** The rate the events were made at (answers a second), which falls short of rate_per_s when the API cannot keep up. */
  achieved_rate_per_s: number;
  events: number;
  not_delivered: number;
  /** Requests to make an event that failed (by status, or the error's message): no event, not in `events`. */
  failed_requests: Record<string, number>;
  cpu_ms_per_event: CpuPerEvent;
  /** The meter's totals (CPU ms over the measured window), each backend charged to its client. */
  cpu_use: CpuUse;
  /**
   * Transactions ended in the database per event: the producer's, the worker's turns, and the
   * listening backends' (a backend delivering notifications to its LISTEN client reads them in a
   * transaction of its own).
   */
  transactions_per_event: number;
  /** Turns of the dispatcher (webhook_cycle calls, each one round trip and one transaction) per event. */
  worker_turns_per_event: number | null;
  /** The other transactions per event: the making of the event, mostly. */
  other_transactions_per_event: number | null;
  profile_window: { from_s: number; to_s: number };
}

/**
 * Events made at `rate` a second for `seconds`, delivered by one worker process (ROLE=worker); a
 * second of the same rate first, unmeasured, to warm everything up. By default through an API
 * process (ROLE=api, POST /v1/webhook_endpoint/test_event); with `producer: 'sql'` written by this
 * process instead, each in a transaction of its own with what the API's would write (the event,
 * its queue row, the notifications): the worker's figures without an API on the same cores.
 */
export async function measureSteady(
  databaseUrl: string,
  merchant: { id: string; testKey: string },
  rate: number,
  seconds: number,
  options: MeasureOptions & { producer?: 'api' | 'sql' } = {},
): Promise<SteadyFigures> {
  const producer = options.producer ?? 'api';
  const receiver = await startReceiver();
  const tracked = await trackFunctions(databaseUrl);
  const worker = await startServer(databaseUrl, { ...WEBHOOK_BENCH_ENV, ROLE: 'worker' }, options.workerNodeFlags);
  const api = producer === 'api' ? await startServer(databaseUrl, { ...WEBHOOK_BENCH_ENV, ROLE: 'api' }, options.apiNodeFlags) : undefined;
  const agent = new Agent({ keepAlive: true });
  // Enough connections for the commits (each waits for its WAL flush) to keep up with the rate.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 8 });
  pool.on('error', () => undefined);
  try {
    await setEndpoint(databaseUrl, merchant.testKey, receiver.url, api);
    const endpointId = await withClient(databaseUrl, async (c) => (await c.query<{ id: string }>('select id from webhook_endpoints where merchant_id = $1 and livemode = false', [merchant.id])).rows[0]!.id);
    const headers = { authorization: `Bearer ${merchant.testKey}` };
    let made = 0;
    /** Makes one event: its id, and when its commit was known to have happened. */
    const makeEvent = async (): Promise<{ id: string; at: number }> => {
      if (api !== undefined) {
        const res = await post(agent, `${api.url}/v1/webhook_endpoint/test_event`, headers);
        if (res.status < 200 || res.status >= 300) throw new Error(String(res.status));
        return { id: (JSON.parse(res.body) as { id: string }).id, at: res.at };
      }
      const id = `evt_steady${String(++made).padStart(18, '0')}`;
      const payload = JSON.stringify({ id, type: 'webhook.test', created: Math.floor(Date.now() / 1000), livemode: false, data: { test: true } });
      await pool.query(
        `with event as (
           insert into events (id, merchant_id, livemode, type, payment_intent_id, payload, created_at, delivery_status, attempts, next_attempt_at)
           values ($1, $2, false, 'webhook.test', null, $3, now(), 'pending', 0, now())
         ), queued as (insert into webhook_queue (event_id, endpoint_id, step, due_at) values ($1, $4, 1, now()))
         select pg_notify($5, ''), pg_notify($6, $7)`,
        [id, merchant.id, payload, endpointId, WEBHOOK_CHANNEL, EVENT_STREAM_CHANNEL, eventStreamKey(merchant.id, false)],
      );
      return { id, at: performance.now() };
    };
    const committed = new Map<string, number>();
    // Events that could not be made (an overloaded API answers 503), by status or error.
    const failed: Record<string, number> = {};
    // Open loop: each event at its time, however many are still waiting for their answers.
    const fire = async (count: number, record: boolean): Promise<string[]> => {
      const started = performance.now();
      const ids = await Promise.all(
        Array.from({ length: count }, async (_, i) => {
          await sleep(Math.max(0, started + (i * 1000) / rate - performance.now()));
          try {
            const { id, at } = await makeEvent();
            if (record) committed.set(id, at);
            return [id];
          } catch (error) {
            if (record) failed[(error as Error).message] = (failed[(error as Error).message] ?? 0) + 1;
            return [];
          }
        }),
      );
      return ids.flat();
    };
    const arrived = async (ids: Iterable<string>, ms: number): Promise<void> => {
      const deadline = performance.now() + ms;
      const waiting = new Set(ids);
      while (waiting.size > 0 && performance.now() < deadline) {
        for (const id of waiting) if (receiver.arrivals.has(id)) waiting.delete(id);
        if (waiting.size > 0) await sleep(20);
      }
    };
    await arrived(await fire(rate, false), 30_000); // warm-up
    await sleep(STATS_SETTLE_MS);
    const before = await counters(databaseUrl, tracked);
    const meter = await startCpuMeter(databaseUrl, { worker: worker.child.pid!, ...(api === undefined ? {} : { api: api.child.pid! }) });
    const from = performance.now();
    await fire(Math.round(rate * seconds), true);
    const firedSeconds = (performance.now() - from) / 1000;
    await arrived(committed.keys(), 30_000);
    const use = meter.stop();
    const to = performance.now();
    await api?.stop();
    await worker.stop();
    await pool.end();
    await sleep(600);
    const after = await counters(databaseUrl, tracked);
    const h = newHistogram();
    let missing = 0;
    for (const [id, at] of committed) {
      const arrival = receiver.arrivals.get(id);
      if (arrival === undefined) missing++;
      else recordMs(h, Math.max(0, arrival - at));
    }
    const events = committed.size;
    const transactions = after.transactions - before.transactions;
    const turns = before.turns === null || after.turns === null ? null : after.turns - before.turns;
    return {
      ...figures(h, missing, seconds),
      producer,
      rate_per_s: rate,
      achieved_rate_per_s: Math.round(events / firedSeconds),
      events,
      not_delivered: missing,
      failed_requests: failed,
      cpu_ms_per_event: cpuPerEvent(use, events),
      cpu_use: use,
      transactions_per_event: per(transactions, events, 2)!,
      worker_turns_per_event: per(turns, events, 2),
      other_transactions_per_event: turns === null ? null : per(transactions - turns, events, 2),
      profile_window: profileWindow(worker, from, to),
    };
  } finally {
    agent.destroy();
    await pool.end().catch(() => undefined);
    await api?.stop();
    await worker.stop();
    await receiver.close();
  }
}
