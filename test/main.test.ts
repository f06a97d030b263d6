import { expect } from 'chai';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { root } from './support/packages.ts';
import { refusedStart, startProcess as start } from './support/processes.ts';
import { matchesLine, readFences, withoutSecrets } from './support/readme-blocks.ts';

/**
 * Where the banner `output` differs from the README's, read with npm start's address and data
 * directory as this run's (`url`, `dataDir`) and `...` matching anything.
 */
function bannerDifferences(output: string, url: string, dataDir: string): string[] {
  const fence = readFences(resolve(root, 'README.md'), 'README.md').fences.find((f) => f.code.startsWith('Nairaflow is running'));
  if (fence === undefined) return ['README.md shows no banner'];
  const shown = fence.code.split('\n').map((line) => line.replaceAll('http://127.0.0.1:3000', url).replace(' .data/postgres', ` ${dataDir}`));
  const lines = output.split('\n');
  const printed = lines.slice(lines.findIndex((line) => line.startsWith('Nairaflow is running')));
  const end = printed.findIndex((line) => line === '  Stop with Ctrl-C.');
  return shown.flatMap((line, i) =>
    matchesLine(line, printed[i] ?? '') ? [] : [`${fence.where.replace(/\d+$/, (n) => String(Number(n) + 1 + i))}: the README shows ${JSON.stringify(line)}, npm start printed ${JSON.stringify(printed[i]?.replace(/(Sign in as:\s+\S+ \/ )\S+/, '$1(hidden)'))}`],
  ).concat(end === shown.length - 1 ? [] : [`the README shows ${shown.length} lines of banner, npm start printed ${end + 1}`]);
}

describe('npm start', () => {
  let database: TestDatabase;
  before(async () => {
    database = await createTestDatabase('main');
  });
  after(() => database.drop());

  it('migrates DATABASE_URL, serves the API and its reference, and shuts down cleanly on SIGTERM', async () => {
    const run = await start({ DATABASE_URL: database.url });
    expect(run.output()).to.include('Database:       DATABASE_URL');
    expect(run.url).to.match(/^http:\/\/127\.0\.0\.1:\d+$/);
    const docs = await fetch(`${run.url}/docs`);
    expect(docs.status).to.equal(200);
    const unauthenticated = await fetch(`${run.url}/v1/payment_intents`);
    expect(unauthenticated.status).to.equal(401);
    run.child.kill('SIGTERM');
    expect(await run.exit).to.equal(0);
  });

  it('says in one line that its port is taken, naming PORT, when another process listens there', async () => {
    const first = await start({ DATABASE_URL: database.url });
    try {
      const port = new URL(first.url!).port;
      const second = await refusedStart({ DATABASE_URL: database.url, PORT: port });
      expect(second.code).to.equal(1);
      expect(second.stderr.trim()).to.equal(`nairaflow: port ${port} on 127.0.0.1 is already in use (another npm start?): stop that one, or set PORT to a free port.`);
      expect(second.stdout).to.not.include('"level":60');
    } finally {
      first.child.kill('SIGTERM');
      await first.exit;
    }
  });

  it('with ROLE=worker runs no HTTP server', async () => {
    const run = await start({ DATABASE_URL: database.url, ROLE: 'worker' });
    expect(run.url).to.equal(undefined);
    expect(run.output()).to.include('role worker');
    run.child.kill('SIGINT');
    expect(await run.exit).to.equal(0);
  });

  it('without DATABASE_URL starts the embedded PostgreSQL and prints the banner the README shows, with a demo merchant whose key works, and stops it all', async () => {
    const run = await start({ DATABASE_URL: undefined });
    try {
      expect(run.output()).to.include('Database:       embedded PostgreSQL in .data/test-npm-start/postgres');
      expect(withoutSecrets(bannerDifferences(run.output(), run.url!, '.data/test-npm-start/postgres').join('\n')), 'the banner as the README shows it').to.equal('');
      const key = /Test key:\s+(sk_test_\S+)/.exec(run.output())?.[1];
      expect(key, run.output()).to.match(/^sk_test_[0-9A-Za-z]{32}$/);
      const res = await fetch(`${run.url}/v1/payment_intents`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ amount: 250000, currency: 'NGN' }),
      });
      expect(res.status).to.equal(201);
      // The banner's dashboard login signs in.
      const login = /Sign in as:\s+(\S+) \/ (\S+)/.exec(run.output());
      expect(login, run.output()).to.not.equal(null);
      expect(run.output()).to.include(`Dashboard:      ${run.url}/dashboard`);
      const signIn = await fetch(`${run.url}/dashboard/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: login![1], password: login![2] }),
      });
      expect(signIn.status).to.equal(201);
    } finally {
      run.child.kill('SIGTERM');
    }
    expect(await run.exit).to.equal(0);
    const pidFile = resolve('.data/test-npm-start/postgres/postmaster.pid');
    expect(existsSync(pidFile), existsSync(pidFile) ? readFileSync(pidFile, 'utf8') : '').to.equal(false);
  });

  it('runs beside another npm start of this checkout with a NAIRAFLOW_DATA_DIR of its own, each on its own embedded PostgreSQL', async () => {
    // The other one stands for a developer's own npm start, which the tests must leave alone.
    const other = await start({ DATABASE_URL: undefined, NAIRAFLOW_DATA_DIR: resolve('.data/test-npm-start/beside') });
    try {
      expect(other.output()).to.include('Database:       embedded PostgreSQL in .data/test-npm-start/beside/postgres');
      const run = await start({ DATABASE_URL: undefined });
      try {
        const keyOf = (output: string) => /Test key:\s+(sk_test_\S+)/.exec(output)?.[1];
        expect(keyOf(run.output()), 'each has its own demo merchant').to.not.equal(keyOf(other.output()));
      } finally {
        run.child.kill('SIGTERM');
      }
      expect(await run.exit, run.output()).to.equal(0);
      expect(existsSync(resolve('.data/test-npm-start/postgres/postmaster.pid')), 'the stopped one stopped its own PostgreSQL').to.equal(false);
      const stillServing = await fetch(`${other.url}/v1/payment_intents`, {
        method: 'POST',
        headers: { authorization: `Bearer ${/Test key:\s+(sk_test_\S+)/.exec(other.output())![1]}`, 'content-type': 'application/json' },
        body: JSON.stringify({ amount: 1000, currency: 'NGN' }),
      });
      expect(stillServing.status, 'the other one still serves').to.equal(201);
    } finally {
      other.child.kill('SIGTERM');
    }
    expect(await other.exit, other.output()).to.equal(0);
  });
});
