// Throwaway databases for tests, on the PostgreSQL server chosen by scripts/test.ts
// (env NF_TEST_ADMIN_URL, a URL to its `postgres` database).
//
// Names carry the pid of the test run so that concurrent runs on one server never touch each
// other's databases: nf_test_<pid>_<label>_<random> and nf_tpl_<pid>_<key>. A run drops its own at
// the end (dropRunDatabases) and those of dead runs at the start (dropStaleTestDatabases).
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const MAX_IDENTIFIER = 63;
const NAME_PATTERN = /^nf_(test|tpl)_/;

export function adminUrl(): string {
  const url = process.env.NF_TEST_ADMIN_URL;
  if (!url) {
    throw new Error('NF_TEST_ADMIN_URL is not set: run the tests with npm test (it picks or starts a PostgreSQL).');
  }
  return url;
}

/** The id of this test run, embedded in every database name it creates. */
function runId(): string {
  return process.env.NF_TEST_RUN_ID ?? String(process.pid);
}

/** The URL of database `name` on the admin server. */
export function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = '/' + encodeURIComponent(name);
  return url.toString();
}

function sanitise(part: string): string {
  return part.toLowerCase().replace(/[^a-z0-9_]+/g, '_').replace(/_+/g, '_').replace(/^_|_$/g, '') || 'x';
}

function quoteIdent(name: string): string {
  return '"' + name.replaceAll('"', '""') + '"';
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  client.on('error', () => undefined); // e.g. the server shutting down at the end of a run
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
}

export interface TestDatabase {
  /** Database name. */
  name: string;
  /** postgres:// URL of the new database. */
  url: string;
  /** Terminates its connections and drops it. Safe to call twice. */
  drop(): Promise<void>;
}

/**
 * A brand-new empty database (or a copy of `template`, see createTemplateDatabase).
 * Call drop() in `after`; databases left over are dropped at the end of the run anyway.
 */
export async function createTestDatabase(label: string, options: { template?: string } = {}): Promise<TestDatabase> {
  const prefix = `nf_test_${runId()}_`;
  const suffix = '_' + randomBytes(5).toString('hex');
  const name = prefix + sanitise(label).slice(0, MAX_IDENTIFIER - prefix.length - suffix.length).replace(/_$/, '') + suffix;
  await withAdmin(async (client) => {
    const template = options.template ? ` TEMPLATE ${quoteIdent(options.template)}` : '';
    await client.query(`CREATE DATABASE ${quoteIdent(name)}${template}`);
  });
  let dropped: Promise<void> | undefined;
  return {
    name,
    url: databaseUrl(name),
    drop() {
      dropped ??= withAdmin((client) => dropDatabase(client, name));
      return dropped;
    },
  };
}

const templates = new Map<string, Promise<string>>();

/**
 * Creates database nf_tpl_<pid>_<key> once per process (memoised per key), runs `prepare(url)` on
 * it (e.g. applies migrations) and returns its name, for createTestDatabase(label, { template }).
 * `prepare` must close every connection it opened: PostgreSQL refuses to copy a database that
 * has open connections.
 */
export function createTemplateDatabase(key: string, prepare: (url: string) => Promise<void>): Promise<string> {
  let pending = templates.get(key);
  if (!pending) {
    pending = buildTemplate(key, prepare);
    templates.set(key, pending);
    pending.catch(() => templates.delete(key)); // a failed build may be retried
  }
  return pending;
}

async function buildTemplate(key: string, prepare: (url: string) => Promise<void>): Promise<string> {
  const name = `nf_tpl_${runId()}_${sanitise(key)}`.slice(0, MAX_IDENTIFIER);
  await withAdmin(async (client) => {
    await dropDatabase(client, name);
    await client.query(`CREATE DATABASE ${quoteIdent(name)}`);
  });
  try {
    await prepare(databaseUrl(name));
  } catch (err) {
    await withAdmin((client) => dropDatabase(client, name)).catch(() => undefined);
    throw err;
  }
  return name;
}

async function listTestDatabases(client: pg.Client): Promise<string[]> {
  const result = await client.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname ~ '^nf_(test|tpl)_' ORDER BY datname`,
  );
  return result.rows.map((row) => row.datname).filter((name) => NAME_PATTERN.test(name));
}

/** Drops every nf_test_/nf_tpl_ database of this run (called by scripts/test.ts at the end). */
export async function dropRunDatabases(): Promise<string[]> {
  const mine = new RegExp(`^nf_(test|tpl)_${runId()}_`);
  return withAdmin(async (client) => {
    const names = (await listTestDatabases(client)).filter((name) => mine.test(name));
    for (const name of names) await dropDatabase(client, name);
    return names;
  });
}

/**
 * Drops nf_test_/nf_tpl_ databases left by runs that crashed: those whose run pid is not a live
 * node process on this machine and that nobody is connected to (a run in another container, whose
 * pid this machine cannot see, keeps its service's connections open), called by scripts/test.ts
 * at the start.
 */
export async function dropStaleTestDatabases(): Promise<string[]> {
  return withAdmin(async (client) => {
    const connected = new Set(
      (await client.query<{ datname: string }>('SELECT DISTINCT datname FROM pg_stat_activity WHERE datname IS NOT NULL')).rows.map((r) => r.datname),
    );
    const stale = (await listTestDatabases(client)).filter((name) => {
      if (connected.has(name)) return false;
      const pid = Number(/^nf_(?:test|tpl)_(\d+)_/.exec(name)?.[1]);
      if (!Number.isInteger(pid) || pid <= 0) return true;
      if (String(pid) === runId()) return false;
      return !isLiveNodeProcess(pid);
    });
    for (const name of stale) await dropDatabase(client, name);
    return stale;
  });
}

function isLiveNodeProcess(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    if (/^\d+ \(.*\) Z /.test(stat)) return false; // zombie
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return true; // no /proc: trust kill(pid, 0)
  }
}
