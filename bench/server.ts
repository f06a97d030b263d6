// The service as the bench runs it: its own process (node server/src/main.ts, APP_ENV=production)
// on the bench's database, with exactly the configuration given (none inherited from the shell).
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { freePort } from '../server/src/embedded-postgres/server.ts';
import { sleep } from './measure.ts';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

// The service's configuration variables (server/src/config.ts): never inherited from this shell.
const CONFIG_VARS = [
  'APP_ENV', 'DATABASE_URL', 'HOST', 'PORT', 'PUBLIC_BASE_URL', 'ROLE', 'RATE_LIMIT_PER_MINUTE', 'RATE_LIMIT_STORE',
  'TRUST_PROXY', 'WEBHOOK_RETRY_BASE_MS', 'WEBHOOK_MAX_ATTEMPTS', 'WEBHOOK_TIMEOUT_MS', 'WEBHOOK_ALLOW_INSECURE',
  'WEBHOOK_CA_FILE', 'PAYMENT_PROCESSING_DELAY_MS', 'INTENT_TTL_SECONDS', 'VALIDATE_RESPONSES', 'LOG_LEVEL',
  'LIVE_PROCESSOR', 'DATABASE_PREPARED_STATEMENTS', 'EVENT_RETENTION_DAYS', 'WEBHOOK_ENDPOINT_CONCURRENCY', 'WEBHOOK_WORKER_CONCURRENCY',
  'METRICS_PORT', 'METRICS_HOST',
];

export function serverEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of CONFIG_VARS) delete env[name];
  return { ...env, ...extra };
}

/** The production configuration the bench measures, on top of which each run may add settings. */
export const BENCH_SERVER_ENV: Record<string, string> = {
  APP_ENV: 'production',
  LOG_LEVEL: 'warn',
  // The load comes from one address: the limit would be the only thing measured.
  RATE_LIMIT_PER_MINUTE: '1000000',
  // No LIVE_PROCESSOR: production refuses the sandbox, and the bench pays in test mode only.
};

/**
 * For the webhook runs: their receiver is on 127.0.0.1 (a test-mode endpoint), which production
 * refuses (WEBHOOK_ALLOW_INSECURE), so they run the development configuration with production's
 * one other difference, response validation, turned off.
 */
export const WEBHOOK_BENCH_ENV: Record<string, string> = { APP_ENV: 'development', VALIDATE_RESPONSES: 'false' };

export interface RunningServer {
  url: string;
  child: ChildProcess;
  /** When it was spawned (performance.now()): a --cpu-prof profile's times count from about then. */
  startedAt: number;
  output: string[];
  stop(): Promise<void>;
}

const live = new Set<RunningServer>();

/** Stops every server still running (the bench's clean-up). */
export async function stopAll(): Promise<void> {
  await Promise.all([...live].map((server) => server.stop().catch(() => undefined)));
}

export async function startServer(databaseUrl: string, env: Record<string, string>, nodeFlags: string[] = []): Promise<RunningServer> {
  const port = await freePort();
  // BENCH_PROFILE_DIR: every server process writes a CPU profile there when it stops (read one
  // with node bench/analyze-profile.ts FILE).
  const profile = process.env.BENCH_PROFILE_DIR === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`];
  const startedAt = performance.now();
  const child = spawn(process.execPath, [...profile, ...nodeFlags, 'server/src/main.ts'], {
    cwd: root,
    env: serverEnv({ ...BENCH_SERVER_ENV, ...env, DATABASE_URL: databaseUrl, PORT: String(port) }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (d: Buffer): void => {
    for (const line of d.toString().split('\n')) if (line.trim() !== '') output.push(line);
    if (output.length > 200) output.splice(0, output.length - 200);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exited: number | string | null | undefined;
  const exit = new Promise<void>((r) => child.once('exit', (code, signal) => ((exited = code ?? signal), r())));
  let stopping: Promise<void> | undefined;
  const server: RunningServer = {
    url: `http://127.0.0.1:${port}`,
    child,
    startedAt,
    output,
    stop: () =>
      (stopping ??= (async () => {
        live.delete(server);
        if (exited !== undefined) return;
        child.kill('SIGTERM');
        const forced = setTimeout(() => child.kill('SIGKILL'), 20_000);
        await exit;
        clearTimeout(forced);
      })()),
  };
  live.add(server);
  // Ready when its banner is out (an API serves its contract by then; a worker has started).
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (exited !== undefined) throw new Error(`the server exited (${exited}) before it was ready:\n${output.join('\n')}`);
    if (output.some((line) => line.includes('Stop with Ctrl-C'))) return server;
    await sleep(50);
  }
  await server.stop();
  throw new Error(`the server was not ready within 60 s:\n${output.join('\n')}`);
}

/** Runs a command to completion, returning its stdout; fails with its stderr on a non-zero exit. */
export function runCommand(command: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<string> {
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

/** A merchant made with the CLI (which also migrates the database): its id and test key. */
export async function createMerchant(databaseUrl: string, name: string): Promise<{ id: string; testKey: string }> {
  const out = await runCommand('npm', ['run', '--silent', 'cli', '--', 'merchant', 'create', '--name', name, '--json'], serverEnv({ DATABASE_URL: databaseUrl }), 120_000);
  const line = out.split('\n').find((l) => l.trim().startsWith('{'));
  if (line === undefined) throw new Error(`the CLI printed no JSON:\n${out}`);
  const merchant = JSON.parse(line) as { merchant_id: string; test_secret_key: string };
  return { id: merchant.merchant_id, testKey: merchant.test_secret_key };
}
