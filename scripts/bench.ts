// npm run bench
//
// Measures, in one run on this machine, the service's create (POST /v1/payment_intents) and
// retrieve (GET /v1/payment_intents/{id}) throughput and latency under concurrent load, and the
// same-shape SQL work done directly with `pg` as a baseline, then prints a table, checks the goal
// and writes bench/results.json.
//
//   * The server runs in its own process (node server/src/main.ts, APP_ENV=production) on a fresh
//     database created for the bench and dropped at the end; the load generator (autocannon,
//     programmatic API) and the baseline loop run in this process.
//   * The baseline: N concurrent async workers, each with its own pg.Client, doing per iteration
//     exactly the SQL the service does per request (auth lookup, then the insert in a transaction
//     or the select), as named (prepared) parameterised statements, for the same duration.
//   * Latency is timed identically for both sides, per request in microseconds (autocannon's own
//     histogram only keeps whole milliseconds; its figures are kept in results.json as well).
//
// Admin server: DATABASE_URL when set, else postgres://postgres@127.0.0.1:5432/postgres, else an
// embedded PostgreSQL in .data/bench-postgres.
//
// Env overrides (recorded in the results): BENCH_CONNECTIONS, BENCH_DURATION_S, BENCH_WARMUP_S,
// BENCH_DEV=0 to skip the development-configuration (VALIDATE_RESPONSES=true) create run,
// BENCH_CPU_PROF=<dir> to run the production server with --cpu-prof writing its profile there.
import { createServer } from 'node:http';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, resolve } from 'node:path';
import { createHistogram, performance, type RecordableHistogram } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { canConnect } from '../server/src/persistence/database.ts';
import { benchVerifier, formatVerifierBench } from '../bench/verifier.ts';
import { freePort } from '../server/src/persistence/embedded-postgres.ts';
import { newClientSecret, newId, sha256Hex } from '../server/src/ids.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

