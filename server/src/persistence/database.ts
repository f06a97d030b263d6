import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import pg from 'pg';
import { linksToAnotherCheckout } from '../embedded-postgres/setup.ts';
import { EmbeddedPostgresSetupError, startEmbeddedPostgres } from '../embedded-postgres/server.ts';

const DATABASE_NAME = 'nairaflow';
/** How long close() lets the embedded server's sessions end by themselves before it ends them. */
const CLOSE_PATIENCE_MS = 2000;

export interface Database {
  url: string;
  /** Whether this is the embedded PostgreSQL (in the data directory's postgres/). */
  embedded: boolean;
  /** Stops the embedded server if this call started it. */
  close(): Promise<void>;
}

/** The embedded PostgreSQL's directory in `dataDir` (NAIRAFLOW_DATA_DIR). */
export const embeddedDir = (dataDir: string): string => resolve(dataDir, 'postgres');

/** `path` as a person at the terminal would write it: from the current directory when inside it. */
export function shownPath(path: string): string {
  const inside = relative(process.cwd(), path);
  return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside) ? inside : path;
}

/**
 * The database to use: DATABASE_URL when given; else the embedded PostgreSQL in `dataDir`'s
 * postgres/, started here (and stopped by close()) unless another process of ours is already
 * running it. For the commands (npm start, the CLI, db:migrate): when the embedded one cannot run
 * here for a reason the user has to fix, it ends the process with one line that says how.
 */
export async function openDatabase(databaseUrl: string | undefined, dataDir: string): Promise<Database> {
  if (databaseUrl !== undefined) return { url: databaseUrl, embedded: false, close: async () => {} };
  const running = runningEmbeddedUrl(embeddedDir(dataDir));
  if (running !== undefined) return { url: await ensureDatabase(running), embedded: true, close: async () => {} };
  const server = await startEmbeddedPostgres({ dataDir: embeddedDir(dataDir) }).catch((error: unknown) => {
    if (!(error instanceof EmbeddedPostgresSetupError)) throw error;
    console.error(`nairaflow: ${error.message}`);
    process.exit(1);
  });
  try {
    // Its owner has closed its own connections by then; whoever else is still connected (a psql
    // session, say) gets a moment to finish.
    return { url: await ensureDatabase(server.url), embedded: true, close: () => server.stop({ waitForSessionsMs: CLOSE_PATIENCE_MS }) };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

// When `npm start` already runs the embedded server, a second process (the CLI) connects to it:
// postmaster.pid names its port, and the cluster's password sits beside it.
function runningEmbeddedUrl(clusterDir: string): string | undefined {
  if (linksToAnotherCheckout(clusterDir)) return undefined; // that one is running the original's cluster
  const pidFile = resolve(clusterDir, 'postmaster.pid');
  const passwordFile = resolve(clusterDir, 'nairaflow-password');
  if (!existsSync(pidFile) || !existsSync(passwordFile)) return undefined;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  try {
    process.kill(pid, 0);
  } catch {
    return undefined;
  }
  const password = readFileSync(passwordFile, 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

async function ensureDatabase(serverUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  // A connection that drops fails the statement in flight, which reports it; unhandled, the
  // 'error' event would end the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [DATABASE_NAME]);
    if (rowCount === 0) await client.query(`create database ${DATABASE_NAME}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${DATABASE_NAME}`;
  return url.toString();
}

/** Whether a PostgreSQL answers at `url` within `timeoutMs` (for the scripts that look for one). */
export async function canConnect(url: string, timeoutMs = 2000): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
