// The service's metrics, for the people who run it: GET /metrics in Prometheus's text format, on
// a port of its own (METRICS_PORT), never on the public one. Each process has its own registry
// and shows what it does: an API process its requests, a worker its deliveries and the queues
// (read from the database at each scrape), every process its pools and its own Node figures.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import type { Logger } from 'pino';
import { collectDefaultMetrics, Registry } from 'prom-client';
import type { Role } from '../config.ts';
import type { ErrorCode } from '../domain/errors.ts';
import type { Boss } from '../jobs/boss.ts';
import type { Orm } from '../persistence/orm.ts';
import { deliveryMetrics, type AttemptObserver } from './delivery-metrics.ts';
import { httpMetrics, type HttpObserver } from './http-metrics.ts';
import { poolMetrics, queueMetrics, type NamedPool } from './database-metrics.ts';

export interface Metrics {
  /** For the HTTP server (undefined in the worker role). */
  http: HttpObserver | undefined;
  /** For the webhook dispatcher (undefined in the api role). */
  onAttempt: AttemptObserver | undefined;
  /** Serves GET /metrics on `port` and `host`; answers its origin. */
  listen(port: number, host: string): Promise<string>;
  close(): Promise<void>;
}

export interface MetricsOptions {
  role: Role;
  orm: Orm;
  boss: Boss;
  log: Logger;
  /** Every error code an answer can carry, each counted from 0 so that a rate can be taken from the start. */
  errorCodes: readonly ErrorCode[];
}

export async function createMetrics({ role, orm, boss, log, errorCodes }: MetricsOptions): Promise<Metrics> {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const ormPool = (await orm.em.getConnection().getNativeClient()) as pg.Pool;
  const pools: NamedPool[] = [{ name: 'orm', pool: ormPool }];
  // pg-boss keeps its pool on its database adapter, which its types do not show: read it only
  // when it is the node-postgres pool it has been (a pg-boss that changes it just loses the figure).
  const jobsPool = (boss.getDb() as { pool?: unknown }).pool;
  if (isPool(jobsPool)) pools.push({ name: 'jobs', pool: jobsPool });
  poolMetrics(registry, pools);
  const http = role === 'worker' ? undefined : httpMetrics(registry, errorCodes);
  const onAttempt = role === 'api' ? undefined : deliveryMetrics(registry);
  // The queues are the same for every process: read by the workers only, so that an API
  // process's scrape never costs the database a count.
  const readQueues = role === 'api' ? undefined : queueMetrics(registry, ormPool, log);

  const answer = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found. The metrics are at /metrics.\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Only GET and HEAD.\n');
      return;
    }
    try {
      await readQueues?.();
      const body = await registry.metrics();
      res.writeHead(200, { 'content-type': registry.contentType }).end(body);
    } catch (error) {
      log.error({ err: error }, 'metrics: could not answer a scrape');
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('The metrics could not be collected; see the log.\n');
    }
  };

  let server: Server | undefined;
  return {
    http,
    onAttempt,
    async listen(port, host) {
      server = createServer((req, res) => void answer(req, res));
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(port, host, resolve);
      });
      const address = server.address() as AddressInfo;
      return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
    },
    async close() {
      if (server === undefined) return;
      const closed = new Promise<void>((resolve) => server!.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}

const isPool = (value: unknown): value is pg.Pool =>
  typeof value === 'object' && value !== null && typeof (value as pg.Pool).totalCount === 'number' && typeof (value as pg.Pool).idleCount === 'number';
