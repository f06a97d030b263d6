// Process entry: `npm start`. Roles: api (HTTP), worker (jobs) or all. Without DATABASE_URL an
// embedded PostgreSQL in .data/postgres (NAIRAFLOW_DATA_DIR's postgres/) is started, and stopped
// again on exit.
import { resolve } from 'node:path';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { ensureDemoMerchant, type DemoMerchant } from './demo.ts';
import { sha256Hex } from './ids.ts';
import { createLogger } from './log.ts';
import { embeddedDir, openDatabase, shownPath } from './persistence/database.ts';
import { startService } from './service.ts';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`nairaflow: configuration error: ${error.message}`);
  process.exit(78); // EX_CONFIG
}

const log = createLogger({ level: config.logLevel, pretty: config.appEnv === 'development' && process.stdout.isTTY });

if (config.databaseUrl === undefined) log.info(`DATABASE_URL is not set: using the embedded PostgreSQL in ${shownPath(embeddedDir(config.dataDir))}`);
const database = await openDatabase(config.databaseUrl, config.dataDir);
const service = await startService({ config: { ...config, databaseUrl: database.url }, log }).catch(async (error: unknown) => {
  const taken = portInUse(error);
  if (error instanceof ConfigError) console.error(`nairaflow: configuration error: ${error.message}`);
  else if (taken !== undefined) console.error(`nairaflow: ${taken}`);
  else log.fatal({ err: error }, 'could not start');
  await database.close();
  process.exit(error instanceof ConfigError ? 78 : 1); // EX_CONFIG
});

// Handlers go in before the banner: whoever reads the banner may signal at once.
let shuttingDown = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (shuttingDown) return;
    shuttingDown = true;
    log.info({ signal }, 'shutting down');
    const hardStop = setTimeout(() => process.exit(1), 30_000);
    hardStop.unref();
    void (async () => {
      try {
        await service.stop();
        await database.close();
        process.exit(0);
      } catch (error) {
        log.error({ err: error }, 'unclean shutdown');
        process.exit(1);
      }
    })();
  });
}

let demo: DemoMerchant | null = null;
if (config.appEnv === 'development' && service.url !== undefined) {
  demo = await ensureDemoMerchant(service.orm.em.fork(), resolve(config.dataDir, demoFileName(database)));
}
printBanner(service.url, demo);

/** What to tell the person at the terminal when a port it asked for is taken (a second npm start, say). */
function portInUse(error: unknown): string | undefined {
  const e = error as { code?: string; port?: number; address?: string };
  if (e?.code !== 'EADDRINUSE') return undefined;
  const variable = e.port === config.metricsPort ? 'METRICS_PORT' : 'PORT';
  return `port ${e.port} on ${e.address} is already in use (another npm start?): stop that one, or set ${variable} to a free port.`;
}

// One demo file per database: the embedded one, or each DATABASE_URL (without its password).
function demoFileName(db: { url: string; embedded: boolean }): string {
  if (db.embedded) return 'demo-merchant.json';
  const url = new URL(db.url);
  url.password = '';
  return `demo-merchant-${sha256Hex(url.toString()).slice(0, 12)}.json`;
}

function printBanner(url: string | undefined, demoMerchant: DemoMerchant | null): void {
  const lines = [`Nairaflow is running (${config.appEnv}, role ${config.role}).`];
  if (url !== undefined) {
    lines.push(
      `  API:            ${url}/v1`,
      `  Dashboard:      ${url}/dashboard`,
      `  API reference:  ${url}/docs`,
      `  Contract:       ${url}/openapi.yaml`,
    );
  }
  lines.push(`  Database:       ${database.embedded ? `embedded PostgreSQL in ${shownPath(embeddedDir(config.dataDir))}` : 'DATABASE_URL'}`);
  if (service.metricsUrl !== undefined) lines.push(`  Metrics:        ${service.metricsUrl}/metrics`);
  if (config.appEnv === 'staging') lines.push("  STAGING:        production's safeguards, with the sandbox allowed; not for real money (APP_ENV=staging)");
  lines.push(
    config.liveProcessor === 'paystack'
      ? `  Live payments:  PAYSTACK (${config.paystack!.baseUrl}); its webhook URL: ${config.publicBaseUrl ?? url ?? '(PUBLIC_BASE_URL)'}/processor_webhooks/paystack`
      : config.liveProcessor === 'sandbox'
        ? '  Live payments:  SANDBOX ACQUIRER: live cards are approved and no real money moves (LIVE_PROCESSOR=sandbox)'
        : '  Live payments:  OFF: no LIVE_PROCESSOR is set, so live-mode card payments are refused',
  );
  if (demoMerchant !== null) {
    const key = demoMerchant.testSecretKey;
    lines.push(
      `  Demo merchant:  ${demoMerchant.name} (${demoMerchant.merchantId})`,
      `  Sign in as:     ${demoMerchant.dashboardEmail} / ${demoMerchant.dashboardPassword}`,
      `  Test key:       ${key ?? '(rolled in the dashboard; the new one was shown there)'}`,
    );
    if (key !== null) {
      lines.push(
        '',
        `  Try it:  curl -s ${url}/v1/payment_intents -H "Authorization: Bearer ${key}" \\`,
        `             -H "Content-Type: application/json" -d '{"amount": 250000, "currency": "NGN"}'`,
      );
    }
  } else if (url !== undefined) {
    lines.push('  Create a merchant: npm run cli -- merchant create --name "My Shop" --json');
  }
  lines.push('  Stop with Ctrl-C.');
  // The banner is for the person at the terminal, not the log.
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}