// ---------------------------------------------------------------------------------------------
// Parameters.
//
// 10 connections: the API is one Node process on a 2-core machine that it shares with PostgreSQL
// and the load generator. 10 requests in flight is enough to keep the event loop and the database
// busy at once (each request spends part of its time waiting on PostgreSQL), so throughput is at
// its plateau, while staying well under the ORM pool (20) so the figures are not dominated by
// queueing for a connection: p99 at this load is a meaningful "latency at capacity" figure, which
// is what the goal (p99 < 25 ms) is about. The baseline uses the same 10 (one pg client each).
// 10 s per measurement: thousands of requests even at low rates, so p99 rests on well over a
// hundred samples and a GC or checkpoint hiccup cannot swing it alone, while the whole run stays
// around a minute and a half. 2 s of warm-up before each measurement (discarded) lets V8 optimise
// the hot paths, fills the connection pools and prepares the statements.
// ---------------------------------------------------------------------------------------------
const envInt = (name: string, fallback: number, min: number, max: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be a whole number from ${min} to ${max}`);
  return value;
};
const CONNECTIONS = envInt('BENCH_CONNECTIONS', 10, 1, 100);
const DURATION_S = envInt('BENCH_DURATION_S', 10, 1, 60);
const WARMUP_S = envInt('BENCH_WARMUP_S', 2, 0, 30);
const RUN_DEV = process.env.BENCH_DEV !== '0';
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF ? resolve(process.env.BENCH_CPU_PROF) : undefined;
/** Every loop is also capped by count, whatever its duration. */
const MAX_ITERATIONS_PER_WORKER = 2_000_000;
/** The whole bench gives up (and cleans up) after this. */
const OVERALL_TIMEOUT_MS = 10 * 60_000;
const GOAL_RATIO = 0.35;
const GOAL_P99_MS = 25;

const CREATE_BODY = JSON.stringify({ amount: 250000, currency: 'NGN', description: 'bench' });
const LOCAL_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const RESULTS_PATH = resolve(root, 'bench/results.json');

// The service's configuration variables (server/src/config.ts): never inherited from this shell,
// so the server runs exactly the configuration given here.
const CONFIG_VARS = [
  'APP_ENV', 'DATABASE_URL', 'HOST', 'PORT', 'PUBLIC_BASE_URL', 'ROLE', 'RATE_LIMIT_PER_MINUTE', 'RATE_LIMIT_STORE',
  'TRUST_PROXY', 'WEBHOOK_RETRY_BASE_MS', 'WEBHOOK_MAX_ATTEMPTS', 'WEBHOOK_TIMEOUT_MS', 'WEBHOOK_ALLOW_INSECURE',
  'WEBHOOK_CA_FILE', 'PAYMENT_PROCESSING_DELAY_MS', 'INTENT_TTL_SECONDS', 'VALIDATE_RESPONSES', 'LOG_LEVEL',
];

// autocannon ships no types; this is the part of its programmatic API used here.
interface AutocannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  requests: { average: number; total: number };
  latency: { p50: number; p90: number; p99: number; average: number; max: number };
}
interface AutocannonInstance {
  on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTimeMs: number) => void): void;
  stop(): void;
}
type Autocannon = ((opts: Record<string, unknown>) => AutocannonInstance & PromiseLike<AutocannonResult>) & {
  track?: unknown;
};
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

// ---------------------------------------------------------------------------------------------
// Measurements.
// ---------------------------------------------------------------------------------------------
interface Figures {
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

const newHistogram = (): RecordableHistogram => createHistogram({ lowest: 1, highest: 60_000_000, figures: 3 });
/** Records one latency in microseconds. */
const recordMs = (h: RecordableHistogram, ms: number): void => h.record(Math.max(1, Math.round(ms * 1000)));

function figures(h: RecordableHistogram, failures: number, seconds: number): Figures {
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

// CPU accounting from /proc (Linux; zeros elsewhere), to tell CPU work from waiting: how many CPU
// milliseconds each request costs the server process, the load generator (this process) and the
// rest of the machine (mostly PostgreSQL, but also anything else running).
const TICK_MS = 10; // USER_HZ is 100 on Linux
interface CpuSnapshot { at: number; machineBusyMs: number; machineStealMs: number; selfMs: number; serverUserMs: number; serverSysMs: number; serverNonvoluntary: number }
function readProc(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
function cpuSnapshot(serverPid: number | undefined): CpuSnapshot {
  const cpu = (readProc('/proc/stat').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = cpu;
  const self = process.cpuUsage();
  let serverUserMs = 0;
  let serverSysMs = 0;
  let serverNonvoluntary = 0;
  if (serverPid !== undefined) {
    const stat = readProc(`/proc/${serverPid}/stat`).replace(/^.*\)\s+/, '').split(' ');
    serverUserMs = Number(stat[11] ?? 0) * TICK_MS; // utime is field 14; 3 fields precede this slice's start
    serverSysMs = Number(stat[12] ?? 0) * TICK_MS;
    serverNonvoluntary = Number(/nonvoluntary_ctxt_switches:\s+(\d+)/.exec(readProc(`/proc/${serverPid}/status`))?.[1] ?? 0);
  }
  return {
    at: performance.now(),
    machineBusyMs: (user + nice + system + irq + softirq) * TICK_MS,
    machineStealMs: steal * TICK_MS,
    selfMs: (self.user + self.system) / 1000,
    serverUserMs,
    serverSysMs,
    serverNonvoluntary,
  };
}
interface CpuCost {
  /** CPU ms per answered request. */
  server_ms_per_req: number | null;
  server_user_ms_per_req: number | null;
  server_sys_ms_per_req: number | null;
  /** Server process CPU use over the run, % of one core. */
  server_core_pct: number | null;
  server_involuntary_switches_per_req: number | null;
  load_generator_ms_per_req: number;
  /** Machine busy time not accounted for by the two processes above: PostgreSQL and anything else running. */
  rest_of_machine_ms_per_req: number;
  machine_busy_pct: number;
  machine_steal_pct: number;
}
function cpuCost(a: CpuSnapshot, b: CpuSnapshot, requests: number, withServer: boolean): CpuCost {
  const n = Math.max(1, requests);
  const wall = b.at - a.at;
  const per = (ms: number): number => Math.round((ms / n) * 1000) / 1000;
  const server = b.serverUserMs + b.serverSysMs - a.serverUserMs - a.serverSysMs;
  const self = b.selfMs - a.selfMs;
  const busy = b.machineBusyMs - a.machineBusyMs;
  const cores = os.cpus().length;
  return {
    server_ms_per_req: withServer ? per(server) : null,
    server_user_ms_per_req: withServer ? per(b.serverUserMs - a.serverUserMs) : null,
    server_sys_ms_per_req: withServer ? per(b.serverSysMs - a.serverSysMs) : null,
    server_core_pct: withServer ? Math.round((server / wall) * 1000) / 10 : null,
    server_involuntary_switches_per_req: withServer ? Math.round(((b.serverNonvoluntary - a.serverNonvoluntary) / n) * 100) / 100 : null,
    load_generator_ms_per_req: per(self),
    rest_of_machine_ms_per_req: per(busy - self - (withServer ? server : 0)),
    machine_busy_pct: Math.round((busy / (wall * cores)) * 1000) / 10,
    machine_steal_pct: Math.round(((b.machineStealMs - a.machineStealMs) / (wall * cores)) * 1000) / 10,
  };
}

interface HttpTarget {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** One autocannon run; latencies of 2xx answers are recorded; anything else counts as a failure. */
async function runAutocannon(
  target: HttpTarget,
  seconds: number,
  serverPid?: number,
  /** Requests per second across all connections; unset: as fast as the server answers. */
  overallRate?: number,
): Promise<{ figures: Figures; autocannon: unknown; statuses: Record<string, number>; cpu: CpuCost }> {
  const h = newHistogram();
  const cpuBefore = cpuSnapshot(serverPid);
  const statuses: Record<string, number> = {};
  let failures = 0;
  const started = performance.now();
  const instance = autocannon({
    url: target.url,
    method: target.method,
    headers: target.headers,
    ...(target.body === undefined ? {} : { body: target.body }),
    connections: CONNECTIONS,
    ...(overallRate === undefined ? {} : { overallRate }),
    pipelining: 1,
    duration: seconds,
    timeout: 10,
  });
  instance.on('response', (_client, statusCode, _bytes, responseTimeMs) => {
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    if (statusCode >= 200 && statusCode < 300) recordMs(h, responseTimeMs);
    else failures++;
  });
  const result = await instance;
  const elapsed = (performance.now() - started) / 1000;
  const cpu = cpuCost(cpuBefore, cpuSnapshot(serverPid), h.count, serverPid !== undefined);
  failures += result.errors;
  return {
    cpu,
    figures: figures(h, failures, Math.max(elapsed, result.duration)),
    autocannon: {
      duration_s: result.duration,
      requests_total: result.requests.total,
      requests_per_s_average: result.requests.average,
      ok_2xx: result['2xx'],
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      latency_ms_whole: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, mean: result.latency.average, max: result.latency.max },
    },
    statuses,
  };
}

/** N workers, each with its own client, running `iteration` until the deadline (and the count cap). */
async function runPgLoop(
  databaseUrl: string,
  seconds: number,
  iteration: (client: pg.Client) => Promise<void>,
): Promise<Figures & { cpu: CpuCost }> {
  const clients = await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      client.on('error', () => undefined);
      await client.connect();
      return client;
    }),
  );
  const h = newHistogram();
  let failures = 0;
  try {
    const cpuBefore = cpuSnapshot(undefined);
    const started = performance.now();
    const deadline = started + seconds * 1000;
    await Promise.all(
      clients.map(async (client) => {
        for (let i = 0; i < MAX_ITERATIONS_PER_WORKER && performance.now() < deadline; i++) {
          const t0 = performance.now();
          try {
            await iteration(client);
            recordMs(h, performance.now() - t0);
          } catch (error) {
            failures++;
            if (failures === 1) console.error(`baseline: an iteration failed: ${(error as Error).message}`);
            await client.query('rollback').catch(() => undefined);
          }
        }
      }),
    );
    const result = figures(h, failures, (performance.now() - started) / 1000);
    return { ...result, cpu: cpuCost(cpuBefore, cpuSnapshot(undefined), h.count, false) };
  } finally {
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
  }
}

// The service's SQL, as a good hand-written data layer would send it: named (prepared), parameterised.
const AUTH_SQL = `select k.livemode, m.id, m.name, m.logo_url
   from api_keys k join merchants m on m.id = k.merchant_id
  where k.key_hash = $1 and k.revoked_at is null`;
const INSERT_SQL = `insert into payment_intents (id, merchant_id, livemode, amount, currency, description, metadata, status,
    method, customer_email, customer_phone, client_secret_hash, amount_refunded, service_fee, last_error, next_action,
    cancellation_reason, created_at, expires_at, succeeded_at, canceled_at)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)`;
const RETRIEVE_SQL = `select * from payment_intents where id = $1 and merchant_id = $2 and livemode = $3`;
const TTL_SECONDS = 86_400; // the service's default INTENT_TTL_SECONDS

type AuthRow = { livemode: boolean; id: string; name: string; logo_url: string | null };

async function baselineAuth(client: pg.Client, secretKey: string): Promise<AuthRow> {
  const { rows } = await client.query<AuthRow>({ name: 'bench_auth', text: AUTH_SQL, values: [sha256Hex(secretKey)] });
  const row = rows[0];
  if (row === undefined || row.livemode !== secretKey.startsWith('sk_live_')) throw new Error('baseline: the key did not authenticate');
  return row;
}

function baselineCreate(secretKey: string) {
  return async (client: pg.Client): Promise<void> => {
    const caller = await baselineAuth(client, secretKey);
    const now = new Date();
    const id = newId('pi');
    const clientSecret = newClientSecret(id);
    await client.query('begin');
    await client.query({
      name: 'bench_insert_intent',
      text: INSERT_SQL,
      values: [
        id, caller.id, caller.livemode, '250000', 'NGN', 'bench', '{}', 'requires_authentication',
        null, null, null, sha256Hex(clientSecret), '0', null, null, null,
        null, now, new Date(now.getTime() + TTL_SECONDS * 1000), null, null,
      ],
    });
    await client.query('commit');
  };
}

function baselineRetrieve(secretKey: string, intentId: string) {
  return async (client: pg.Client): Promise<void> => {
    const caller = await baselineAuth(client, secretKey);
    const { rows } = await client.query({ name: 'bench_retrieve_intent', text: RETRIEVE_SQL, values: [intentId, caller.id, caller.livemode] });
    if (rows.length !== 1) throw new Error('baseline: the intent was not found');
  };
}

// ---------------------------------------------------------------------------------------------
// Databases and the server process.
// ---------------------------------------------------------------------------------------------
async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const quoteIdent = (name: string): string => '"' + name.replaceAll('"', '""') + '"';

function databaseUrlFor(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = '/' + encodeURIComponent(name);
  return url.toString();
}

function describeUrl(url: string): string {
  const u = new URL(url);
  return `${u.hostname}${u.port ? ':' + u.port : ''}${u.pathname}`;
}

/** Runs a command to completion, returning its stdout; fails with its stderr on a non-zero exit. */
function runCommand(command: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<string> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolveRun(out);
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}:\n${err}${out}`));
    });
  });
}

function serverEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of CONFIG_VARS) delete env[name];
  return { ...env, ...extra };
}

interface RunningServer {
  url: string;
  child: ChildProcess;
  output: string[];
  stop(): Promise<void>;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function startServer(databaseUrl: string, extraEnv: Record<string, string>, nodeFlags: string[] = []): Promise<RunningServer> {
  const port = await freePort();
  const env = serverEnv({
    DATABASE_URL: databaseUrl,
    APP_ENV: 'production',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '1000000',
    ROLE: 'all',
    // The webhook latency run's receiver is on 127.0.0.1: allowed for test-mode endpoints only.
    WEBHOOK_ALLOW_INSECURE: 'true',
    ...extraEnv,
  });
  const child = spawn(process.execPath, [...nodeFlags, 'server/src/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const keep = (d: Buffer): void => {
    for (const line of d.toString().split('\n')) if (line.trim() !== '') output.push(line);
    if (output.length > 200) output.splice(0, output.length - 200);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exited: number | string | null | undefined;
  const exit = new Promise<void>((r) => child.once('exit', (code, signal) => ((exited = code ?? signal), r())));
  const url = `http://127.0.0.1:${port}`;

  let stopping: Promise<void> | undefined;
  const server: RunningServer = {
    url,
    child,
    output,
    stop: () =>
      (stopping ??= (async () => {
        if (exited !== undefined) return;
        child.kill('SIGTERM');
        const forced = setTimeout(() => child.kill('SIGKILL'), 20_000);
        await exit;
        clearTimeout(forced);
      })()),
  };
  liveServers.add(server);

  // Ready when it serves its contract (it migrates and starts the job queue first).
  const deadline = Date.now() + 60_000;
  for (let attempt = 0; attempt < 600 && Date.now() < deadline; attempt++) {
    if (exited !== undefined) throw new Error(`the server exited (${exited}) before it was ready:\n${output.join('\n')}`);
    try {
      const response = await fetch(`${url}/openapi.yaml`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.ok) return server;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  await server.stop();
  throw new Error(`the server was not ready within 60 s:\n${output.join('\n')}`);
}

const liveServers = new Set<RunningServer>();

// ---------------------------------------------------------------------------------------------
// Main.
// ---------------------------------------------------------------------------------------------
interface Comparison {
  service: Figures & { cpu: CpuCost };
  baseline: Figures & { cpu: CpuCost };
  throughput_ratio: number;
}

const fmt = (n: number, digits = 1): string => n.toFixed(digits);

async function main(): Promise<number> {
  const startedAt = new Date();
  const cleanups: (() => Promise<void>)[] = [];
  const cleanUp = async (): Promise<void> => {
    for (const server of liveServers) await server.stop().catch(() => undefined);
    while (cleanups.length > 0) await cleanups.pop()!().catch((e: Error) => console.error(`cleanup: ${e.message}`));
  };
  const watchdog = setTimeout(() => {
    console.error(`bench: gave up after ${OVERALL_TIMEOUT_MS / 60_000} minutes`);
    void cleanUp().finally(() => process.exit(1));
  }, OVERALL_TIMEOUT_MS);
  watchdog.unref();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`bench: ${signal}, cleaning up`);
      void cleanUp().finally(() => process.exit(130));
    });
  }

  try {
    // 0. How busy the machine is before we start (other work on it makes every figure noisier).
    const idleA = cpuSnapshot(undefined);
    await sleep(1000);
    const idleB = cpuSnapshot(undefined);
    const busyBeforePct = Math.round(((idleB.machineBusyMs - idleA.machineBusyMs) / ((idleB.at - idleA.at) * os.cpus().length)) * 1000) / 10;
    const loadBefore = os.loadavg();
    if (busyBeforePct > 15) console.log(`bench: WARNING: the machine is already ${busyBeforePct}% busy before the bench starts; figures will be noisy`);

    // 1. The admin server and a fresh database.
    let adminUrl: string;
    let adminSource: string;
    if (process.env.DATABASE_URL && (await canConnect(process.env.DATABASE_URL))) {
      adminUrl = process.env.DATABASE_URL;
      adminSource = 'DATABASE_URL';
    } else if (await canConnect(LOCAL_ADMIN_URL)) {
      adminUrl = LOCAL_ADMIN_URL;
      adminSource = 'local';
    } else {
      const { startEmbeddedPostgres } = await import('../server/src/persistence/embedded-postgres.ts');
      const embedded = await startEmbeddedPostgres({ dataDir: '.data/bench-postgres' });
      cleanups.push(() => embedded.stop());
      adminUrl = embedded.url;
      adminSource = 'embedded (.data/bench-postgres)';
    }
    const dbName = `nf_bench_${process.pid}_${randomBytes(4).toString('hex')}`;
    await withClient(adminUrl, (c) => c.query(`create database ${quoteIdent(dbName)}`));
    cleanups.push(() => withClient(adminUrl, (c) => c.query(`drop database if exists ${quoteIdent(dbName)} with (force)`)).then(() => undefined));
    const dbUrl = databaseUrlFor(adminUrl, dbName);
    const pgVersion = await withClient(adminUrl, async (c) => (await c.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]!.v);
    console.log(`bench: PostgreSQL ${pgVersion} (${adminSource}, ${describeUrl(adminUrl)}), database ${dbName}`);

    // 2. The merchant (the CLI migrates the database first).
    const cliOut = await runCommand(
      'npm',
      ['run', '--silent', 'cli', '--', 'merchant', 'create', '--name', 'Bench', '--json'],
      serverEnv({ DATABASE_URL: dbUrl }),
      120_000,
    );
    const jsonLine = cliOut.split('\n').find((line) => line.trim().startsWith('{'));
    if (jsonLine === undefined) throw new Error(`the CLI printed no JSON:\n${cliOut}`);
    const merchant = JSON.parse(jsonLine) as { merchant_id: string; test_secret_key: string };
    const key = merchant.test_secret_key;
    const auth = { authorization: `Bearer ${key}` };
    console.log(`bench: merchant ${merchant.merchant_id}; ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s per measurement`);

    const checkpoint = (): Promise<unknown> => withClient(dbUrl, (c) => c.query('checkpoint')).catch(() => undefined);
    const cpuNote = (c: CpuCost): string =>
      `; CPU/req: ${c.server_ms_per_req === null ? '' : `server ${fmt(c.server_ms_per_req, 2)} ms (${fmt(c.server_core_pct ?? 0, 0)}% of a core), `}` +
      `load generator ${fmt(c.load_generator_ms_per_req, 2)} ms, rest ${fmt(c.rest_of_machine_ms_per_req, 2)} ms`;
    const measureHttp = async (label: string, target: HttpTarget, serverPid: number | undefined, overallRate?: number) => {
      await checkpoint();
      if (WARMUP_S > 0) await runAutocannon(target, WARMUP_S, undefined, overallRate);
      const run = await runAutocannon(target, DURATION_S, serverPid, overallRate);
      console.log(`  ${label}: ${fmt(run.figures.rps)} req/s, p50 ${fmt(run.figures.p50_ms, 2)} ms, p99 ${fmt(run.figures.p99_ms, 2)} ms` + cpuNote(run.cpu) +
        (run.figures.failures > 0 ? `, ${run.figures.failures} FAILED (statuses ${JSON.stringify(run.statuses)})` : ''));
      return run;
    };
    const measurePg = async (label: string, iteration: (client: pg.Client) => Promise<void>) => {
      await checkpoint();
      if (WARMUP_S > 0) await runPgLoop(dbUrl, WARMUP_S, iteration);
      const run = await runPgLoop(dbUrl, DURATION_S, iteration);
      console.log(`  ${label}: ${fmt(run.rps)} req/s, p50 ${fmt(run.p50_ms, 2)} ms, p99 ${fmt(run.p99_ms, 2)} ms` + cpuNote(run.cpu) +
        (run.failures > 0 ? `, ${run.failures} FAILED` : ''));
      return run;
    };

    // 3. The service, production configuration.
    const nodeFlags = CPU_PROF_DIR === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF_DIR}`];
    let server = await startServer(dbUrl, {}, nodeFlags);
    const createTarget: HttpTarget = {
      method: 'POST',
      url: `${server.url}/v1/payment_intents`,
      headers: { ...auth, 'content-type': 'application/json' },
      body: CREATE_BODY,
    };
    const first = await fetch(createTarget.url, { method: 'POST', headers: createTarget.headers, body: CREATE_BODY });
    const intent = (await first.json()) as { id?: string };
    if (first.status !== 201 || intent.id === undefined) throw new Error(`creating the intent to retrieve failed: ${first.status} ${JSON.stringify(intent)}`);
    const retrieveTarget: HttpTarget = { method: 'GET', url: `${server.url}/v1/payment_intents/${intent.id}`, headers: auth };
    const probe = await fetch(retrieveTarget.url, { headers: auth });
    await probe.arrayBuffer();
    if (probe.status !== 200) throw new Error(`retrieving ${intent.id} answered ${probe.status}`);

    console.log('service (APP_ENV=production, separate process):');
    const serviceCreate = await measureHttp('create  ', createTarget, server.child.pid);
    const serviceRetrieve = await measureHttp('retrieve', retrieveTarget, server.child.pid);
    const webhookLatency = await measureWebhookLatency(server.url, auth);
    console.log(
      `  webhook first attempt: p50 ${fmt(webhookLatency.p50_ms, 2)} ms, p99 ${fmt(webhookLatency.p99_ms, 2)} ms, max ${fmt(webhookLatency.max_ms, 2)} ms` +
        ` after the event's commit (${webhookLatency.events} events one at a time; goal: within ${WEBHOOK_GOAL_MS} ms)`,
    );
    const b = webhookLatency.burst;
    console.log(
      `  webhook delivery: ${fmt(b.delivered_per_s)} events/s delivered (${b.flood_events} events from ${b.producers} producers as fast as they can);` +
        ` at a steady ${b.steady_rate_per_s} events/s, commit to receipt p50 ${fmt(b.p50_ms, 2)} ms, p99 ${fmt(b.p99_ms, 2)} ms` +
        `${b.not_delivered > 0 ? `, ${b.not_delivered} NOT DELIVERED` : ''} (goal: p50 under ${WEBHOOK_BURST_GOAL_P50_MS} ms)`,
    );
    await server.stop();
    liveServers.delete(server);
    if (server.output.some((l) => /"level":(40|50|60)/.test(l))) {
      console.log(`  the server logged warnings or errors (last lines):\n    ${server.output.slice(-5).join('\n    ')}`);
    }

