// Every environment variable the service reads, parsed and validated once at start-up.
// A bad value stops the process with one line naming the variable and the problem.
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { PAYSTACK_BASE_URL } from './domain/processor/paystack/client.ts';

export type AppEnv = 'development' | 'staging' | 'production';
export type Role = 'api' | 'worker' | 'all';
export type RateLimitStore = 'memory' | 'postgres';

export interface Config {
  appEnv: AppEnv;
  databaseUrl: string | undefined;
  /**
   * DATABASE_DIRECT_URL: the same database without a transaction pooler in between, for what needs
   * a session of its own (LISTEN, the migrations and their lock). Undefined: DATABASE_URL is direct.
   */
  databaseDirectUrl: string | undefined;
  /**
   * NAIRAFLOW_DATA_DIR: what `npm start` keeps for itself without DATABASE_URL, the embedded
   * PostgreSQL (its postgres/ directory) and the demo merchant's login. Default: the checkout's .data.
   */
  dataDir: string;
  host: string;
  port: number;
  /** PUBLIC_BASE_URL; null: the address the HTTP server listens on (known once it listens). */
  publicBaseUrl: string | null;
  role: Role;
  rateLimitPerMinute: number;
  rateLimitStore: RateLimitStore;
  /** TRUST_PROXY: how many proxies, or which addresses, may tell us the client's address. */
  trustProxy: number | string[] | undefined;
  webhookRetryBaseMs: number;
  webhookMaxAttempts: number;
  webhookTimeoutMs: number;
  webhookAllowInsecure: boolean;
  webhookCaFile: string | undefined;
  /** Attempts in flight to one endpoint at most, across every worker process. */
  webhookEndpointConcurrency: number;
  /** Attempts in flight in one worker process at most. */
  webhookWorkerConcurrency: number;
  /** An endpoint whose deliveries all fail for this many days is disabled. */
  webhookDisableAfterDays: number;
  /** DNS servers for endpoints' host names, instead of the system's (WEBHOOK_DNS_SERVERS). */
  webhookDnsServers: string[] | undefined;
  paymentProcessingDelayMs: number;
  intentTtlSeconds: number;
  validateResponses: boolean;
  logLevel: string;
  /**
   * LIVE_PROCESSOR: who takes live-mode card payments. `paystack`: Paystack (PAYSTACK_SECRET_KEY);
   * `sandbox` approves every card that is not a test card without moving money (development and
   * staging only); null: live payments are refused.
   */
  liveProcessor: 'paystack' | 'sandbox' | null;
  /** Paystack's settings, with LIVE_PROCESSOR=paystack; null otherwise. */
  paystack: { secretKey: string; baseUrl: string; timeoutMs: number } | null;
  /**
   * PROCESSOR_CHECK_DELAY_MS: how long after a live charge was left pending (or its answer was
   * lost) the processor is first asked about it; then twice as long each time, up to an hour.
   * Paystack asks for at least 10 seconds.
   */
  processorCheckDelayMs: number;
  /** LIVE_SETTLEMENT_DAYS: days a live payment's net stays pending, unless the processor reports it settled sooner. */
  liveSettlementDays: number;
  /** DASHBOARD_RATE_LIMIT_PER_MINUTE: requests a dashboard user's sessions may make a minute (instead of counting per address). */
  dashboardRateLimitPerMinute: number;
  /** DASHBOARD_IDLE_TIMEOUT_SECONDS: a dashboard session with no request for this long has ended. */
  dashboardIdleTimeoutSeconds: number;
  /** TEST_PAYOUT_DELAY_SECONDS: how long a test-mode payout takes to reach the bank. */
  testPayoutDelaySeconds: number;
  /** EVENT_RETENTION_DAYS: events and their delivery attempts are kept this many days. */
  eventRetentionDays: number;
  /**
   * DATABASE_PREPARED_STATEMENTS: the hot statements are named prepared statements, parsed and
   * planned once per connection. Off for a pooler that cannot keep them (PgBouncer in transaction
   * mode before 1.21, or without max_prepared_statements).
   */
  preparedStatements: boolean;
  /** Failed payment attempts (declines, wrong OTPs) after which an intent is canceled. */
  maxFailedAttemptsPerIntent: number;
  /** Failed payment attempts from one client address, over all intents, in any hour. */
  maxFailedAttemptsPerClient: number;
  /** METRICS_PORT: where GET /metrics (Prometheus) is served, never on PORT; null: not served. */
  metricsPort: number | null;
  /**
   * METRICS_HOST: the address the metrics server listens on; 127.0.0.1 unless set, whatever HOST
   * is, so that a service on a public address does not show its metrics to everyone by default.
   */
  metricsHost: string;
}

