// The README's two commands are really two: on a fresh clone, `npm start` and `npm test` each work
// as the very first command, installing node_modules first (and saying so) when it is missing or
// older than package-lock.json.
import { expect } from 'chai';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';

const root = resolve(import.meta.dirname, '../..');

/** A shell's environment as on a machine where this repository was just cloned: no npm run, no test run, no project Node on PATH. */
function freshEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (/^(npm_|NF_|NAIRAFLOW_|DATABASE_URL$|PORT$|INIT_CWD$|NODE$)/i.test(name)) continue;
    env[name] = value;
  }
  env['PATH'] = (process.env['PATH'] ?? '').split(delimiter).filter((dir) => !dir.includes('node_modules')).join(delimiter);
  return { ...env, ...extra };
}

/** Command lines of the processes running in `dir` or from a file of it (Linux: /proc). */
function runningFrom(dir: string): string[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
        return cmd.includes(dir) || readlinkSync(`/proc/${pid}/cwd`).startsWith(dir) ? [cmd] : [];
      } catch {
        return [];
      }
    });
}

describe('the two README commands, first thing on a fresh clone', function () {
  this.timeout(600_000);
  let dir: string;
  let clone: string;
  let database: TestDatabase;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'nf-first-'));
    clone = join(dir, 'nairaflow');
    const cloned = spawnSync('git', ['clone', '--quiet', root, clone], { encoding: 'utf8' });
    expect(cloned.status, cloned.stderr).to.equal(0);
    database = await createTestDatabase('first_command');
  });
  after(async () => {
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('npm start installs node_modules first, says so, then serves; Ctrl-C stops all of it', async () => {
    // Its own process group, as a terminal's foreground job: Ctrl-C signals the whole group.
    const child = spawn('npm', ['start'], { cwd: clone, env: freshEnvironment({ DATABASE_URL: database.url, PORT: '0' }), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exit = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    const deadline = Date.now() + 480_000;
    while (!output.includes('Stop with Ctrl-C') && child.exitCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(output).to.include('nairaflow: node_modules is not installed: installing it first with npm ci');
    expect(output, output.slice(-3000)).to.include('Stop with Ctrl-C');
    const url = /API:\s+(http:\/\/\S+)\/v1/.exec(output)?.[1];
    expect((await fetch(`${url}/docs`)).status).to.equal(200);
    process.kill(-child.pid!, 'SIGINT');
    await exit;
    let after = 'still answering';
    for (const until = Date.now() + 20_000; after !== 'closed' && Date.now() < until; await new Promise((r) => setTimeout(r, 250))) {
      after = await fetch(`${url}/docs`).then(
        () => 'still answering',
        () => 'closed',
      );
    }
    expect(after, 'the server stopped').to.equal('closed');
    for (const until = Date.now() + 20_000; runningFrom(clone).length > 0 && Date.now() < until; ) await new Promise((r) => setTimeout(r, 250));
    expect(runningFrom(clone), 'no process of it is left').to.deep.equal([]);
  });

  it('npm test installs again when package-lock.json is newer than node_modules, then runs the tests given', () => {
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(clone, 'package-lock.json'), later, later);
    const run = spawnSync('npm', ['test', '--', 'test/ids.test.ts'], { cwd: clone, env: freshEnvironment({}), encoding: 'utf8', timeout: 480_000 });
    expect(run.stderr).to.include('nairaflow: node_modules is older than package-lock.json: installing it first with npm ci');
    expect(run.status, run.stdout.slice(-2000) + run.stderr.slice(-2000)).to.equal(0);
    expect(run.stdout.trim().split('\n').at(-1)).to.match(/^[1-9]\d* passed, 0 failed$/);
  });
});