    // 4. The baseline, with the server stopped so it has the machine to itself as the service did.
    console.log(`baseline (direct pg, ${CONNECTIONS} workers with a client each):`);
    const baseCreate = await measurePg('create  ', baselineCreate(key));
    const baseRetrieve = await measurePg('retrieve', baselineRetrieve(key, intent.id));

    // 5. The goal's load: create at a steady 35% of the baseline's create throughput, the rate the
    // goal asks the service to sustain, and its p99 there (the saturation run above shows the
    // latency at full capacity, where queueing dominates).
    const goalRate = Math.max(1, Math.round(baseCreate.rps * GOAL_RATIO));
    console.log(`service at the goal's load (${goalRate} req/s = ${GOAL_RATIO * 100}% of the baseline's create throughput):`);
    server = await startServer(dbUrl, {});
    const atGoalLoad = await measureHttp('create  ', { ...createTarget, url: `${server.url}/v1/payment_intents` }, server.child.pid, goalRate);
    await server.stop();
    liveServers.delete(server);

    // 6. The webhook verifier merchants run: our constructEvent against stripe-node's and a bare
    // HMAC, in this process, with no server running.
    console.log('webhook-verifier (verifications per second, in this process):');
    const verifier = await benchVerifier();
    for (const line of formatVerifierBench(verifier)) console.log(`  ${line}`);