export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** The checkout's .data directory, wherever the process starts. */
const DEFAULT_DATA_DIR = resolve(import.meta.dirname, '../../.data');

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function loadConfig(env: Env = process.env): Config {
  const read = (name: string): string | undefined => {
    const value = env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  };

  const appEnv = oneOf(read, 'APP_ENV', ['development', 'staging', 'production'] as const, 'development');
  // Staging is production's safeguards with the sandbox allowed: everything but live money is as in production.
  const production = appEnv !== 'development';
  const databaseUrl = read('DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL', 'must be a postgres:// or postgresql:// URL');
  }
  if (production && databaseUrl === undefined) {
    throw new ConfigError('DATABASE_URL', `is required when APP_ENV=${appEnv} (the embedded database is for development only)`);
  }
  const databaseDirectUrl = read('DATABASE_DIRECT_URL');
  if (databaseDirectUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseDirectUrl)) {
    throw new ConfigError('DATABASE_DIRECT_URL', 'must be a postgres:// or postgresql:// URL');
  }
  if (databaseDirectUrl !== undefined && databaseUrl === undefined) {
    throw new ConfigError('DATABASE_DIRECT_URL', 'is only used with DATABASE_URL (it bypasses the pooler DATABASE_URL goes through); set both, or neither for the embedded database');
  }

  const webhookAllowInsecure = boolean(read, 'WEBHOOK_ALLOW_INSECURE', !production);
  if (production && webhookAllowInsecure) {
    throw new ConfigError(
      'WEBHOOK_ALLOW_INSECURE=true',
      `is refused when APP_ENV=${appEnv}: it would let webhooks go to http:// URLs and to private addresses inside your network`,
    );
  }
  // Live money never moves by default: outside development the operator names the processor.
  const liveProcessor = read('LIVE_PROCESSOR') === undefined ? (production ? null : 'sandbox') : oneOf(read, 'LIVE_PROCESSOR', ['paystack', 'sandbox'] as const, 'sandbox');
  if (appEnv === 'production' && liveProcessor === 'sandbox') {
    throw new ConfigError(
      'LIVE_PROCESSOR=sandbox',
      'is refused when APP_ENV=production: the sandbox approves live cards and moves no money; use LIVE_PROCESSOR=paystack, or APP_ENV=staging for a staging deployment',
    );
  }
  const paystack = liveProcessor === 'paystack' ? paystackSettings(read) : null;

  const host = read('HOST') ?? '127.0.0.1';
  const port = integer(read, 'PORT', 3000, 0, 65535);
  const metricsPort = read('METRICS_PORT') === undefined ? null : integer(read, 'METRICS_PORT', 0, 0, 65535);
  if (metricsPort !== null && metricsPort !== 0 && metricsPort === port) {
    throw new ConfigError('METRICS_PORT', `must differ from PORT (${port}): /metrics is never served on the public port`);
  }
  const publicBaseUrl = read('PUBLIC_BASE_URL')?.replace(/\/+$/, '') ?? null;
  if (publicBaseUrl !== null && !/^https?:\/\/[^/]+$/.test(publicBaseUrl)) {
    throw new ConfigError('PUBLIC_BASE_URL', 'must be an http:// or https:// origin, such as https://pay.example.com');
  }

  return {
    appEnv,
    databaseUrl,
    databaseDirectUrl,
    dataDir: resolve(read('NAIRAFLOW_DATA_DIR') ?? DEFAULT_DATA_DIR),
    host,
    port,
    publicBaseUrl,
    role: oneOf(read, 'ROLE', ['api', 'worker', 'all'] as const, 'all'),
    rateLimitPerMinute: integer(read, 'RATE_LIMIT_PER_MINUTE', 100, 1, 1_000_000),
    rateLimitStore: oneOf(read, 'RATE_LIMIT_STORE', ['memory', 'postgres'] as const, 'memory'),
    trustProxy: trustProxy(read('TRUST_PROXY')),
    webhookRetryBaseMs: integer(read, 'WEBHOOK_RETRY_BASE_MS', 30_000, 1, 86_400_000),
    webhookMaxAttempts: integer(read, 'WEBHOOK_MAX_ATTEMPTS', 12, 1, 50),
    webhookTimeoutMs: integer(read, 'WEBHOOK_TIMEOUT_MS', 10_000, 1, 600_000),
    webhookAllowInsecure,
    webhookCaFile: read('WEBHOOK_CA_FILE'),
    webhookEndpointConcurrency: integer(read, 'WEBHOOK_ENDPOINT_CONCURRENCY', 5, 1, 100),
    webhookWorkerConcurrency: integer(read, 'WEBHOOK_WORKER_CONCURRENCY', 200, 1, 10_000),
    webhookDisableAfterDays: integer(read, 'WEBHOOK_DISABLE_AFTER_DAYS', 5, 1, 60),
    webhookDnsServers: dnsServers(read('WEBHOOK_DNS_SERVERS')),
    paymentProcessingDelayMs: integer(read, 'PAYMENT_PROCESSING_DELAY_MS', 3000, 0, 3_600_000),
    intentTtlSeconds: integer(read, 'INTENT_TTL_SECONDS', 86_400, 1, 30 * 86_400),
    validateResponses: boolean(read, 'VALIDATE_RESPONSES', !production),
    logLevel: oneOf(read, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    liveProcessor,
    paystack,
    processorCheckDelayMs: integer(read, 'PROCESSOR_CHECK_DELAY_MS', 10_000, 100, 3_600_000),
    liveSettlementDays: integer(read, 'LIVE_SETTLEMENT_DAYS', 1, 0, 30),
    testPayoutDelaySeconds: integer(read, 'TEST_PAYOUT_DELAY_SECONDS', 10, 0, 86_400),
    dashboardRateLimitPerMinute: integer(read, 'DASHBOARD_RATE_LIMIT_PER_MINUTE', 600, 1, 1_000_000),
    dashboardIdleTimeoutSeconds: integer(read, 'DASHBOARD_IDLE_TIMEOUT_SECONDS', 1800, 1, 12 * 3600),
    eventRetentionDays: integer(read, 'EVENT_RETENTION_DAYS', 30, 1, 3650),
    preparedStatements: boolean(read, 'DATABASE_PREPARED_STATEMENTS', true),
    maxFailedAttemptsPerIntent: integer(read, 'MAX_FAILED_ATTEMPTS_PER_INTENT', 5, 1, 100),
    maxFailedAttemptsPerClient: integer(read, 'MAX_FAILED_ATTEMPTS_PER_CLIENT', 20, 1, 100_000),
    metricsPort,
    metricsHost: read('METRICS_HOST') ?? '127.0.0.1',
  };
}

