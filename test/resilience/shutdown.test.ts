// Stopping and killing the service under load. SIGTERM: what was accepted completes, answers
// after the signal say Connection: close, idle keep-alive connections close at once and the
// process exits 0 as soon as its work is done. SIGKILL in the middle of payments: after a restart
// the ledger is whole and every payment's event is delivered. Ctrl-C at the terminal, which
// signals every process of npm start's job: a quiet stop, exit 0.
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { resolve } from 'node:path';
import pg from 'pg';
import { CARDS, card } from '../support/payments.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { startProcess, type StartedProcess } from '../support/processes.ts';
import { answer, startReceiver, type Receiver } from '../support/receiver.ts';
import { openEventStream } from '../support/sse.ts';

const keyOf = (run: StartedProcess) => /Test key:\s+(sk_test_\S+)/.exec(run.output())![1]!;

describe('stopping the service under load', function () {
  this.timeout(120_000);
  let database: TestDatabase;

  before(async () => {
    database = await createTestDatabase('shutdown');
  });
  after(() => database.drop());

  it('on SIGTERM finishes accepted requests, says Connection: close, drops idle connections at once and exits 0 promptly', async () => {
    const run = await startProcess({ DATABASE_URL: database.url, RATE_LIMIT_PER_MINUTE: '100000' });
    const key = keyOf(run);
    const { hostname, port } = new URL(run.url!);

    // An idle keep-alive connection: it has had its answer and waits for nothing.
    const agent = new Agent({ keepAlive: true });
    const idle = await new Promise<Socket>((resolve, reject) => {
      const req = request({ host: hostname, port, path: '/v1/balance', agent, headers: { authorization: `Bearer ${key}` } }, (res) => {
        res.resume();
        res.on('end', () => resolve(req.socket as Socket));
      });
      req.on('error', reject);
      req.end();
    });
    let idleClosedAt = 0;
    idle.on('close', () => (idleClosedAt = Date.now()));

    // An accepted request whose body is still on its way when the signal comes.
    const body = JSON.stringify({ amount: 250_000, currency: 'NGN' });
    const slow = connect(Number(port), hostname);
    await new Promise((resolve) => slow.once('connect', resolve));
    let slowAnswer = '';
    slow.on('data', (chunk) => (slowAnswer += chunk));
    const slowDone = new Promise((resolve) => slow.on('close', resolve));
    slow.write(
      `POST /v1/payment_intents HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${key}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );

    // Load on keep-alive connections all along.
    let loading = true;
    const answers: { at: number; status: number; connection: string | null }[] = [];
    const busy = new Agent({ keepAlive: true, maxSockets: 4 });
    const load = Promise.all(
      Array.from({ length: 4 }, async () => {
        while (loading) {
          const res = await new Promise<{ status: number; connection: string | null } | null>((resolve) => {
            const req = request(
              { host: hostname, port, path: '/v1/payment_intents?limit=3', agent: busy, headers: { authorization: `Bearer ${key}` } },
              (r) => {
                r.resume();
                r.on('end', () => resolve({ status: r.statusCode ?? 0, connection: r.headers.connection ?? null }));
              },
            );
            req.on('error', () => resolve(null)); // refused: the server no longer listens
            req.end();
          });
          if (res === null) break;
          answers.push({ at: Date.now(), ...res });
        }
      }),
    );
    await new Promise((r) => setTimeout(r, 500));

    const signalledAt = Date.now();
    run.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    slow.write(body.slice(10));
    await slowDone;
    const code = await run.exit;
    const exitedAt = Date.now();
    loading = false;
    await load;
    agent.destroy();
    busy.destroy();

    expect(code, run.output()).to.equal(0);
    expect(exitedAt - signalledAt, 'seconds from SIGTERM to exit').to.be.below(3000);
    expect(idleClosedAt, 'the idle connection was closed').to.be.greaterThan(0);
    expect(idleClosedAt - signalledAt).to.be.below(500);
    expect(slowAnswer).to.match(/^HTTP\/1\.1 201 /);
    expect(slowAnswer.toLowerCase()).to.include('connection: close');
    const after = answers.filter((a) => a.at > signalledAt + 50);
    for (const a of answers) expect(a.status).to.equal(200);
    for (const a of after) expect(a.connection).to.equal('close');
  });
});

describe('stopping the service with a connection that has sent nothing yet', function () {
  this.timeout(60_000);
  let database: TestDatabase;
  before(async () => {
    database = await createTestDatabase('unused_connection');
  });
  after(() => database.drop());

  // Browsers and load balancers open connections ahead of the requests they may carry.
  it('closes it and exits 0 promptly, instead of waiting for it', async () => {
    const run = await startProcess({ DATABASE_URL: database.url });
    const { hostname, port } = new URL(run.url!);
    const unused = connect(Number(port), hostname);
    await new Promise((resolve) => unused.once('connect', resolve));
    let closedAt = 0;
    unused.on('close', () => (closedAt = Date.now()));
    unused.on('error', () => undefined);
    const signalledAt = Date.now();
    run.child.kill('SIGTERM');
    expect(await run.exit, run.output()).to.equal(0);
    expect(Date.now() - signalledAt, 'milliseconds from SIGTERM to exit').to.be.below(3000);
    expect(closedAt, 'the connection was closed').to.be.greaterThan(0);
  });
});

describe('killing the service in the middle of payments', function () {
  this.timeout(120_000);
  let database: TestDatabase;
  let receiver: Receiver;

  before(async () => {
    database = await createTestDatabase('sigkill');
    receiver = await startReceiver({ respond: answer(200) });
  });
  after(async () => {
    await receiver.close();
    await database.drop();
  });

  it('leaves a whole ledger, and every succeeded payment gets its event after a restart', async () => {
    const env = { DATABASE_URL: database.url, RATE_LIMIT_PER_MINUTE: '100000', WEBHOOK_TIMEOUT_MS: '2000' };
    const first = await startProcess(env);
    const key = keyOf(first);
    const call = async (url: string, method: string, path: string, body?: unknown) => {
      const res = await fetch(`${url}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as any };
    };
    expect((await call(first.url!, 'PUT', '/v1/webhook_endpoint', { url: receiver.url })).status).to.equal(201);

    // Payments as fast as three clients can make them, and SIGKILL in the middle.
    let paying = true;
    const pay = async () => {
      while (paying) {
        try {
          const intent = await call(first.url!, 'POST', '/v1/payment_intents', { amount: 250_000, currency: 'NGN', customer: { email: 'ada@example.com' } });
          await call(first.url!, 'POST', `/v1/payment_intents/${intent.body.id}/confirm`, {
            client_secret: intent.body.client_secret,
            method: 'card',
            card: card(CARDS.success),
          });
        } catch {
          return; // the process is gone
        }
      }
    };
    const clients = Promise.all([pay(), pay(), pay()]);
    await new Promise((r) => setTimeout(r, 1500));
    first.child.kill('SIGKILL');
    await first.exit;
    paying = false;
    await clients;

    const verify = spawnSync(process.execPath, ['scripts/cli.ts', 'ledger', 'verify'], { env: { ...process.env, DATABASE_URL: database.url }, encoding: 'utf8' });
    expect(verify.status, verify.stdout + verify.stderr).to.equal(0);

    const second = await startProcess(env);
    try {
      const succeeded: string[] = [];
      for (let page = await call(second.url!, 'GET', '/v1/payment_intents?limit=100&status=succeeded'); ; ) {
        succeeded.push(...page.body.data.map((pi: any) => pi.id));
        if (!page.body.has_more) break;
        page = await call(second.url!, 'GET', `/v1/payment_intents?limit=100&status=succeeded&starting_after=${succeeded.at(-1)}`);
      }
      expect(succeeded.length).to.be.greaterThan(5);
      const deadline = Date.now() + 30_000;
      const arrived = () => new Set(receiver.received.map((r) => JSON.parse(r.body.toString('utf8')).data.id as string));
      while (succeeded.some((id) => !arrived().has(id)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect(succeeded.filter((id) => !arrived().has(id)), 'payments whose event never arrived').to.deep.equal([]);
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exit).to.equal(0);
    }
  });
});