    // 6b. Optionally, create in the development configuration (response validation on).
    let devCreate: Awaited<ReturnType<typeof runAutocannon>> | undefined;
    if (RUN_DEV) {
      console.log('service, development configuration (VALIDATE_RESPONSES=true):');
      server = await startServer(dbUrl, { VALIDATE_RESPONSES: 'true' });
      devCreate = await measureHttp('create  ', { ...createTarget, url: `${server.url}/v1/payment_intents` }, server.child.pid);
      await server.stop();
      liveServers.delete(server);
    }

    const intents = await withClient(dbUrl, async (c) => Number((await c.query<{ n: string }>('select count(*) as n from payment_intents')).rows[0]!.n));

    // 7. Report.
    const compare = (service: Figures & { cpu: CpuCost }, baseline: Figures & { cpu: CpuCost }): Comparison => ({
      service,
      baseline,
      throughput_ratio: Math.round((service.rps / baseline.rps) * 1000) / 1000,
    });
    const create = compare({ ...serviceCreate.figures, cpu: serviceCreate.cpu }, baseCreate);
    const retrieve = compare({ ...serviceRetrieve.figures, cpu: serviceRetrieve.cpu }, baseRetrieve);
    const failures =
      serviceCreate.figures.failures + serviceRetrieve.figures.failures + baseCreate.failures + baseRetrieve.failures + atGoalLoad.figures.failures;
    const goal = {
      description: `create throughput >= ${GOAL_RATIO * 100}% of the baseline's and create p99 < ${GOAL_P99_MS} ms at that load`,
      throughput_ratio: create.throughput_ratio,
      throughput_ok: create.throughput_ratio >= GOAL_RATIO,
      load_rps: goalRate,
      achieved_rps_at_load: atGoalLoad.figures.rps,
      p99_ms: atGoalLoad.figures.p99_ms,
      p99_ok: atGoalLoad.figures.p99_ms < GOAL_P99_MS,
      p99_ms_at_saturation: create.service.p99_ms,
      met: create.throughput_ratio >= GOAL_RATIO && atGoalLoad.figures.p99_ms < GOAL_P99_MS && failures === 0,
    };

