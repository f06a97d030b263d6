// The embedded PostgreSQL from a checkout that PostgreSQL's own user cannot enter: as root, initdb
// and postgres run as the user "postgres", and a root user's clone in /root or a `mktemp -d`
// directory (mode 0700) keeps that user out. Run as a normal user, the same tests check that
// nothing changed for them.
import { expect } from 'chai';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../server/src/embedded-postgres/server.ts';

const REPO = resolve(import.meta.dirname, '../..');

describe('embedded PostgreSQL in a checkout only its owner can enter', function () {
  // A first start copies the binaries (once per machine) and runs initdb and the migrations.
  this.timeout(90_000);

  let checkout = '';
  before(() => {
    checkout = privateCheckout();
  });
  after(async () => {
    if (checkout) await removeCheckout(checkout);
  });

  let firstKey: string | undefined;

  it('npm start serves the demo merchant, whose test key creates a payment intent, shares its database with the CLI, and exits 0 on SIGTERM', async () => {
    const run = await startService(checkout);
    try {
      expect(run.output()).to.include('Database:       embedded PostgreSQL in .data/postgres');
      firstKey = /Test key:\s+(sk_test_\S+)/.exec(run.output())?.[1];
      expect(firstKey, run.output()).to.match(/^sk_test_[0-9A-Za-z]{32}$/);
      await expectCreated(run.url, firstKey!);
      // The CLI finds the running server through .data/postgres and uses the same database.
      const cli = await runNode(checkout, ['scripts/cli.ts', 'merchant', 'create', '--name', 'CLI Shop', '--json']);
      expect(cli.code, cli.stderr).to.equal(0);
      await expectCreated(run.url, JSON.parse(cli.stdout).test_secret_key);
    } finally {
      run.child.kill('SIGTERM');
    }
    expect(await run.exit, run.output()).to.equal(0);
    expect(existsSync(join(checkout, '.data/postgres/postmaster.pid')), 'postgres still running').to.equal(false);
  });

  it('a second npm start reuses the cluster: the first run’s test key still works', async () => {
    expect(firstKey, 'the first start failed').to.be.a('string');
    const run = await startService(checkout);
    try {
      expect(/Test key:\s+(sk_test_\S+)/.exec(run.output())?.[1], run.output()).to.equal(firstKey);
      await expectCreated(run.url, firstKey!);
    } finally {
      run.child.kill('SIGTERM');
    }
    expect(await run.exit, run.output()).to.equal(0);
  });

  it('the test runner’s embedded fallback starts there and answers queries', async () => {
    const server = await startEmbeddedPostgres({
      dataDir: join(checkout, '.data/test-postgres'),
      postgresFlags: ['-c', 'fsync=off'],
    });
    try {
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ answer: number }>('select 6 * 7 as answer');
        expect(rows[0]?.answer).to.equal(42);
      } finally {
        await client.end();
      }
    } finally {
      await server.stop();
    }
  });

  it('a .data/postgres it cannot use stops npm start with one line that says what to do', async () => {
    const other = privateCheckout();
    try {
      // Files in .data/postgres but no cluster: nothing there may be thrown away or started.
      mkdirSync(join(other, '.data/postgres'), { recursive: true });
      writeFileSync(join(other, '.data/postgres/notes.txt'), 'mine\n');
      const { code, stderr } = await runNode(other, ['server/src/main.ts']);
      expect(code, stderr).to.equal(1);
      const lines = stderr.split('\n').filter((line) => line.trim() !== '');
      expect(lines, stderr).to.have.length(1);
      expect(lines[0]).to.match(/^nairaflow: embedded PostgreSQL: .*\.data\/postgres/);
      expect(readFileSync(join(other, '.data/postgres/notes.txt'), 'utf8')).to.equal('mine\n');
    } finally {
      await removeCheckout(other);
    }
  });
});

/**
 * This working tree's files (uncommitted edits included) in a new directory of mode 0700, with
 * node_modules hard-linked (a real copy where links cannot be made): PostgreSQL's binaries must
 * really lie inside the private directory, so a symlink to ours would not do.
 */
