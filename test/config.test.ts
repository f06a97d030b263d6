import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
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
    });
  });

  it('tightens the defaults in production', () => {
    const config = loadConfig({ APP_ENV: 'production', DATABASE_URL: 'postgres://db/nf' });
    expect(config).to.deep.include({ webhookAllowInsecure: false, validateResponses: false });
  });

  const bad: [Record<string, string>, RegExp][] = [
    [{ PORT: 'eighty' }, /^PORT must be a whole number from 0 to 65535 \(got "eighty"\)$/],
    [{ PORT: '70000' }, /^PORT /],
    [{ APP_ENV: 'staging' }, /^APP_ENV must be one of development, production/],
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
  ];
  for (const [env, message] of bad) {
    it(`refuses ${JSON.stringify(env)} naming the variable`, () => {
      expect(() => loadConfig(env)).to.throw(ConfigError, message);
    });
  }

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