    const rows: string[][] = [
      ['', 'service req/s', 'p50 ms', 'p99 ms', 'baseline req/s', 'p50 ms', 'p99 ms', 'service/baseline'],
      ...([['create', create], ['retrieve', retrieve]] as const).map(([name, c]) => [
        name,
        fmt(c.service.rps), fmt(c.service.p50_ms, 2), fmt(c.service.p99_ms, 2),
        fmt(c.baseline.rps), fmt(c.baseline.p50_ms, 2), fmt(c.baseline.p99_ms, 2),
        `${fmt(c.throughput_ratio * 100)}%`,
      ]),
    ];
    if (devCreate !== undefined) {
      const d = devCreate.figures;
      rows.push(['create (dev)', fmt(d.rps), fmt(d.p50_ms, 2), fmt(d.p99_ms, 2), fmt(baseCreate.rps), fmt(baseCreate.p50_ms, 2), fmt(baseCreate.p99_ms, 2), `${fmt((d.rps / baseCreate.rps) * 100)}%`]);
    }
    const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
    console.log('');
    for (const [i, row] of rows.entries()) {
      console.log(row.map((cell, j) => (j === 0 ? cell.padEnd(widths[j]!) : cell.padStart(widths[j]!))).join('  '));
      if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
    }
    if (devCreate !== undefined) console.log('(create (dev) = development configuration, VALIDATE_RESPONSES=true; not part of the goal)');
    console.log('');
    console.log(
      `goal (${goal.description}): ${goal.met ? 'MET' : 'NOT MET'}` +
        ` (ratio ${fmt(goal.throughput_ratio * 100)}% ${goal.throughput_ok ? '>=' : '<'} ${GOAL_RATIO * 100}%,` +
        ` p99 at ${goalRate} req/s ${fmt(goal.p99_ms, 2)} ms ${goal.p99_ok ? '<' : '>='} ${GOAL_P99_MS} ms${failures > 0 ? `, ${failures} failed requests` : ''})`,
    );

