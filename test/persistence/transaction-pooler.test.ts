// The service behind a transaction pooler, as the README's Scaling out describes it: two API
// processes and a worker, each with DATABASE_URL through a real PgBouncer in transaction mode and
// DATABASE_DIRECT_URL straight to PostgreSQL. Everything a merchant does works, and everything that
// depends on the database telling the processes something (webhook wakes, key revocations, event
// streams) is as prompt as without the pooler.
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import pg from 'pg';
import { adminUrl, createTestDatabase, type TestDatabase } from '../support/database.ts';
import { CARDS, card, waitFor } from '../support/payments.ts';
import { startPgBouncer, type PgBouncer } from '../support/pgbouncer.ts';
import { refusedStart, startProcess, type StartedProcess } from '../support/processes.ts';
import { answer, startReceiver, type Receiver } from '../support/receiver.ts';
import { openEventStream } from '../support/sse.ts';

/** The dispatcher looks for work by itself at least this often; a woken one delivers far sooner. */
const DISPATCHER_IDLE_POLL_MS = 1000;

interface Answer {
  status: number;
  body: any;
  headers: Headers;
}

async function call(base: string, method: string, path: string, options: { key?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key !== undefined) headers['authorization'] = `Bearer ${options.key}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await res.text();
  return { status: res.status, body: text === '' ? null : JSON.parse(text), headers: res.headers };
}

/** The process's log lines at warn or above, but the sandbox acquirer's notice that every development start gives. */
function warnings(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .filter((line) => {
      const entry = JSON.parse(line) as { level: number; msg: string };
      return entry.level >= 40 && !entry.msg.startsWith('LIVE MODE USES THE SANDBOX ACQUIRER');
    });
}

function runCli(env: Record<string, string>, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, ['scripts/cli.ts', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  // A CLI that waits for a lock nobody will release would wait forever.
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    }),
  );
}

describe('behind PgBouncer in transaction mode (two API processes and a worker)', function () {
  this.timeout(180_000);
  let database: TestDatabase;
  let bouncer: PgBouncer;
  let receiver: Receiver;
  let env: Record<string, string>;
  let api1: StartedProcess;
  let api2: StartedProcess;
  const started: StartedProcess[] = [];
  let merchant: { test_secret_key: string; dashboard_email: string; dashboard_password: string };
  let key: string;

  before(async () => {
    bouncer = await startPgBouncer(adminUrl());
    database = await createTestDatabase('pooler');
    receiver = await startReceiver({ respond: answer(200) });
    env = {
      DATABASE_URL: bouncer.url(database.name),
      DATABASE_DIRECT_URL: database.url,
      // PgBouncer before 1.21 keeps no prepared statements.
      DATABASE_PREPARED_STATEMENTS: 'false',
      RATE_LIMIT_STORE: 'postgres',
      RATE_LIMIT_PER_MINUTE: '100000',
      PAYMENT_PROCESSING_DELAY_MS: '200',
    };
    const start = async (role: string) => {
      const run = await startProcess({ ...env, ROLE: role });
      started.push(run);
      return run;
    };
    // The first migrates; the others take the migration lock after it, and must get it.
    api1 = await start('api');
    const others = await Promise.allSettled([start('api'), start('worker')]);
    for (const other of others) if (other.status === 'rejected') throw other.reason;
    [api2] = others.map((other) => (other as PromiseFulfilledResult<StartedProcess>).value) as [StartedProcess, StartedProcess];
  });

  after(async () => {
    for (const run of started) if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
    await Promise.all(started.map((run) => run.exit));
    await receiver?.close();
    await bouncer?.stop();
    await database?.drop();
  });

  it('refuses to start through the pooler without DATABASE_DIRECT_URL, saying to set it, since nothing could listen', async () => {
    const refused = await refusedStart({ DATABASE_URL: bouncer.url(database.name), DATABASE_PREPARED_STATEMENTS: 'false' });
    expect(refused.code, refused.stdout + refused.stderr).to.equal(78);
    expect(refused.stderr.trim()).to.match(/^nairaflow: configuration error: DATABASE_URL goes through a transaction pooler, .*set DATABASE_DIRECT_URL/);
  });

  it('creates a merchant with the CLI while the service runs, whose key works on both API processes', async () => {
    const cli = await runCli(env, ['merchant', 'create', '--name', 'Pooled Shop', '--json']);
    expect(cli.code, `${cli.stderr} (after ${cli.ms} ms)`).to.equal(0);
    merchant = JSON.parse(cli.stdout);
    key = merchant.test_secret_key;
    for (const api of [api1, api2]) expect((await call(api.url!, 'GET', '/v1/balance', { key })).status).to.equal(200);
  });

  it('creates on one API process, pays on the other, and refunds', async () => {
    const created = await call(api1.url!, 'POST', '/v1/payment_intents', { key, body: { amount: 250_000, currency: 'NGN', customer: { email: 'ada@example.com' } } });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    const paid = await call(api2.url!, 'POST', `/v1/payment_intents/${created.body.id}/confirm`, {
      body: { client_secret: created.body.client_secret, method: 'card', card: card(CARDS.success) },
    });
    expect(paid.status, JSON.stringify(paid.body)).to.equal(200);
    expect(paid.body.status).to.equal('succeeded');
    const before = BigInt((await call(api2.url!, 'GET', '/v1/balance', { key })).body.available);
    const refund = await call(api1.url!, 'POST', '/v1/refunds', { key, body: { payment_intent: created.body.id, amount: 100_000 } });
    expect(refund.status, JSON.stringify(refund.body)).to.equal(201);
    expect(refund.body).to.include({ payment_intent: created.body.id, amount: '100000', status: 'succeeded' });
    const after = BigInt((await call(api2.url!, 'GET', '/v1/balance', { key })).body.available);
    expect(before - after).to.equal(100_000n);
  });

  it('delivers each payment’s webhook within moments, woken by the database rather than found by polling', async () => {
    const endpoint = await call(api1.url!, 'PUT', '/v1/webhook_endpoint', { key, body: { url: receiver.url } });
    expect(endpoint.status, JSON.stringify(endpoint.body)).to.equal(201);
    const delays: number[] = [];
    for (let i = 0; i < 5; i++) {
      // Long enough for the dispatcher to have gone back to its idle sleep.
      await new Promise((r) => setTimeout(r, DISPATCHER_IDLE_POLL_MS + 100));
      const created = await call(api1.url!, 'POST', '/v1/payment_intents', { key, body: { amount: 10_000 + i, currency: 'NGN', customer: { email: 'ada@example.com' } } });
      const paid = await call(api2.url!, 'POST', `/v1/payment_intents/${created.body.id}/confirm`, {
        body: { client_secret: created.body.client_secret, method: 'card', card: card(CARDS.success) },
      });
      expect(paid.body.status, JSON.stringify(paid.body)).to.equal('succeeded');
      const committedAt = Date.now();
      const deadline = committedAt + 10_000;
      const arrived = () =>
        receiver.received.find((r) => {
          const event = JSON.parse(r.body.toString('utf8'));
          return event.type === 'payment_intent.succeeded' && event.data.id === created.body.id;
        });
      while (arrived() === undefined && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      expect(arrived(), `the webhook of ${created.body.id}`).to.not.equal(undefined);
      delays.push(arrived()!.at - committedAt);
    }
    // Found by the idle poll, each would arrive anywhere up to a second later; woken, every one is prompt.
    expect(Math.max(...delays), `milliseconds from payment to webhook: ${delays.join(', ')}`).to.be.below(300);
  });

  it('streams a payment’s events to a client of the other API process as they happen', async () => {
    const stream = await openEventStream(api2.url!, key);
    try {
      expect(stream.status).to.equal(200);
      // The stream is open and reading before the payment is made.
      await new Promise((r) => setTimeout(r, 300));
      const created = await call(api1.url!, 'POST', '/v1/payment_intents', { key, body: { amount: 42_000, currency: 'NGN', customer: { email: 'ada@example.com' } } });
      const paid = await call(api1.url!, 'POST', `/v1/payment_intents/${created.body.id}/confirm`, {
        body: { client_secret: created.body.client_secret, method: 'card', card: card(CARDS.success) },
      });
      const paidAt = Date.now();
      expect(paid.body.status, JSON.stringify(paid.body)).to.equal('succeeded');
      // Without a wake, the stream would look only at its next heartbeat, 15 s on.
      const events = await stream.until(1, 5_000);
      const succeeded = () => stream.events.find((e) => e.event === 'payment_intent.succeeded' && JSON.parse(e.data).data.id === created.body.id);
      while (succeeded() === undefined && Date.now() - paidAt < 5_000) await new Promise((r) => setTimeout(r, 10));
      expect(succeeded(), JSON.stringify(events)).to.not.equal(undefined);
      expect(succeeded()!.at - paidAt, 'milliseconds from payment to the event on the stream').to.be.below(1000);
    } finally {
      stream.close();
    }
  });

  it('stops a rolled key on both API processes at once', async () => {
    // Both processes have the key cached.
    for (const api of [api1, api2]) for (let i = 0; i < 2; i++) expect((await call(api.url!, 'GET', '/v1/balance', { key })).status).to.equal(200);
    const signIn = await call(api1.url!, 'POST', '/dashboard/api/session', { body: { email: merchant.dashboard_email, password: merchant.dashboard_password } });
    expect(signIn.status).to.equal(201);
    const session = { cookie: /^((?:__Host-)?nf_session=[^;]+)/.exec(signIn.headers.get('set-cookie') ?? '')![1]!, 'x-csrf-token': signIn.body.csrf_token as string };
    const keys = await call(api1.url!, 'GET', '/dashboard/api/api_keys', { headers: { cookie: session.cookie } });
    const testKeyId = (keys.body.data as { id: string; livemode: boolean }[]).find((k) => !k.livemode)!.id;
    const confirmed = await call(api1.url!, 'POST', '/dashboard/api/session/password_confirmation', { headers: session, body: { password: merchant.dashboard_password } });
    expect(confirmed.status, JSON.stringify(confirmed.body)).to.equal(200);
    const rolled = await call(api1.url!, 'POST', `/dashboard/api/api_keys/${testKeyId}/roll`, { headers: session });
    expect(rolled.status, JSON.stringify(rolled.body)).to.equal(201);
    const rolledAt = Date.now();

    expect((await call(api1.url!, 'GET', '/v1/balance', { key })).status).to.equal(401);
    // The other process hears of it from the database; a cached key would otherwise be trusted for 10 s.
    let status = 0;
    while ((status = (await call(api2.url!, 'GET', '/v1/balance', { key })).status) === 200 && Date.now() - rolledAt < 5_000) {
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(status).to.equal(401);
    expect(Date.now() - rolledAt, 'milliseconds until the other API process refused the old key').to.be.below(500);
    key = rolled.body.secret;
    for (const api of [api1, api2]) expect((await call(api.url!, 'GET', '/v1/balance', { key })).status).to.equal(200);
  });

  it('says to set DATABASE_PREPARED_STATEMENTS=false when the pooler loses named prepared statements', async () => {
    const careless = await startProcess({ ...env, ROLE: 'api', DATABASE_PREPARED_STATEMENTS: 'true' });
    try {
      // Concurrent requests share few server connections: a statement named on one is soon
      // missing on, or already on, another.
      let failed = 0;
      for (let round = 0; round < 10 && failed === 0; round++) {
        const answers = await Promise.all(Array.from({ length: 12 }, () => call(careless.url!, 'GET', '/v1/balance', { key })));
        failed = answers.filter((a) => a.status === 500).length;
      }
      expect(failed, 'requests that failed on a lost prepared statement').to.be.greaterThan(0);
      // The answer can come back before the process's log line has come through its pipe.
      const hint = 'do not survive a transaction pooler (PgBouncer in transaction mode); set DATABASE_PREPARED_STATEMENTS=false';
      await waitFor('the hint in the log', async () => (careless.output().includes(hint) ? true : undefined), 5000).catch(() => undefined);
      expect(careless.output()).to.include(hint);
    } finally {
      careless.child.kill('SIGTERM');
      await careless.exit;
    }
  });

  it('leaves no migration lock held, logs no warning, and every process stops cleanly', async () => {
    const direct = new pg.Client({ connectionString: database.url });
    await direct.connect();
    try {
      const { rows } = await direct.query("select count(*)::int as held from pg_locks where locktype = 'advisory' and objid = 7240201 and database = (select oid from pg_database where datname = current_database())");
      expect(rows[0].held, 'grants of the migration lock').to.equal(0);
    } finally {
      await direct.end();
    }
    for (const run of started) {
      run.child.kill('SIGTERM');
      expect(await run.exit, run.output()).to.equal(0);
      expect(warnings(run.output()), run.output()).to.deep.equal([]);
    }
  });
});
