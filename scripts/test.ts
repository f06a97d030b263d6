// npm test [-- FILE|DIR ...] [--grep PATTERN]
//
// Picks a PostgreSQL (DATABASE_URL, else the local one on 127.0.0.1:5432, else an embedded one in
// .data/test-postgres), runs mocha in this process over test/**/*.test.ts (or the given files),
// then, on a full run, the contract coverage check, and on every run a scan of every log line the
// tests' services wrote for secrets. Ends with exactly one line
// "N passed, N failed" and exits 1 when anything failed, was pending, or nothing ran.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Mocha from 'mocha';
import { canConnect } from '../server/src/persistence/database.ts';
// Same file URL as the tests' relative imports, so both share one recorder.
import { checkContractCoverage } from '../test/support/contract-coverage.ts';
import { dropRunDatabases, dropStaleTestDatabases } from '../test/support/database.ts';
import { findSecrets } from '../test/support/secret-scan.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const LOCAL_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

interface Args {
  files: string[];
  grep?: string;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { files: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--grep' || arg === '-g') {
      const value = argv[++i];
      if (value === undefined) usage(`${arg} needs a pattern`);
      args.grep = value;
    } else if (arg.startsWith('--grep=')) {
      args.grep = arg.slice('--grep='.length);
    } else if (arg.startsWith('-')) {
      usage(`unknown option ${arg}`);
    } else {
      args.files.push(arg);
    }
  }
  return args;
}