    const cpus = os.cpus();
    const results = {
      timestamp: startedAt.toISOString(),
      finished: new Date().toISOString(),
      machine: {
        cpus: cpus.length,
        cpu_model: cpus[0]?.model ?? 'unknown',
        total_memory_mb: Math.round(os.totalmem() / 2 ** 20),
        platform: `${os.platform()} ${os.release()} ${os.arch()}`,
        node: process.version,
        postgres: pgVersion,
        postgres_source: adminSource,
        busy_pct_before_start: busyBeforePct,
        loadavg_before: loadBefore.map((l) => Math.round(l * 100) / 100),
        loadavg_after: os.loadavg().map((l) => Math.round(l * 100) / 100),
      },
      parameters: {
        connections: CONNECTIONS,
        duration_s: DURATION_S,
        warmup_s: WARMUP_S,
        pipelining: 1,
        create_body: JSON.parse(CREATE_BODY),
        server_env: { APP_ENV: 'production', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: 1000000, ROLE: 'all', WEBHOOK_ALLOW_INSECURE: true, RATE_LIMIT_STORE: 'memory (default)', VALIDATE_RESPONSES: 'false (production default)' },
        baseline: 'direct pg: one pg.Client per worker; named (prepared) parameterised statements; create = auth lookup + begin/insert/commit, retrieve = auth lookup + select',
        latency: 'per request, microsecond resolution, 2xx answers only; autocannon whole-ms figures under service_autocannon',
        cpu_profile_dir: CPU_PROF_DIR ?? null,
        payment_intents_after_run: intents,
      },
      create,
      retrieve,
      ...(devCreate === undefined ? {} : {
        create_development_configuration: { service: { ...devCreate.figures, cpu: devCreate.cpu }, throughput_ratio: Math.round((devCreate.figures.rps / baseCreate.rps) * 1000) / 1000, env: { VALIDATE_RESPONSES: 'true' } },
      }),
      service_autocannon: {
        create: serviceCreate.autocannon,
        retrieve: serviceRetrieve.autocannon,
        ...(devCreate === undefined ? {} : { create_development_configuration: devCreate.autocannon }),
      },
      webhook_delivery: {
        one_at_a_time: { events: webhookLatency.events, p50_ms: webhookLatency.p50_ms, p99_ms: webhookLatency.p99_ms, max_ms: webhookLatency.max_ms, goal_ms: WEBHOOK_GOAL_MS, met: webhookLatency.max_ms < WEBHOOK_GOAL_MS },
        under_load: { ...webhookLatency.burst, goal_p50_ms: WEBHOOK_BURST_GOAL_P50_MS, met: webhookLatency.burst.p50_ms < WEBHOOK_BURST_GOAL_P50_MS && webhookLatency.burst.not_delivered === 0 },
      },
      webhook_verifier: verifier,
      failed_requests: failures,
      goal,
    };
    mkdirSync(dirname(RESULTS_PATH), { recursive: true });
    writeFileSync(RESULTS_PATH, JSON.stringify(results, null, 2) + '\n');
    console.log(`results written to ${RESULTS_PATH}`);
    return failures > 0 ? 1 : 0;
  } finally {
    await cleanUp();
    clearTimeout(watchdog);
  }
}