/** PAYSTACK_SECRET_KEY (required), PAYSTACK_BASE_URL and PAYSTACK_TIMEOUT_MS, with LIVE_PROCESSOR=paystack. The key is never shown. */
function paystackSettings(read: (n: string) => string | undefined): NonNullable<Config['paystack']> {
  const secretKey = read('PAYSTACK_SECRET_KEY');
  if (secretKey === undefined) {
    throw new ConfigError('PAYSTACK_SECRET_KEY', 'is required with LIVE_PROCESSOR=paystack: your secret key from the Paystack dashboard (Settings, API Keys & Webhooks)');
  }
  if (/^pk_/.test(secretKey) || /\s/.test(secretKey)) {
    throw new ConfigError('PAYSTACK_SECRET_KEY', 'must be a Paystack secret key (sk_live_... or sk_test_...), not a public key (pk_...); the value is not shown here');
  }
  const baseUrl = (read('PAYSTACK_BASE_URL') ?? PAYSTACK_BASE_URL).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/?#]+$/.test(baseUrl)) {
    throw new ConfigError('PAYSTACK_BASE_URL', `must be an http:// or https:// origin, such as ${PAYSTACK_BASE_URL}`);
  }
  return { secretKey, baseUrl, timeoutMs: integer(read, 'PAYSTACK_TIMEOUT_MS', 30_000, 100, 120_000) };
}