function privateCheckout(): string {
  const parent = mkdtempSync(join(tmpdir(), 'nairaflow-private-'));
  expect(statSync(parent).mode & 0o777).to.equal(0o700);
  const root = join(parent, 'nairaflow');
  try {
    const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: REPO, encoding: 'utf8' });
    for (const file of listed.split('\0')) {
      if (file === '' || !existsSync(join(REPO, file))) continue; // deleted in the working tree
      mkdirSync(dirname(join(root, file)), { recursive: true });
      copyFileSync(join(REPO, file), join(root, file));
    }
    try {
      execFileSync('cp', ['-al', join(REPO, 'node_modules'), root], { stdio: 'ignore' });
    } catch {
      rmSync(join(root, 'node_modules'), { recursive: true, force: true });
      execFileSync('cp', ['-a', join(REPO, 'node_modules'), root]);
    }
  } catch (err) {
    rmSync(parent, { recursive: true, force: true });
    throw err;
  }
  return root;
}

/** Stops any postmaster still running in the checkout's clusters, then removes them and the checkout. */
async function removeCheckout(root: string): Promise<void> {
  for (const name of ['postgres', 'test-postgres']) {
    const dataDir = join(root, '.data', name);
    await stopPostmaster(dataDir);
    // As root the cluster lives outside the checkout, behind this symlink.
    if (lstatSync(dataDir, { throwIfNoEntry: false })?.isSymbolicLink()) {
      rmSync(resolve(dirname(dataDir), readlinkSync(dataDir)), { recursive: true, force: true });
    }
  }
  rmSync(dirname(root), { recursive: true, force: true });
}

async function stopPostmaster(dataDir: string): Promise<void> {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8'), 10);
  } catch {
    return;
  }
  const signal = (name: NodeJS.Signals | 0): boolean => {
    try {
      process.kill(pid, name);
      return true;
    } catch {
      return false;
    }
  };
  if (!Number.isInteger(pid) || pid <= 0 || !signal(0)) return;
  signal('SIGQUIT'); // immediate shutdown: the cluster is thrown away next
  const deadline = Date.now() + 10_000;
  while (signal(0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  signal('SIGKILL');
}

function serviceEnv(): NodeJS.ProcessEnv {
  // The checkout's own .data, not the test run's (see scripts/test.ts).
  return { ...process.env, DATABASE_URL: undefined, NAIRAFLOW_DATA_DIR: undefined, APP_ENV: 'development', PORT: '0', LOG_LEVEL: 'warn' };
}

interface Run {
  child: ChildProcess;
  output: () => string;
  url: string;
  exit: Promise<number | null>;
}

/** Starts `npm start`'s entry point in `cwd` and waits for its banner. */
async function startService(cwd: string): Promise<Run> {
  const child = spawn(process.execPath, ['server/src/main.ts'], { cwd, env: serviceEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exit = new Promise<number | null>((resolveExit) => child.on('exit', (code) => resolveExit(code)));
  const deadline = Date.now() + 60_000;
  while (!output.includes('Stop with Ctrl-C') && Date.now() < deadline && child.exitCode === null) {
    await new Promise((r) => setTimeout(r, 50));
  }
  const url = /API:\s+(http:\/\/\S+)\/v1/.exec(output)?.[1];
  if (!output.includes('Nairaflow is running') || url === undefined) {
    child.kill('SIGKILL');
    await exit;
    throw new Error(`no banner:\n${output}`);
  }
  return { child, output: () => output, url, exit };
}

function runNode(cwd: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, args, { cwd, env: serviceEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolveRun) => child.on('close', (code) => resolveRun({ code, stdout, stderr })));
}

/** Creates a payment intent with `key` and expects 201. */
async function expectCreated(url: string, key: string): Promise<void> {
  const res = await fetch(`${url}/v1/payment_intents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ amount: 250000, currency: 'NGN' }),
  });
  expect(res.status, await res.text()).to.equal(201);
}
