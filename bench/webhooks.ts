// Webhook delivery, measured two ways against a fast local receiver (in this process, keep-alive,
// answering 200 at once):
//   drain   10,000 due attempts already in the queue (written with set-based SQL, as if a worker
//           had been away), and one worker process (ROLE=worker) started on them: events a second
//           from the first arrival to the last, the worker's CPU, and the database round trips per
//           delivery (transactions in pg_stat_database: every statement of the worker is one).
//   steady  events made through the API (POST /v1/webhook_endpoint/test_event, whose answer comes
//           after the commit) at a steady rate, each timed from its answer to its arrival.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { cpuSnapshot, figures, newHistogram, recordMs, sleep, withClient, type Figures } from './measure.ts';
import { startServer, WEBHOOK_BENCH_ENV } from './server.ts';

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

/** Sets the merchant's endpoint to the receiver through a short-lived API process, and marks it healthy. */
async function setEndpoint(databaseUrl: string, key: string, url: string): Promise<void> {
  const api = await startServer(databaseUrl, { ...WEBHOOK_BENCH_ENV, ROLE: 'api' });
  try {
    const res = await fetch(`${api.url}/v1/webhook_endpoint`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url }),
    });
    if (!res.ok) throw new Error(`setting the webhook endpoint failed: ${res.status} ${await res.text()}`);
  } finally {
    await api.stop();
  }
  // An endpoint that has delivered before (healthy): the one a backlog builds up behind.
  await withClient(databaseUrl, (c) => c.query('update webhook_endpoints set last_succeeded_at = now(), failing_since = null'));
}

export interface DrainFigures {
  attempts: number;
  delivered: number;
  seconds: number;
  events_per_s: number;
  worker_cpu_ms_per_delivery: number;
  worker_core_pct: number;
  round_trips_per_delivery: number;
}

export async function measureDrain(databaseUrl: string, merchant: { id: string; testKey: string }, attempts: number): Promise<DrainFigures> {
  const receiver = await startReceiver();
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
    const xacts = () =>
      withClient(databaseUrl, async (c) =>
        Number((await c.query<{ n: string }>('select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()')).rows[0]!.n),
      );
    const xactsBefore = await xacts();
    const worker = await startServer(databaseUrl, { ...WEBHOOK_BENCH_ENV, ROLE: 'worker' });
    const cpuBefore = cpuSnapshot(worker.child.pid);
    const deadline = performance.now() + 120_000;
    while (receiver.arrivals.size < ids.length && performance.now() < deadline) await sleep(20);
    const cpuAfter = cpuSnapshot(worker.child.pid);
    await worker.stop();
    // pg_stat_database is updated when a backend reports; a stopped worker has reported everything.
    await sleep(600);
    const xactsAfter = await xacts();
    const times = ids.map((id) => receiver.arrivals.get(id)).filter((t): t is number => t !== undefined);
    const seconds = (Math.max(...times) - Math.min(...times)) / 1000;
    const workerMs = cpuAfter.serverMs - cpuBefore.serverMs;
    return {
      attempts: ids.length,
      delivered: times.length,
      seconds: Math.round(seconds * 100) / 100,
      events_per_s: Math.round(times.length / seconds),
      worker_cpu_ms_per_delivery: Math.round((workerMs / Math.max(1, times.length)) * 1000) / 1000,
      worker_core_pct: Math.round((workerMs / (cpuAfter.at - cpuBefore.at)) * 1000) / 10,
      // The connection set-up and the queue's own housekeeping are counted too: an upper bound.
      round_trips_per_delivery: Math.round(((xactsAfter - xactsBefore) / Math.max(1, times.length)) * 100) / 100,
    };
  } finally {
    await receiver.close();
  }
}

export interface SteadyFigures extends Figures {
  rate_per_s: number;
  events: number;
  not_delivered: number;
}

export async function measureSteady(databaseUrl: string, merchant: { testKey: string }, rate: number, seconds: number): Promise<SteadyFigures> {
  const receiver = await startReceiver();
  const server = await startServer(databaseUrl, { ...WEBHOOK_BENCH_ENV, ROLE: 'all' });
  try {
    const headers = { authorization: `Bearer ${merchant.testKey}`, 'content-type': 'application/json' };
    const set = await fetch(`${server.url}/v1/webhook_endpoint`, { method: 'PUT', headers, body: JSON.stringify({ url: receiver.url }) });
    if (!set.ok) throw new Error(`setting the webhook endpoint failed: ${set.status}`);
    const committed = new Map<string, number>();
    const fire = async (count: number, record: boolean) => {
      const started = performance.now();
      await Promise.all(
        Array.from({ length: count }, async (_, i) => {
          await sleep(Math.max(0, started + (i * 1000) / rate - performance.now()));
          const res = await fetch(`${server.url}/v1/webhook_endpoint/test_event`, { method: 'POST', headers: { authorization: headers.authorization } });
          const at = performance.now();
          const { id } = (await res.json()) as { id: string };
          if (record) committed.set(id, at);
        }),
      );
    };
    await fire(Math.min(rate, 100), false); // warm-up
    await fire(Math.round(rate * seconds), true);
    const deadline = performance.now() + 30_000;
    while ([...committed.keys()].some((id) => !receiver.arrivals.has(id)) && performance.now() < deadline) await sleep(20);
    const h = newHistogram();
    let missing = 0;
    for (const [id, at] of committed) {
      const arrived = receiver.arrivals.get(id);
      if (arrived === undefined) missing++;
      else recordMs(h, Math.max(0, arrived - at));
    }
    return { ...figures(h, missing, seconds), rate_per_s: rate, events: committed.size, not_delivered: missing };
  } finally {
    await server.stop();
    await receiver.close();
  }
}
