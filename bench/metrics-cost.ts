// What the metrics (METRICS_PORT) cost the API: create and retrieve against two API processes on
// one database, started together, one with metrics off and one with them on (scraped every 5
// seconds, three times as often as Prometheus's usual 15), in alternating turns so that a noisy
// machine slows both alike. The ratio is the median of the ratios of each pair of turns run back
// to back: a burst of load from elsewhere on the machine then moves one pair, not the figure.
import { freePort } from '../server/src/embedded-postgres/server.ts';
import { runHttp, type HttpTarget, type Run } from './measure.ts';
import { startServer, type RunningServer } from './server.ts';

export interface MetricsCostOptions {
  turns: number;
  turnSeconds: number;
  warmupSeconds: number;
  connections: number;
  /** Run before each turn (a checkpoint, so that no turn pays for another's writes). */
  beforeTurn: () => Promise<unknown>;
  /** Pools a figure's turns into one (bench.ts's `pooled`). */
  pool: (runs: Run[]) => Run;
}

export interface MetricsCostFigure {
  off: Run;
  on: Run;
  /** Requests a second with metrics on over with them off: the median of the turn pairs' ratios. */
  ratio: number;
  /** Each pair's ratio, in turn order. */
  pair_ratios: number[];
  /** The pooled turns' requests a second, on over off. */
  pooled_ratio: number;
  /** Server CPU per request with metrics on over with them off. */
  cpu_ratio: number | null;
}

export interface MetricsCost {
  scrape_interval_ms: number;
  scrapes: number;
  create: MetricsCostFigure;
  retrieve: MetricsCostFigure;
}

const SCRAPE_INTERVAL_MS = 5000;

/**
 * Both processes are new (neither is warmer from earlier runs), with `env` (the API's bench
 * settings) and METRICS_PORT on one of them; both are stopped after. `targets` makes the two
 * operations' requests to a server's origin.
 */
export async function measureMetricsCost(
  databaseUrl: string,
  env: Record<string, string>,
  targets: (origin: string) => { create: HttpTarget; retrieve: HttpTarget },
  options: MetricsCostOptions,
): Promise<MetricsCost> {
  const metricsPort = await freePort();
  const off: RunningServer = await startServer(databaseUrl, env);
  const on = await startServer(databaseUrl, { ...env, METRICS_PORT: String(metricsPort) }).catch(async (error: unknown) => {
    await off.stop();
    throw error;
  });
  let scrapes = 0;
  const scraper = setInterval(() => {
    void fetch(`http://127.0.0.1:${metricsPort}/metrics`).then(
      async (res) => {
        await res.text();
        if (res.ok) scrapes++;
      },
      () => undefined,
    );
  }, SCRAPE_INTERVAL_MS);
  try {
    const servers = { off, on };
    const measure = async (figure: 'create' | 'retrieve'): Promise<MetricsCostFigure> => {
      const runs: Record<'off' | 'on', Run[]> = { off: [], on: [] };
      // Warmed in turns too, until V8 has compiled the hot paths of both.
      for (let warm = 0; warm < 2; warm++) {
        for (const side of ['off', 'on'] as const) {
          await runHttp(targets(servers[side].url)[figure], { seconds: options.warmupSeconds, connections: options.connections });
        }
      }
      for (let turn = 0; turn < options.turns; turn++) {
        // off first in even turns, on first in odd ones: neither always runs on a warmer machine.
        for (const side of turn % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
          await options.beforeTurn();
          const server = servers[side];
          runs[side].push(await runHttp(targets(server.url)[figure], { seconds: options.turnSeconds, connections: options.connections, serverPid: server.child.pid! }));
        }
      }
      const pooledOff = options.pool(runs.off);
      const pooledOn = options.pool(runs.on);
      const cpuOff = pooledOff.cpu.server_ms_per_req;
      const cpuOn = pooledOn.cpu.server_ms_per_req;
      const pairRatios = runs.on.map((on, i) => Math.round((on.rps / runs.off[i]!.rps) * 1000) / 1000);
      return {
        off: pooledOff,
        on: pooledOn,
        ratio: median(pairRatios),
        pair_ratios: pairRatios,
        pooled_ratio: Math.round((pooledOn.rps / pooledOff.rps) * 1000) / 1000,
        cpu_ratio: cpuOff === null || cpuOn === null || cpuOff === 0 ? null : Math.round((cpuOn / cpuOff) * 1000) / 1000,
      };
    };
    const create = await measure('create');
    const retrieve = await measure('retrieve');
    return { scrape_interval_ms: SCRAPE_INTERVAL_MS, scrapes, create, retrieve };
  } finally {
    clearInterval(scraper);
    await on.stop();
    await off.stop();
  }
}

/** The middle value (the mean of the two middle ones for an even count). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : Math.round(((sorted[mid - 1]! + sorted[mid]!) / 2) * 1000) / 1000;
}
