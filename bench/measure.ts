// How the bench measures: latency histograms (microseconds), CPU accounting from /proc, an HTTP
// load run (autocannon) and a direct-pg loop with the same number of connections.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { createHistogram, performance, type RecordableHistogram } from 'node:perf_hooks';
import pg from 'pg';

export interface Figures {
  requests: number;
  failures: number;
  seconds: number;
  rps: number;
  p50_ms: number;
  p90_ms: number;
  p99_ms: number;
  max_ms: number;
  mean_ms: number;
}

export const newHistogram = (): RecordableHistogram => createHistogram({ lowest: 1, highest: 60_000_000, figures: 3 });
/** Records one latency in microseconds. */
export const recordMs = (h: RecordableHistogram, ms: number): void => h.record(Math.max(1, Math.round(ms * 1000)));

export function figures(h: RecordableHistogram, failures: number, seconds: number): Figures {
  const ms = (us: number): number => Math.round(us) / 1000;
  const requests = h.count;
  return {
    requests,
    failures,
    seconds: Math.round(seconds * 1000) / 1000,
    rps: Math.round((requests / seconds) * 10) / 10,
    p50_ms: ms(h.percentile(50)),
    p90_ms: ms(h.percentile(90)),
    p99_ms: ms(h.percentile(99)),
    max_ms: ms(h.max),
    mean_ms: ms(h.mean),
  };
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

// CPU accounting from /proc (Linux; zeros elsewhere), to tell CPU work from waiting: how many CPU
// milliseconds each request costs the server process(es), the load generator (this process) and
// the rest of the machine (mostly PostgreSQL).
const TICK_MS = 10; // USER_HZ is 100 on Linux
interface CpuSnapshot {
  at: number;
  machineBusyMs: number;
  selfMs: number;
  serverMs: number;
}
function readProc(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
/** CPU milliseconds a process (and its children, as node:cluster workers are) has used. */
function processCpuMs(pid: number): number {
  const stat = readProc(`/proc/${pid}/stat`).replace(/^.*\)\s+/, '').split(' ');
  // utime, stime, cutime, cstime are fields 14-17; two fields precede this slice's start.
  return (Number(stat[11] ?? 0) + Number(stat[12] ?? 0) + Number(stat[13] ?? 0) + Number(stat[14] ?? 0)) * TICK_MS;
}
function descendants(pid: number): number[] {
  const children = readProc(`/proc/${pid}/task/${pid}/children`).trim().split(/\s+/).filter(Boolean).map(Number);
  return [...children, ...children.flatMap(descendants)];
}
export function cpuSnapshot(serverPid: number | undefined): CpuSnapshot {
  const cpu = (readProc('/proc/stat').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0] = cpu;
  const self = process.cpuUsage();
  const server = serverPid === undefined ? 0 : [serverPid, ...descendants(serverPid)].reduce((sum, pid) => sum + processCpuMs(pid), 0);
  return { at: performance.now(), machineBusyMs: (user + nice + system + irq + softirq) * TICK_MS, selfMs: (self.user + self.system) / 1000, serverMs: server };
}
export interface CpuCost {
  /** Server CPU ms per answered request (every process of it). */
  server_ms_per_req: number | null;
  load_generator_ms_per_req: number;
  /** Machine busy time not accounted for by the processes above: PostgreSQL, mostly. */
  rest_of_machine_ms_per_req: number;
  machine_busy_pct: number;
}
export function cpuCost(a: CpuSnapshot, b: CpuSnapshot, requests: number, withServer: boolean): CpuCost {
  const n = Math.max(1, requests);
  const per = (ms: number): number => Math.round((ms / n) * 1000) / 1000;
  const server = b.serverMs - a.serverMs;
  const self = b.selfMs - a.selfMs;
  const busy = b.machineBusyMs - a.machineBusyMs;
  return {
    server_ms_per_req: withServer ? per(server) : null,
    load_generator_ms_per_req: per(self),
    rest_of_machine_ms_per_req: per(busy - self - (withServer ? server : 0)),
    machine_busy_pct: Math.round((busy / ((b.at - a.at) * os.cpus().length)) * 1000) / 10,
  };
}

// autocannon ships no types; this is the part of its programmatic API used here.
interface AutocannonResult {
  errors: number;
  timeouts: number;
  non2xx: number;
}
interface AutocannonInstance {
  on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTimeMs: number) => void): void;
}
type Autocannon = (opts: Record<string, unknown>) => AutocannonInstance & PromiseLike<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export interface HttpTarget {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface Run extends Figures {
  cpu: CpuCost;
  statuses: Record<string, number>;
}

/** One autocannon run; latencies of 2xx answers are recorded; anything else counts as a failure. */
export async function runHttp(
  target: HttpTarget,
  options: { seconds: number; connections: number; serverPid?: number; overallRate?: number },
): Promise<Run> {
  const h = newHistogram();
  const before = cpuSnapshot(options.serverPid);
  const statuses: Record<string, number> = {};
  let failures = 0;
  const started = performance.now();
  const instance = autocannon({
    url: target.url,
    method: target.method,
    headers: target.headers,
    ...(target.body === undefined ? {} : { body: target.body }),
    connections: options.connections,
    ...(options.overallRate === undefined ? {} : { overallRate: options.overallRate }),
    pipelining: 1,
    duration: options.seconds,
    timeout: 10,
  });
  instance.on('response', (_client, statusCode, _bytes, responseTimeMs) => {
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    if (statusCode >= 200 && statusCode < 300) recordMs(h, responseTimeMs);
    else failures++;
  });
  const result = await instance;
  const elapsed = (performance.now() - started) / 1000;
  const cpu = cpuCost(before, cpuSnapshot(options.serverPid), h.count, options.serverPid !== undefined);
  return { ...figures(h, failures + result.errors, elapsed), cpu, statuses };
}

/** `connections` workers, each with its own client, running `iteration` until the deadline. */
export async function runPgLoop(
  databaseUrl: string,
  options: { seconds: number; connections: number },
  iteration: (client: pg.Client) => Promise<void>,
): Promise<Run> {
  const clients = await Promise.all(
    Array.from({ length: options.connections }, async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      client.on('error', () => undefined);
      await client.connect();
      return client;
    }),
  );
  const h = newHistogram();
  let failures = 0;
  try {
    const before = cpuSnapshot(undefined);
    const started = performance.now();
    const deadline = started + options.seconds * 1000;
    await Promise.all(
      clients.map(async (client) => {
        while (performance.now() < deadline) {
          const t0 = performance.now();
          try {
            await iteration(client);
            recordMs(h, performance.now() - t0);
          } catch (error) {
            failures++;
            if (failures === 1) console.error(`baseline: an iteration failed: ${(error as Error).message}`);
          }
        }
      }),
    );
    return { ...figures(h, failures, (performance.now() - started) / 1000), cpu: cpuCost(before, cpuSnapshot(undefined), h.count, false), statuses: {} };
  } finally {
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
  }
}

export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}
