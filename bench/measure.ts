// How the bench measures: latency histograms (microseconds), CPU accounting from /proc (of the
// server, and of the PostgreSQL processes serving each server), an HTTP load run (autocannon) and
// a direct-pg loop with the same number of connections.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
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
/** USER_HZ, the unit of /proc's CPU times: 100 on every Linux seen so far, but getconf knows. */
const CLOCK_TICKS = ((): number => {
  try {
    const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    return ticks > 0 ? ticks : 100;
  } catch {
    return 100;
  }
})();
const TICK_MS = 1000 / CLOCK_TICKS;
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
/** /proc/<pid>/stat from its third field (state) on: the command before it may hold spaces. */
function statFields(pid: number): string[] | undefined {
  const stat = readProc(`/proc/${pid}/stat`);
  return stat === '' ? undefined : stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}
/** CPU milliseconds a process (and its children, as node:cluster workers are) has used. */
function processCpuMs(pid: number): number {
  const stat = statFields(pid) ?? [];
  // utime, stime, cutime, cstime are fields 14-17; two fields precede this slice's start.
  return (Number(stat[11] ?? 0) + Number(stat[12] ?? 0) + Number(stat[13] ?? 0) + Number(stat[14] ?? 0)) * TICK_MS;
}
/** CPU milliseconds a process has used itself, in all its threads (utime + stime); undefined once it is gone. */
export function ownCpuMs(pid: number): number | undefined {
  const stat = statFields(pid);
  return stat === undefined ? undefined : (Number(stat[11]) + Number(stat[12])) * TICK_MS;
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

/** CPU milliseconds used between a meter's start and stop. */
export interface CpuUse {
  seconds: number;
  /** Each watched process's own CPU (utime + stime of all its threads), by the name it was given; `bench` is this process. */
  processes: Record<string, number>;
  /** Busy time of the whole machine, all cores (everything, the processes above included). */
  machineBusyMs: number;
  /** PostgreSQL's processes on this machine; null when they cannot be seen (a database elsewhere). */
  postgres: {
    /**
     * The backends serving the measured database, by the watched process whose connection each
     * serves (`bench` for this process's, `other` for any other client or one not told apart).
     */
    backends: Record<string, number>;
    /**
     * The cluster's background processes (walwriter, checkpointer, background writer, autovacuum
     * and its workers, ...): shared by every database of the cluster, so apart from the backends.
     */
    background: number;
  } | null;
}

export interface CpuMeter {
  /** Ends the measurement: what was used since the start. */
  stop(): CpuUse;
}

/**
 * How often a meter looks at PostgreSQL's processes: a backend that exits loses at most this much
 * of its CPU, and one that lives less than this may not be seen at all (the bench's own short
 * connections; the servers' pools keep theirs).
 */
const PG_SAMPLE_MS = 200;

/** The postmaster: the parent of the backend serving a connection of ours (undefined: not on this machine). */
async function findPostmaster(databaseUrl: string): Promise<number | undefined> {
  try {
    // Read while the connection is open: its backend exits with it.
    const parent = await withClient(databaseUrl, async (c) => {
      const backend = (await c.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
      return Number(statFields(backend)?.[1]);
    });
    return parent > 1 && readProc(`/proc/${parent}/cmdline`) !== '' ? parent : undefined;
  } catch {
    return undefined;
  }
}

const socketInodes = (pid: number): string[] => {
  try {
    return readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        return m ? [m[1]!] : [];
      } catch {
        return [];
      }
    });
  } catch {
    return [];
  }
};

/** Every TCP socket of this network namespace: its inode, with its local and remote ports. */
function tcpSockets(): Map<string, { local: number; remote: number }> {
  const sockets = new Map<string, { local: number; remote: number }>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readProc(file).split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 10) continue;
      const port = (address: string): number => parseInt(address.slice(address.lastIndexOf(':') + 1), 16);
      sockets.set(f[9]!, { local: port(f[1]!), remote: port(f[2]!) });
    }
  }
  return sockets;
}

/**
 * Starts measuring the CPU of the watched processes (name -> pid) and of PostgreSQL. The
 * PostgreSQL processes are the postmaster's children, looked at every PG_SAMPLE_MS (a backend
 * that exits in between keeps what it was last seen to have used), told apart by their title
 * (`postgres: [cluster: ]user database host(port) state`): backends of the measured database, each
 * charged to the watched process at the other end of its TCP connection (paired through
 * /proc/net/tcp and the processes' socket inodes), and the cluster's background processes. Backends
 * of other databases are left out.
 */