describe('a database that ends every session at once', function () {
  this.timeout(60_000);
  let database: TestDatabase;
  before(async () => {
    database = await createTestDatabase('sessions_ended');
  });
  after(() => database.drop());

  it('costs the service no more than warnings: it carries on, answers again, and still stops with exit 0', async () => {
    const run = await startProcess({ DATABASE_URL: database.url, RATE_LIMIT_PER_MINUTE: '100000' });
    const key = keyOf(run);
    // Every kind of connection the service holds: its pools' idle ones, and the LISTEN ones of the
    // key cache, the event streams and the webhook dispatcher.
    const streams = await Promise.all(Array.from({ length: 2 }, () => openEventStream(run.url!, key)));
    await Promise.all(Array.from({ length: 20 }, () => fetch(`${run.url}/v1/balance`, { headers: { authorization: `Bearer ${key}` } })));
    await new Promise((r) => setTimeout(r, 500));
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const { rows } = await admin.query('select count(pg_terminate_backend(pid))::int as ended from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
      expect(rows[0].ended).to.be.greaterThan(3);
    } finally {
      await admin.end();
    }
    await new Promise((r) => setTimeout(r, 1500));
    expect(run.child.exitCode, run.output()).to.equal(null);
    expect((await fetch(`${run.url}/v1/balance`, { headers: { authorization: `Bearer ${key}` } })).status).to.equal(200);
    for (const stream of streams) stream.close();
    const signalledAt = Date.now();
    run.child.kill('SIGTERM');
    expect(await run.exit, run.output()).to.equal(0);
    expect(Date.now() - signalledAt, 'milliseconds from SIGTERM to exit').to.be.below(3000);
    // After the banner, nothing but log lines: no "Unhandled 'error' event", no stack trace.
    const afterBanner = run.output().slice(run.output().indexOf('Stop with Ctrl-C.')).split('\n').slice(1);
    expect(afterBanner.filter((line) => line.trim() !== '' && !line.startsWith('{')), run.output()).to.deep.equal([]);
  });
});

