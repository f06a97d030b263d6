// APP_ENV=production refuses settings that are only safe on a laptop, and says loudly what it runs.
import { expect } from 'chai';
import { createOrm } from '../server/src/persistence/orm.ts';
import { createMerchant } from '../server/src/domain/merchants.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { refusedStart, startProcess } from './support/processes.ts';
import { card, CARDS } from './support/payments.ts';
import { startTestService } from './support/service.ts';

describe('production', () => {
  let database: TestDatabase;
  before(async () => {
    database = await createTestDatabase('production');
  });
  after(() => database.drop());

  it('refuses WEBHOOK_ALLOW_INSECURE=true at start with one line, exit 78', async () => {
    const run = await refusedStart({ APP_ENV: 'production', DATABASE_URL: database.url, WEBHOOK_ALLOW_INSECURE: 'true' });
    expect(run.code).to.equal(78);
    expect(run.stderr.trim().split('\n')).to.have.length(1);
    expect(run.stderr).to.match(/^nairaflow: configuration error: WEBHOOK_ALLOW_INSECURE=true is refused when APP_ENV=production/);
  });

  it('refuses a live processor it does not know, naming the ones it has', async () => {
    const run = await refusedStart({ APP_ENV: 'production', DATABASE_URL: database.url, LIVE_PROCESSOR: 'acme' });
    expect(run.code).to.equal(78);
    expect(run.stderr.trim()).to.equal('nairaflow: configuration error: LIVE_PROCESSOR must be one of paystack, sandbox (got "acme")');
  });

  it('refuses the sandbox acquirer, and Paystack without its secret key, with one line, exit 78, showing no key', async () => {
    const sandbox = await refusedStart({ APP_ENV: 'production', DATABASE_URL: database.url, LIVE_PROCESSOR: 'sandbox' });
    expect(sandbox.code).to.equal(78);
    expect(sandbox.stderr.trim().split('\n')).to.have.length(1);
    expect(sandbox.stderr).to.match(/^nairaflow: configuration error: LIVE_PROCESSOR=sandbox is refused when APP_ENV=production.*APP_ENV=staging/);
    const keyless = await refusedStart({ APP_ENV: 'production', DATABASE_URL: database.url, LIVE_PROCESSOR: 'paystack' });
    expect(keyless.code).to.equal(78);
    expect(keyless.stderr.trim().split('\n')).to.have.length(1);
    expect(keyless.stderr).to.match(/^nairaflow: configuration error: PAYSTACK_SECRET_KEY is required with LIVE_PROCESSOR=paystack/);
    const publicKey = await refusedStart({ APP_ENV: 'production', DATABASE_URL: database.url, LIVE_PROCESSOR: 'paystack', PAYSTACK_SECRET_KEY: 'pk_live_0123456789abcdef' });
    expect(publicKey.code).to.equal(78);
    expect(publicKey.stderr).to.match(/^nairaflow: configuration error: PAYSTACK_SECRET_KEY must be a Paystack secret key/);
    expect(publicKey.stderr).not.to.include('0123456789abcdef');
  });

  /** A live key on the database the process uses. */
  async function liveKey(): Promise<string> {
    const orm = await createOrm({ databaseUrl: database.url, poolMax: 1 });
    try {
      return (await createMerchant(orm.em.fork(), { name: 'Live Shop', dashboardEmail: null })).liveSecretKey;
    } finally {
      await orm.close();
    }
  }

  async function payLive(url: string, key: string) {
    const created = await fetch(`${url}/v1/payment_intents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 500_000, currency: 'NGN', customer: { email: 'buyer@example.com' } }),
    });
    const intent = (await created.json()) as { id: string; client_secret: string };
    const confirmed = await fetch(`${url}/v1/payment_intents/${intent.id}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_secret: intent.client_secret, method: 'card', card: card(CARDS.otherVisa) }),
    });
    const state = await fetch(`${url}/v1/payment_intents/${intent.id}`, { headers: { authorization: `Bearer ${key}` } });
    return { confirmed: { status: confirmed.status, body: (await confirmed.json()) as any }, intent: (await state.json()) as any };
  }

  it('without LIVE_PROCESSOR, approves no live card: live payments are off, and the banner says so', async () => {
    const run = await startProcess({ APP_ENV: 'production', DATABASE_URL: database.url, LIVE_PROCESSOR: undefined });
    try {
      expect(run.output()).to.match(/Live payments: +OFF: no LIVE_PROCESSOR is set/);
      const { confirmed, intent } = await payLive(run.url!, await liveKey());
      expect(confirmed.status).to.equal(503);
      expect(confirmed.body.error.code).to.equal('service_unavailable');
      expect(confirmed.body.error.message).to.match(/live payments/i);
      expect(intent.status).to.equal('requires_authentication');
    } finally {
      run.child.kill('SIGTERM');
    }
    expect(await run.exit).to.equal(0);
  });

  it('APP_ENV=staging runs the sandbox, saying loudly in the banner and the log that it is staging and that no money moves', async () => {
    const run = await startProcess({ APP_ENV: 'staging', DATABASE_URL: database.url, LIVE_PROCESSOR: 'sandbox' });
    try {
      expect(run.output()).to.match(/Nairaflow is running \(staging, role all\)/);
      expect(run.output()).to.match(/STAGING: +production's safeguards, with the sandbox allowed/);
      expect(run.output()).to.match(/Live payments: +SANDBOX ACQUIRER: live cards are approved and no real money moves/);
      const logged = run
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line));
      expect(logged.some((line) => line.level === 40 && /sandbox acquirer/i.test(line.msg))).to.equal(true);
      expect(logged.some((line) => line.level === 40 && /^STAGING/.test(line.msg))).to.equal(true);
      const { confirmed, intent } = await payLive(run.url!, await liveKey());
      expect(confirmed.status).to.equal(200);
      expect(intent.status).to.equal('succeeded');
    } finally {
      run.child.kill('SIGTERM');
    }
    expect(await run.exit).to.equal(0);
  });
});

describe('security headers', () => {
  it('sends Strict-Transport-Security when the request came over HTTPS, and only then', async () => {
    const svc = await startTestService('hsts', { TRUST_PROXY: 'loopback' });
    try {
      for (const path of ['/v1/balance', '/dashboard', '/docs']) {
        const https = await svc.request('GET', path, { headers: { 'x-forwarded-proto': 'https' } });
        expect(https.headers.get('strict-transport-security'), path).to.equal('max-age=31536000');
        const http = await svc.request('GET', path);
        expect(http.headers.get('strict-transport-security'), path).to.equal(null);
      }
    } finally {
      await svc.stop();
    }
  });

  it('does not let /docs be framed by another site', async () => {
    const svc = await startTestService('docs_frame');
    try {
      const docs = await svc.request('GET', '/docs');
      expect(docs.headers.get('content-security-policy')).to.include("frame-ancestors 'none'");
      expect(docs.headers.get('x-frame-options')).to.equal('DENY');
    } finally {
      await svc.stop();
    }
  });
});
