import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../server/src/config.ts';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).to.deep.include({
      appEnv: 'development',
      databaseUrl: undefined,
      host: '127.0.0.1',
      port: 3000,
      publicBaseUrl: null,
      role: 'all',
      rateLimitPerMinute: 100,
      rateLimitStore: 'memory',
      webhookRetryBaseMs: 30_000,
      webhookMaxAttempts: 12,
      webhookTimeoutMs: 10_000,
      webhookAllowInsecure: true,
      paymentProcessingDelayMs: 3000,
      intentTtlSeconds: 86_400,
      validateResponses: true,
      logLevel: 'info',
      liveProcessor: 'sandbox',
      eventRetentionDays: 30,
    });
    expect(loadConfig({ EVENT_RETENTION_DAYS: '90' }).eventRetentionDays).to.equal(90);
  });

  it('serves no metrics unless METRICS_PORT is set, and then on 127.0.0.1 (even when HOST is public) unless METRICS_HOST says otherwise', () => {
    expect(loadConfig({})).to.deep.include({ metricsPort: null, metricsHost: '127.0.0.1' });
    expect(loadConfig({ HOST: '0.0.0.0', METRICS_PORT: '9464' })).to.deep.include({ metricsPort: 9464, metricsHost: '127.0.0.1' });
    expect(loadConfig({ HOST: '0.0.0.0', METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' })).to.deep.include({ metricsPort: 9464, metricsHost: '10.0.0.5' });
  });

  it('tightens the defaults in production', () => {
    const config = loadConfig({ APP_ENV: 'production', DATABASE_URL: 'postgres://db/nf' });
    expect(config).to.deep.include({ webhookAllowInsecure: false, validateResponses: false, liveProcessor: null });
  });

  const bad: [Record<string, string>, RegExp][] = [
    [{ PORT: 'eighty' }, /^PORT must be a whole number from 0 to 65535 \(got "eighty"\)$/],
    [{ PORT: '70000' }, /^PORT /],
    [{ APP_ENV: 'qa' }, /^APP_ENV must be one of development, staging, production/],
    [{ APP_ENV: 'staging' }, /^DATABASE_URL is required when APP_ENV=staging/],
    [{ APP_ENV: 'production' }, /^DATABASE_URL is required when APP_ENV=production/],
    [{ DATABASE_URL: 'mysql://x' }, /^DATABASE_URL must be a postgres/],
    [{ ROLE: 'web' }, /^ROLE must be one of api, worker, all/],
    [{ RATE_LIMIT_PER_MINUTE: '0' }, /^RATE_LIMIT_PER_MINUTE /],
    [{ RATE_LIMIT_PER_MINUTE: '1.5' }, /^RATE_LIMIT_PER_MINUTE /],
    [{ RATE_LIMIT_STORE: 'redis' }, /^RATE_LIMIT_STORE must be one of memory, postgres/],
    [{ WEBHOOK_ALLOW_INSECURE: 'maybe' }, /^WEBHOOK_ALLOW_INSECURE must be true or false/],
    [{ VALIDATE_RESPONSES: 'sometimes' }, /^VALIDATE_RESPONSES /],
    [{ LOG_LEVEL: 'loud' }, /^LOG_LEVEL must be one of/],
    [{ PUBLIC_BASE_URL: 'ftp://x' }, /^PUBLIC_BASE_URL must be an http/],
    [{ PUBLIC_BASE_URL: 'https://pay.example.com/some/path' }, /^PUBLIC_BASE_URL must be an http/],
    // `true` would make every client's own X-Forwarded-For its address: no rate limit would hold.
    [{ TRUST_PROXY: 'true' }, /^TRUST_PROXY=true would trust any client's X-Forwarded-For/],
    [{ TRUST_PROXY: 'TRUE' }, /^TRUST_PROXY=true would trust/],
    [{ TRUST_PROXY: 'yes' }, /^TRUST_PROXY must be a hop count \(1\) or a comma-separated list of proxy addresses or CIDRs/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /^TRUST_PROXY .*"10\.0\.0\.0\/33" is not an address or CIDR/],
    [{ TRUST_PROXY: '10.0.0.1, proxy.internal' }, /^TRUST_PROXY .*"proxy\.internal" is not an address or CIDR/],
    [{ TRUST_PROXY: '0' }, /^TRUST_PROXY must be a hop count from 1/],
    // Wide enough to mean "everyone": TRUST_PROXY=true by another name.
    [{ TRUST_PROXY: '0.0.0.0/1,128.0.0.0/1' }, /^TRUST_PROXY must name your proxies, not whole swathes of the internet: "0\.0\.0\.0\/1" is wider than \/8$/],
    [{ TRUST_PROXY: '0.0.0.0/0' }, /^TRUST_PROXY must name your proxies/],
    [{ TRUST_PROXY: '::/1,8000::/1' }, /^TRUST_PROXY must name your proxies.*wider than \/7/],
    [{ APP_ENV: 'production', DATABASE_URL: 'postgres://db/nf', WEBHOOK_ALLOW_INSECURE: 'true' }, /^WEBHOOK_ALLOW_INSECURE=true is refused when APP_ENV=production/],
    [{ EVENT_RETENTION_DAYS: '0' }, /^EVENT_RETENTION_DAYS must be a whole number from 1 to 3650 \(got "0"\)$/],
    [{ LIVE_PROCESSOR: 'acme' }, /^LIVE_PROCESSOR must be one of paystack, sandbox \(got "acme"\)$/],
    [{ APP_ENV: 'production', DATABASE_URL: 'postgres://db/nf', LIVE_PROCESSOR: 'sandbox' }, /^LIVE_PROCESSOR=sandbox is refused when APP_ENV=production/],
    [{ LIVE_PROCESSOR: 'paystack' }, /^PAYSTACK_SECRET_KEY is required with LIVE_PROCESSOR=paystack/],
    [{ LIVE_PROCESSOR: 'paystack', PAYSTACK_SECRET_KEY: 'pk_live_abc' }, /^PAYSTACK_SECRET_KEY must be a Paystack secret key .*not shown/],
    [{ LIVE_PROCESSOR: 'paystack', PAYSTACK_SECRET_KEY: 'sk_live_abc', PAYSTACK_BASE_URL: 'api.paystack.co' }, /^PAYSTACK_BASE_URL must be an http/],
    [{ LIVE_PROCESSOR: 'paystack', PAYSTACK_SECRET_KEY: 'sk_live_abc', PAYSTACK_TIMEOUT_MS: '0' }, /^PAYSTACK_TIMEOUT_MS must be a whole number/],
    [{ METRICS_PORT: 'prometheus' }, /^METRICS_PORT must be a whole number from 0 to 65535 \(got "prometheus"\)$/],
    [{ METRICS_PORT: '70000' }, /^METRICS_PORT /],
    // The metrics are for the people who run the service, never for whoever reaches the API.
    [{ PORT: '8080', METRICS_PORT: '8080' }, /^METRICS_PORT must differ from PORT \(8080\)/],
    [{ METRICS_PORT: '3000' }, /^METRICS_PORT must differ from PORT \(3000\)/],
    [{ DATABASE_URL: 'postgres://pooler/nf', DATABASE_DIRECT_URL: 'db:5432' }, /^DATABASE_DIRECT_URL must be a postgres/],
    // Without DATABASE_URL the embedded database is used, with no pooler for it to bypass.
    [{ DATABASE_DIRECT_URL: 'postgres://db/nf' }, /^DATABASE_DIRECT_URL is only used with DATABASE_URL/],
  ];
  for (const [env, message] of bad) {
    it(`refuses ${JSON.stringify(env)} naming the variable`, () => {
      expect(() => loadConfig(env)).to.throw(ConfigError, message);
    });
  }

  it('takes DATABASE_DIRECT_URL beside DATABASE_URL, and leaves it unset (DATABASE_URL serves for both) when not given', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://pooler:6432/nf', DATABASE_DIRECT_URL: 'postgres://db:5432/nf' })).to.deep.include({
      databaseUrl: 'postgres://pooler:6432/nf',
      databaseDirectUrl: 'postgres://db:5432/nf',
    });
    expect(loadConfig({ DATABASE_URL: 'postgres://db:5432/nf' }).databaseDirectUrl).to.equal(undefined);
  });

  it('keeps npm start\'s own files in the checkout\'s .data unless NAIRAFLOW_DATA_DIR names another directory', () => {
    expect(loadConfig({}).dataDir).to.equal(resolve(import.meta.dirname, '../.data'));
    expect(loadConfig({ NAIRAFLOW_DATA_DIR: '/srv/nairaflow' }).dataDir).to.equal('/srv/nairaflow');
    expect(loadConfig({ NAIRAFLOW_DATA_DIR: 'elsewhere' }).dataDir).to.equal(resolve(process.cwd(), 'elsewhere'));
  });

  it('accepts a hop count or a list of proxy addresses and CIDRs for TRUST_PROXY', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).to.equal(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7 ,fd00::/8' }).trustProxy).to.deep.equal(['10.0.0.0/8', '192.168.1.7', 'fd00::/8']);
    expect(loadConfig({ TRUST_PROXY: 'loopback,uniquelocal' }).trustProxy).to.deep.equal(['loopback', 'uniquelocal']);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).to.equal(undefined);
  });

  it('stops the process at start with one line naming the variable', () => {
    const run = spawnSync(process.execPath, ['server/src/main.ts'], {
      env: { ...process.env, PORT: 'eighty', DATABASE_URL: 'postgres://127.0.0.1:1/none' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).to.equal(78);
    expect(run.stderr.trim().split('\n')).to.deep.equal([
      'nairaflow: configuration error: PORT must be a whole number from 0 to 65535 (got "eighty")',
    ]);
  });
});