export async function startCpuMeter(databaseUrl: string, watched: Record<string, number>): Promise<CpuMeter> {
  const url = new URL(databaseUrl);
  const database = decodeURIComponent(url.pathname.slice(1));
  const pgPort = Number(url.port || 5432);
  const owners: Record<string, number> = { ...watched, bench: process.pid };
  const postmaster = await findPostmaster(databaseUrl);
  /** What each PostgreSQL process is: the owner of a backend of ours, 'background', or null (another database's). */
  const kinds = new Map<number, string | null>();
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  let atStart = true;

  const classify = (pids: number[]): void => {
    let sockets: Map<string, { local: number; remote: number }> | undefined;
    let ownerOf: Map<string, string> | undefined;
    for (const pid of pids) {
      const title = readProc(`/proc/${pid}/cmdline`).replace(/\0/g, ' ').trim();
      // Until it has authenticated its client, a new backend still has the postmaster's command line.
      const m = /^postgres: (?:\S+: )?(.*)$/.exec(title);
      if (m === null) continue;
      const words = m[1]!.split(/\s+/);
      const isBackend = words.length >= 3 && /(\(\d+\)|\[local\])$/.test(words[2]!);
      if (!isBackend) {
        kinds.set(pid, 'background');
        continue;
      }
      if (words[1] !== database) {
        kinds.set(pid, null);
        continue;
      }
      sockets ??= tcpSockets();
      ownerOf ??= new Map(Object.entries(owners).flatMap(([name, ownerPid]) => socketInodes(ownerPid).map((inode) => [inode, name] as const)));
      const theirs = socketInodes(pid)
        .map((inode) => sockets!.get(inode))
        .find((s) => s !== undefined && s.local === pgPort);
      const client = theirs === undefined ? undefined : [...sockets].find(([, s]) => s.local === theirs.remote && s.remote === pgPort)?.[0];
      kinds.set(pid, (client === undefined ? undefined : ownerOf.get(client)) ?? 'other');
    }
  };

  const sample = (): void => {
    if (postmaster === undefined) return;
    const children = readProc(`/proc/${postmaster}/task/${postmaster}/children`).trim().split(/\s+/).filter(Boolean).map(Number);
    for (const pid of children) {
      const ms = ownCpuMs(pid);
      if (ms === undefined) continue;
      // One born after the start used all its CPU within the measurement.
      if (!first.has(pid)) first.set(pid, atStart ? ms : 0);
      last.set(pid, ms);
    }
    classify(children.filter((pid) => !kinds.has(pid)));
  };

  const processesAt = (): Record<string, number> => {
    const self = process.cpuUsage();
    return Object.fromEntries(Object.entries(owners).map(([name, pid]) => [name, pid === process.pid ? (self.user + self.system) / 1000 : (ownCpuMs(pid) ?? 0)]));
  };
  const before = cpuSnapshot(undefined);
  const processesBefore = processesAt();
  sample();
  atStart = false;
  const timer = setInterval(sample, PG_SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      sample();
      const after = cpuSnapshot(undefined);
      const processesAfter = processesAt();
      let postgres: CpuUse['postgres'] = null;
      if (postmaster !== undefined) {
        const backends: Record<string, number> = Object.fromEntries([...Object.keys(owners), 'other'].map((name) => [name, 0]));
        let background = 0;
        for (const [pid, ms] of last) {
          const used = ms - (first.get(pid) ?? 0);
          const kind = kinds.get(pid);
          // Never classified: exited before it had authenticated (or a moment after): not ours to tell.
          if (kind === undefined || kind === null) continue;
          if (kind === 'background') background += used;
          else backends[kind] = (backends[kind] ?? 0) + used;
        }
        postgres = { backends, background };
      }
      return {
        seconds: (after.at - before.at) / 1000,
        processes: Object.fromEntries(Object.keys(owners).map((name) => [name, processesAfter[name]! - processesBefore[name]!])),
        machineBusyMs: after.machineBusyMs - before.machineBusyMs,
        postgres,
      };
    },
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
