// A throw-away PostgreSQL cluster of a test's own (the embedded binaries), on a fixed port so that
// it can be stopped and started again under a running service: a database restart, for real.
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import pg from 'pg';
import { freePort, startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../../server/src/embedded-postgres/server.ts';

export interface Cluster {
  /** The URL of its `nairaflow` database. */
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and removes its files. */
  destroy(): Promise<void>;
}

export async function startCluster(label: string): Promise<Cluster> {
  const dataDir = resolve('.data', `cluster-${label}-${process.pid}`);
  const port = await freePort();
  // A throw-away cluster: durability would only slow it down (commits still survive a restart,
  // which is a clean shutdown that writes everything out).
  const flags = ['-c', 'fsync=off', '-c', 'full_page_writes=off'];
  let server: EmbeddedPostgresHandle | undefined = await startEmbeddedPostgres({ dataDir, port, postgresFlags: flags });
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query('create database nairaflow');
  await admin.end();
  const url = new URL(server.url);
  url.pathname = '/nairaflow';
  return {
    url: url.toString(),
    async stop() {
      await server?.stop();
      server = undefined;
    },
    async start() {
      server ??= await startEmbeddedPostgres({ dataDir, port, postgresFlags: flags });
    },
    async destroy() {
      await server?.stop();
      server = undefined;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
