// A PgBouncer of the test's own in transaction mode, in front of the test PostgreSQL: the
// connection pooler a deployment puts between many service processes and one database. It is
// Debian's `pgbouncer` package (the version the README names); a machine without it fails the
// tests that need it with a message saying what to install.
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { createInterface } from 'node:readline';
import { freePort } from '../../server/src/embedded-postgres/server.ts';
import { postgresUser } from '../../server/src/embedded-postgres/setup.ts';

/**
 * How many server connections PgBouncer keeps per database: fewer than the service's processes
 * ask for together, so that their statements really do share connections.
 */
export const POOL_SIZE = 8;

export interface PgBouncer {
  /** The URL of `database` through the pooler. */
  url(database: string): string;
  /** Every line PgBouncer logged. */
  log: string[];
  stop(): Promise<void>;
}

/** Where Debian installs it (sbin: not on every user's PATH), else whatever PATH finds. */
function pgbouncerBinary(): string {
  const candidates = ['/usr/sbin/pgbouncer', ...(process.env.PATH ?? '').split(delimiter).filter(Boolean).map((dir) => join(dir, 'pgbouncer'))];
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not there
    }
  }
  throw new Error(
    'PgBouncer is not installed here, and this test runs the service through a real one: ' +
      'install Debian\'s package "pgbouncer" (sudo apt-get install pgbouncer), as .ci/run does.',
  );
}

/** Starts PgBouncer (transaction pooling) in front of the PostgreSQL server of `serverUrl`. */
export async function startPgBouncer(serverUrl: string): Promise<PgBouncer> {
  const binary = pgbouncerBinary();
  const server = new URL(serverUrl);
  const port = await freePort();
  // Readable by the user it runs as: PgBouncer refuses to run as root (see below).
  const dir = mkdtempSync(join(tmpdir(), 'nairaflow-pgbouncer-'));
  chmodSync(dir, 0o755);
  const target = [
    `host=${server.hostname}`,
    `port=${server.port || '5432'}`,
    `user=${decodeURIComponent(server.username) || 'postgres'}`,
    ...(server.password === '' ? [] : [`password=${decodeURIComponent(server.password)}`]),
  ].join(' ');
  const ini = join(dir, 'pgbouncer.ini');
  writeFileSync(
    ini,
    [
      '[databases]',
      // Every database name, to the same server, as the test server's user.
      `* = ${target}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      // Clients are not checked: the server login above is what counts (a throw-away pooler on 127.0.0.1).
      'auth_type = any',
      'pool_mode = transaction',
      `default_pool_size = ${POOL_SIZE}`,
      'max_client_conn = 1000',
      'logfile =',
      'pidfile =',
      '',
    ].join('\n'),
    { mode: 0o644 },
  );

  // As root, PgBouncer runs as the user postgres (made when missing, as for the embedded PostgreSQL).
  const args = postgresUser() === undefined ? [ini] : ['-u', 'postgres', ini];
  const child: ChildProcess = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const log: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`pgbouncer exited (${code}) before it listened:\n${log.join('\n')}`));
    child.once('exit', onExit);
    child.once('error', reject);
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
        log.push(line);
        if (line.includes('process up')) {
          child.off('exit', onExit);
          resolve();
        }
      });
    }
  }).catch((error: unknown) => {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  });

  return {
    url: (database) => `postgres://${encodeURIComponent(decodeURIComponent(server.username) || 'postgres')}@127.0.0.1:${port}/${encodeURIComponent(database)}`,
    log,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM'); // immediate shutdown: the test is over
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