function oneOf<const T extends string>(read: (n: string) => string | undefined, name: string, allowed: readonly T[], fallback: T): T {
  const value = read(name);
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new ConfigError(name, `must be one of ${allowed.join(', ')} (got "${value}")`);
  }
  return value as T;
}

function integer(read: (n: string) => string | undefined, name: string, fallback: number, min: number, max: number): number {
  const value = read(name);
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new ConfigError(name, `must be a whole number from ${min} to ${max} (got "${value}")`);
  }
  return Number(value);
}

function boolean(read: (n: string) => string | undefined, name: string, fallback: boolean): boolean {
  const value = read(name)?.toLowerCase();
  if (value === undefined) return fallback;
  if (['true', '1', 'yes'].includes(value)) return true;
  if (['false', '0', 'no'].includes(value)) return false;
  throw new ConfigError(name, `must be true or false (got "${value}")`);
}

// express's own presets, each a list of addresses (see proxy-addr).
const PROXY_PRESETS = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: a hop count (the client's address is that many proxies back in X-Forwarded-For)
 * or the proxies' addresses and CIDRs. `true` (trust whoever connects) is refused: a client could
 * then name its own address in X-Forwarded-For and step around every per-client limit.
 */
function trustProxy(value: string | undefined): Config['trustProxy'] {
  if (value === undefined || value.toLowerCase() === 'false') return undefined;
  if (value.toLowerCase() === 'true') {
    throw new ConfigError(
      'TRUST_PROXY=true',
      "would trust any client's X-Forwarded-For (a client could pick its own address and escape the rate limits); " +
        'give the number of proxies in front of the service (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.0/8)',
    );
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops < 1 || hops > 10) throw new ConfigError('TRUST_PROXY', `must be a hop count from 1 to 10, or proxy addresses (got "${value}")`);
    return hops;
  }
  const entries = value.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  if (entries.length === 0 || !entries.some((entry) => /[.:/]/.test(entry) || PROXY_PRESETS.includes(entry))) {
    throw new ConfigError('TRUST_PROXY', `must be a hop count (1) or a comma-separated list of proxy addresses or CIDRs (got "${value}")`);
  }
  for (const entry of entries) {
    if (!PROXY_PRESETS.includes(entry) && !isAddressOrCidr(entry)) {
      throw new ConfigError('TRUST_PROXY', `must list proxy addresses or CIDRs: "${entry}" is not an address or CIDR`);
    }
    const [address, prefix] = entry.split('/');
    const family = isIP(address ?? '') as 0 | 4 | 6;
    if (family !== 0 && prefix !== undefined && Number(prefix) < SHORTEST_PREFIX[family]) {
      throw new ConfigError(
        'TRUST_PROXY',
        `must name your proxies, not whole swathes of the internet: "${entry}" is wider than /${SHORTEST_PREFIX[family]}`,
      );
    }
  }
  return entries;
}

function isAddressOrCidr(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * The shortest prefixes a proxy list may hold: wider ranges (0.0.0.0/1 and 128.0.0.0/1 together
 * are everyone) would make TRUST_PROXY=true by another name. 10.0.0.0/8 and fc00::/7 (private)
 * are as wide as proxies come.
 */
const SHORTEST_PREFIX = { 4: 8, 6: 7 } as const;

/** WEBHOOK_DNS_SERVERS: addresses, each maybe with a port (`10.0.0.2`, `127.0.0.1:5353`, `[::1]:53`). */
function dnsServers(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const servers = value.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  for (const server of servers) {
    const host = server.replace(/^\[(.*)\](:\d+)?$/, '$1').replace(/^([^:]+):\d+$/, '$1');
    if (isIP(host) === 0) throw new ConfigError('WEBHOOK_DNS_SERVERS', `must list IP addresses, each maybe with a port: "${server}" is not one`);
  }
  return servers;
}