function usage(problem: string): never {
  console.error(`npm test: ${problem}\nusage: npm test [-- FILE|DIR ...] [--grep PATTERN]`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

function testFilesUnder(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((file) => file.endsWith('.test.ts') && !file.split('/').includes('node_modules'))
    .map((file) => resolve(dir, file));
}

function collectFiles(args: Args): string[] {
  if (args.files.length === 0) return existsSync('test') ? testFilesUnder(resolve('test')).sort() : [];
  const files: string[] = [];
  for (const given of args.files) {
    const path = resolve(given);
    if (!existsSync(path)) usage(`no such file or directory: ${given}`);
    if (statSync(path).isDirectory()) files.push(...testFilesUnder(path).sort());
    else files.push(path);
  }
  return [...new Set(files)];
}

function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname || 'local socket'}${u.port ? ':' + u.port : ''}${u.pathname}`;
  } catch {
    return '(unparsable URL)';
  }
}

interface Database {
  url: string;
  stop(): Promise<void>;
}

async function pickDatabase(): Promise<Database> {
  const noop = async (): Promise<void> => undefined;
  if (process.env.DATABASE_URL) {
    console.log(`tests use PostgreSQL from DATABASE_URL (${describeUrl(process.env.DATABASE_URL)})`);
    return { url: process.env.DATABASE_URL, stop: noop };
  }
  // NF_TEST_PROBE_URL overrides the local server probed (e.g. an unreachable one, to exercise the
  // embedded fallback).
  const probe = process.env.NF_TEST_PROBE_URL || LOCAL_URL;
  if (await canConnect(probe, 2000)) {
    console.log(`tests use the local PostgreSQL (${describeUrl(probe)})`);
    return { url: probe, stop: noop };
  }
  const started = Date.now();
  const { startEmbeddedPostgres } = await import('../server/src/embedded-postgres/server.ts');
  const embedded = await startEmbeddedPostgres({
    dataDir: resolve(root, '.data/test-postgres'),
    log: process.env.NF_TEST_PG_LOG ? (line) => console.error(`[postgres] ${line}`) : undefined,
    // A throwaway cluster: durability buys nothing and costs time.
    postgresFlags: ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=300'],
  });
  console.log(
    `tests use an embedded PostgreSQL (${describeUrl(embedded.url)}, .data/test-postgres, ` +
      `started in ${((Date.now() - started) / 1000).toFixed(1)} s; no server on ${describeUrl(probe)})`,
  );
  return embedded;
}

interface Outcome {
  passed: number;
  failed: number;
  notes: string[];
}

async function runMocha(files: string[], args: Args, fullRun: boolean): Promise<Outcome> {
  const mocha = new Mocha({
    reporter: 'spec',
    timeout: 20_000,
    // `.only` would silently skip the rest of a full run.
    forbidOnly: fullRun || Boolean(process.env.CI),
    ...(args.grep ? { grep: args.grep } : {}),
  });
  for (const file of files) mocha.addFile(file);
  try {
    await mocha.loadFilesAsync();
  } catch (err) {
    console.error('loading the test files failed:');
    console.error(err);
    return { passed: 0, failed: 1, notes: ['a test file failed to load'] };
  }
  const stats = await new Promise<{ passes: number; failures: number; pending: number }>((resolveRun) => {
    const runner = mocha.run(() => {
      const s = runner.stats;
      resolveRun({ passes: s?.passes ?? 0, failures: s?.failures ?? 0, pending: s?.pending ?? 0 });
    });
  });
  const notes: string[] = [];
  if (stats.pending > 0) notes.push(`${stats.pending} pending/skipped test(s) counted as failed: no test may be skipped`);
  return { passed: stats.passes, failed: stats.failures + stats.pending, notes };
}

function contractCoverage(): { passed: number; failed: number } {
  const openapi = resolve(root, 'openapi.yaml');
  if (!existsSync(openapi)) {
    console.log('contract coverage: skipped (no openapi.yaml yet)');
    return { passed: 0, failed: 0 };
  }
  let result: { missing: string[]; undocumented: string[] };
  try {
    result = checkContractCoverage(openapi);
  } catch (err) {
    console.log(`contract coverage: FAILED, could not read openapi.yaml: ${(err as Error).message}`);
    return { passed: 0, failed: 1 };
  }
  const { missing, undocumented } = result;
  if (missing.length === 0 && undocumented.length === 0) {
    console.log('contract coverage: every documented response was produced by a test');
    return { passed: 1, failed: 0 };
  }
  console.log('contract coverage: FAILED');
  if (missing.length > 0) {
    console.log(`  documented in openapi.yaml but produced by no test (${missing.length}):`);
    for (const entry of missing) console.log(`    ${entry}`);
  }
  if (undocumented.length > 0) {
    console.log(`  produced by a test but not documented in openapi.yaml (${undocumented.length}):`);
    for (const entry of undocumented) console.log(`    ${entry}`);
  }
  return { passed: 0, failed: 1 };
}

/** The run's log, every line every service wrote, must hold no secret (see test/support/secret-scan.ts). */
function scanRunLog(file: string): { passed: number; failed: number } {
  const log = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const lines = log === '' ? 0 : log.trimEnd().split('\n').length;
  const findings = findSecrets(log);
  if (findings.length === 0) {
    console.log(`log scan: no secret key, client secret, signing secret, card number, OTP or PIN in ${lines} log lines`);
    rmSync(file, { force: true });
    return { passed: 1, failed: 0 };
  }
  console.log(`log scan: FAILED, ${findings.length} secret(s) in ${file}:`);
  for (const finding of findings.slice(0, 20)) console.log(`  line ${finding.line}: ${finding.kind} ${finding.masked}`);
  return { passed: 0, failed: 1 };
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const fullRun = args.files.length === 0 && args.grep === undefined;
  const files = collectFiles(args);

  process.env.NODE_ENV ??= 'test';
  process.env.APP_ENV ??= 'development';
  process.env.LOG_LEVEL ??= 'silent';
  process.env.NF_TEST_RUN_ID = String(process.pid);
  // Whatever the tests start as `npm start` keeps its embedded PostgreSQL and demo merchant here,
  // never in the .data/postgres of an `npm start` running in this checkout meanwhile.
  process.env.NAIRAFLOW_DATA_DIR = resolve(root, '.data', 'test-npm-start');
  // Every service the tests start logs everything here; the run is scanned for secrets at the end.
  const runLogFile = resolve(root, '.data', 'test-logs', `run-${process.pid}.log`);
  process.env.NF_TEST_LOG_FILE = runLogFile;

  let database: Database;
  try {
    database = await pickDatabase();
  } catch (err) {
    console.error(err);
    console.log('no PostgreSQL for the tests');
    console.log('0 passed, 1 failed');
    return 1;
  }
  process.env.NF_TEST_ADMIN_URL = database.url;

  let passed = 0;
  let failed = 0;
  const notes: string[] = [];
  let setLateErrorNote = (): void => undefined;
  try {
    const stale = await dropStaleTestDatabases();
    if (stale.length > 0) console.log(`dropped ${stale.length} database(s) left by earlier runs`);

    if (files.length === 0) {
      notes.push('no test files found');
    } else {
      const outcome = await runMocha(files, args, fullRun);
      passed += outcome.passed;
      failed += outcome.failed;
      notes.push(...outcome.notes);
    }
    if (fullRun && passed + failed > 0) {
      const coverage = contractCoverage();
      passed += coverage.passed;
      failed += coverage.failed;
    }
    if (passed + failed > 0) {
      const scan = scanRunLog(runLogFile);
      passed += scan.passed;
      failed += scan.failed;
    }
  } catch (err) {
    console.error(err);
    failed += 1;
  } finally {
    // Dropping the databases (WITH FORCE) and stopping the server end the connections that tests
    // left open; their clients then emit errors nobody handles. They must not crash the runner
    // before it reports.
    process.removeAllListeners('uncaughtException');
    process.removeAllListeners('unhandledRejection');
    let lateErrors = 0;
    process.on('uncaughtException', () => lateErrors++);
    process.on('unhandledRejection', () => lateErrors++);
    setLateErrorNote = () => {
      if (lateErrors > 0) notes.push(`${lateErrors} error(s) from connections left open by tests were ignored at shutdown`);
    };
    try {
      await dropRunDatabases();
    } catch (err) {
      console.error(`could not drop this run's test databases: ${(err as Error).message}`);
    }
    await database.stop().catch((err: unknown) => console.error(`stopping the embedded PostgreSQL failed: ${String(err)}`));
  }

  setLateErrorNote();
  if (passed + failed === 0) notes.push('no test ran');
  for (const note of notes) console.log(`note: ${note}`);
  console.log(`${passed} passed, ${failed} failed`);
  return failed > 0 || passed === 0 ? 1 : 0;
}

// Ctrl-C ends the run at once, as it would without a handler, but through process.exit: an
// embedded PostgreSQL the run started sits in a process group of its own, and is told to stop on
// exit (see embedded-postgres.ts).
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(128 + constants.signals[signal]));

// Tests that leave servers or pools open must not keep CI waiting: exit explicitly.
main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