describe('Ctrl-C at the terminal (npm start with the embedded PostgreSQL)', function () {
  this.timeout(120_000);

  /** Every line the process wrote once it began shutting down, but the line saying so. */
  const afterShutdown = (output: string): string[] => {
    const start = output.indexOf('"msg":"shutting down"');
    expect(start, output).to.be.greaterThan(-1);
    return output
      .slice(output.indexOf('\n', start) + 1)
      .split('\n')
      .filter((line) => line.trim() !== '');
  };
  /** A line at warn or above, or anything that is not a log line (a stack trace). */
  const noisy = (line: string): boolean => {
    try {
      return (JSON.parse(line) as { level: number }).level >= 40;
    } catch {
      return true;
    }
  };
  const embeddedPid = resolve(process.env.NAIRAFLOW_DATA_DIR ?? '.data', 'postgres/postmaster.pid');

  it('stops quietly and exits 0, every time: no warning, no error, no stack trace (three in a row)', async () => {
    for (let i = 0; i < 3; i++) {
      const run = await startProcess({ DATABASE_URL: undefined }, { terminal: true });
      const key = keyOf(run);
      for (let n = 0; n < 5; n++) {
        expect((await fetch(`${run.url}/v1/balance`, { headers: { authorization: `Bearer ${key}` } })).status).to.equal(200);
      }
      // The workers and pg-boss have started their rounds.
      await new Promise((r) => setTimeout(r, 1000));
      run.ctrlC();
      expect(await run.exit, run.output()).to.equal(0);
      expect(afterShutdown(run.output()).filter(noisy), run.output()).to.deep.equal([]);
      expect(existsSync(embeddedPid), 'the embedded PostgreSQL was stopped').to.equal(false);
    }
  });

  it('stops quietly with event streams open and idle connections in the pools', async () => {
    const run = await startProcess({ DATABASE_URL: undefined }, { terminal: true });
    const key = keyOf(run);
    const streams = await Promise.all(Array.from({ length: 4 }, () => openEventStream(run.url!, key)));
    for (const stream of streams) expect(stream.status).to.equal(200);
    // Many requests at once: the pool opens connections that then sit idle.
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => fetch(`${run.url}/v1/payment_intents?limit=3`, { headers: { authorization: `Bearer ${key}` } }).then((res) => res.status)),
    );
    expect(new Set(answers)).to.deep.equal(new Set([200]));
    await new Promise((r) => setTimeout(r, 1500));
    run.ctrlC();
    expect(await run.exit, run.output()).to.equal(0);
    expect(afterShutdown(run.output()).filter(noisy), run.output()).to.deep.equal([]);
    for (const stream of streams) expect(stream.ended, 'the stream was ended by the server').to.equal(true);
    expect(existsSync(embeddedPid), 'the embedded PostgreSQL was stopped').to.equal(false);
  });
});