// ---------------------------------------------------------------------------------------------
// Webhook latency: how soon after an event commits its first delivery attempt reaches the
// endpoint (LISTEN/NOTIFY wakes the worker; polling alone would take up to half a second).
// Events are made one at a time with POST /v1/webhook_endpoint/test_event, whose answer comes
// after the commit; the clock runs from that answer to the request's arrival at a local receiver.
// ---------------------------------------------------------------------------------------------
const WEBHOOK_GOAL_MS = 100;
const WEBHOOK_EVENTS = 200;
// The throughput run: 10 producers (as many as the HTTP runs' connections) making 1000 events
// as fast as they can; then a steady run at half the rate that achieved, for 5 s.
const WEBHOOK_PRODUCERS = 10;
const WEBHOOK_FLOOD_EVENTS = 1000;
const WEBHOOK_STEADY_SECONDS = 5;
// Issue goal for delivery under load: p50 commit-to-receipt under 50 ms.
const WEBHOOK_BURST_GOAL_P50_MS = 50;

async function measureWebhookLatency(serverUrl: string, auth: Record<string, string>) {
  const arrivals = new Map<string, number>();
  const waiting = new Map<string, () => void>();
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string }).id;
      arrivals.set(id, performance.now());
      res.writeHead(200).end();
      waiting.get(id)?.();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  // Waits (at most 30 s) for every one of `ids` to arrive; returns how many never did.
  const waitForArrivals = async (ids: string[]): Promise<number> => {
    const deadline = performance.now() + 30_000;
    while (ids.some((id) => !arrivals.has(id)) && performance.now() < deadline) await sleep(10);
    return ids.filter((id) => !arrivals.has(id)).length;
  };
  try {
    const url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks`;
    const headers = { ...auth, 'content-type': 'application/json' };
    const set = await fetch(`${serverUrl}/v1/webhook_endpoint`, { method: 'PUT', headers, body: JSON.stringify({ url }) });
    if (!set.ok) throw new Error(`setting the webhook endpoint failed: ${set.status} ${await set.text()}`);
    const h = newHistogram();
    for (let i = 0; i < WEBHOOK_EVENTS; i++) {
      const res = await fetch(`${serverUrl}/v1/webhook_endpoint/test_event`, { method: 'POST', headers: auth });
      const committed = performance.now();
      const { id } = (await res.json()) as { id: string };
      if (!arrivals.has(id)) {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`event ${id} did not arrive within 5 s`)), 5000);
          waiting.set(id, () => (clearTimeout(timer), resolve()));
        });
      }
      if (i >= 10) recordMs(h, Math.max(0, arrivals.get(id)! - committed)); // the first few warm up
    }
    const fig = figures(h, 0, 1);

    // Throughput: producers make events as fast as the API takes them, and the same process's
    // workers deliver them; how many events a second reach the receiver.
    const floodAt = new Map<string, number>();
    const floodStarted = performance.now();
    let made = 0;
    await Promise.all(
      Array.from({ length: WEBHOOK_PRODUCERS }, async () => {
        while (made < WEBHOOK_FLOOD_EVENTS) {
          made++;
          const res = await fetch(`${serverUrl}/v1/webhook_endpoint/test_event`, { method: 'POST', headers: auth });
          floodAt.set(((await res.json()) as { id: string }).id, performance.now());
        }
      }),
    );
    const floodMissing = await waitForArrivals([...floodAt.keys()]);
    const floodLast = Math.max(...[...floodAt.keys()].map((id) => arrivals.get(id) ?? floodStarted));
    const deliveredPerS = Math.round(((floodAt.size - floodMissing) / ((floodLast - floodStarted) / 1000)) * 10) / 10;

    // Latency under a steady load: events at half that rate for a few seconds, each timed from
    // its commit to its receipt.
    const rate = Math.max(1, Math.floor(deliveredPerS / 2));
    const steadyAt = new Map<string, number>();
    const steady = newHistogram();
    const total = rate * WEBHOOK_STEADY_SECONDS;
    const steadyStarted = performance.now();
    await Promise.all(
      Array.from({ length: total }, async (_, i) => {
        const due = steadyStarted + (i * 1000) / rate;
        await sleep(Math.max(0, due - performance.now()));
        const res = await fetch(`${serverUrl}/v1/webhook_endpoint/test_event`, { method: 'POST', headers: auth });
        steadyAt.set(((await res.json()) as { id: string }).id, performance.now());
      }),
    );
    const steadyMissing = await waitForArrivals([...steadyAt.keys()]);
    for (const [id, at] of steadyAt) {
      const arrived = arrivals.get(id);
      if (arrived !== undefined) recordMs(steady, Math.max(0, arrived - at));
    }
    const steadyFig = figures(steady, steadyMissing, 1);
    return {
      events: h.count,
      p50_ms: fig.p50_ms,
      p99_ms: fig.p99_ms,
      max_ms: fig.max_ms,
      burst: {
        flood_events: floodAt.size,
        producers: WEBHOOK_PRODUCERS,
        delivered_per_s: deliveredPerS,
        steady_rate_per_s: rate,
        steady_events: steadyAt.size,
        p50_ms: steadyFig.p50_ms,
        p99_ms: steadyFig.p99_ms,
        not_delivered: floodMissing + steadyMissing,
      },
    };
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
