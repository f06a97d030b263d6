// The service over a PostgreSQL that restarts: a real cluster of the test's own is stopped for
// about 5 seconds while clients create and pay intents, then started again. No process exits,
// every answer during the outage comes quickly as 503 in the one error shape, and everything
// resumes by itself once the database is back.
import { expect } from 'chai';
import { CARDS, card } from '../support/payments.ts';
import { startCluster, type Cluster } from '../support/cluster.ts';
import { startProcess, type StartedProcess } from '../support/processes.ts';
import { answer, startReceiver, type Receiver } from '../support/receiver.ts';

interface Answer {
  path: string;
  sentAt: number;
  ms: number;
  status: number;
  body: any;
  requestId: string | null;
}

describe('a PostgreSQL restart', function () {
  this.timeout(180_000);
  let cluster: Cluster;
  let service: StartedProcess;
  let receiver: Receiver;
  let key: string;

  before(async () => {
    cluster = await startCluster('restart');
    receiver = await startReceiver({ respond: answer(200) });
    service = await startProcess({
      DATABASE_URL: cluster.url,
      PAYMENT_PROCESSING_DELAY_MS: '200',
      WEBHOOK_RETRY_BASE_MS: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
      LOG_LEVEL: 'warn',
    });
    key = /Test key:\s+(sk_test_\S+)/.exec(service.output())![1]!;
    const set = await call('PUT', '/v1/webhook_endpoint', { url: receiver.url });
    expect(set.status, JSON.stringify(set.body)).to.equal(201);
  });
  after(async () => {
    service?.child.kill('SIGKILL');
    await receiver?.close();
    await cluster?.destroy();
  });

  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const sentAt = Date.now();
    try {
      const res = await fetch(`${service.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
      const text = await res.text();
      return { path, sentAt, ms: Date.now() - sentAt, status: res.status, body: text === '' ? null : JSON.parse(text), requestId: res.headers.get('x-request-id') };
    } catch (error) {
      return { path, sentAt, ms: Date.now() - sentAt, status: 0, body: { transport: String(error) }, requestId: null };
    }
  }

  it('answers 503 quickly during the outage, recovers by itself, and loses nothing', async () => {
    const answers: Answer[] = [];
    const created = new Map<string, string>(); // idempotency key -> intent id
    let stopAt = 0;
    let restartedAt = 0;
    let running = true;
    let n = 0;

    // Clients creating and paying intents all along, each create with its own Idempotency-Key.
    const client = async () => {
      while (running) {
        const idempotencyKey = `order-${++n}`;
        const made = await call('POST', '/v1/payment_intents', { amount: 250_000, currency: 'NGN', customer: { email: 'ada@example.com' } }, { 'Idempotency-Key': idempotencyKey });
        answers.push(made);
        if (made.status === 201) {
          created.set(idempotencyKey, made.body.id);
          const paid = await call('POST', `/v1/payment_intents/${made.body.id}/confirm`, {
            client_secret: made.body.client_secret,
            method: 'card',
            card: card(CARDS.success),
          });
          answers.push(paid);
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const clients = Promise.all([client(), client(), client()]);

    await new Promise((r) => setTimeout(r, 2000));
    stopAt = Date.now();
    await cluster.stop();
    // A create sent during the outage, and retried with its key after it.
    const duringOutage = await call('POST', '/v1/payment_intents', { amount: 777_700, currency: 'NGN' }, { 'Idempotency-Key': 'across-the-outage' });
    await new Promise((r) => setTimeout(r, 5000 - (Date.now() - stopAt)));
    await cluster.start();
    restartedAt = Date.now();

    // Within 10 s the service answers again, with no restart of its own.
    let recoveredAt = 0;
    while (Date.now() - restartedAt < 10_000) {
      const probe = await call('GET', '/v1/balance');
      if (probe.status === 200) {
        recoveredAt = Date.now();
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 2000));
    running = false;
    await clients;

    expect(recoveredAt, 'the service answered 200 again within 10 s of the restart').to.be.greaterThan(0);
    expect(service.child.exitCode, service.output()).to.equal(null);

    const outage = answers.filter((a) => a.sentAt >= stopAt && a.sentAt < restartedAt);
    expect(outage.length, 'requests sent during the outage').to.be.greaterThan(10);
    for (const a of [...answers, duringOutage]) {
      expect(a.status, `${a.path}: ${JSON.stringify(a.body)}`).to.not.equal(0);
      expect(a.status, `${a.path}: ${JSON.stringify(a.body)}`).to.be.below(500 + (a.status === 503 ? 100 : 0));
      expect(a.ms, `${a.path} answered in ${a.ms} ms`).to.be.at.most(5000);
      if (a.status >= 400) {
        expect(a.status).to.equal(503);
        expect(a.body.error.code).to.equal('service_unavailable');
        expect(a.body.error.request_id).to.equal(a.requestId);
        expect(a.requestId).to.match(/^req_/);
      }
    }
    expect(outage.filter((a) => a.status === 503).length).to.be.greaterThan(0);
    expect(duringOutage.status).to.equal(503);

    // Every 201 given is still there, and paid if it was paid.
    for (const [, id] of created) expect((await call('GET', `/v1/payment_intents/${id}`)).status, id).to.equal(200);
    const paidIds = answers.filter((a) => a.path.endsWith('/confirm') && a.status === 200 && a.body.status === 'succeeded').map((a) => a.path.split('/')[3]!);
    for (const id of paidIds) expect((await call('GET', `/v1/payment_intents/${id}`)).body.status, id).to.equal('succeeded');

    // The key sent during the outage makes exactly one intent once the database is back.
    const retried = await call('POST', '/v1/payment_intents', { amount: 777_700, currency: 'NGN' }, { 'Idempotency-Key': 'across-the-outage' });
    expect(retried.status).to.equal(201);
    const again = await call('POST', '/v1/payment_intents', { amount: 777_700, currency: 'NGN' }, { 'Idempotency-Key': 'across-the-outage' });
    expect(again.body.id).to.equal(retried.body.id);
    const list = await call('GET', '/v1/payment_intents?limit=100');
    expect(list.body.data.filter((pi: any) => pi.amount === '777700')).to.have.length(1);

    // The workers resumed: every succeeded payment's event reaches the endpoint.
    const deadline = Date.now() + 30_000;
    const arrived = () => new Set(receiver.received.map((r) => JSON.parse(r.body.toString('utf8')).data.id as string));
    while (paidIds.some((id) => !arrived().has(id)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(paidIds.filter((id) => !arrived().has(id)), 'payments whose event never arrived').to.deep.equal([]);

    // The outage is a few log lines, not one per request or per poll: each warning at most a few
    // times (once when it begins, then once every 5 seconds, with how many it stands for).
    const warnings = new Map<string, number>();
    for (const line of service.output().split('\n')) {
      if (!line.startsWith('{')) continue;
      const entry = JSON.parse(line) as { level: number; msg: string };
      if (entry.level >= 40) warnings.set(entry.msg, (warnings.get(entry.msg) ?? 0) + 1);
    }
    console.log(`      warnings: ${JSON.stringify(Object.fromEntries(warnings))}`);
    for (const [msg, times] of warnings) expect(times, msg).to.be.at.most(4);

    const longest = Math.max(...outage.map((a) => a.ms), duringOutage.ms);
    console.log(
      `      outage: ${outage.length} requests during ${((restartedAt - stopAt) / 1000).toFixed(1)} s, longest answer ${longest} ms; ` +
        `recovered ${((recoveredAt - restartedAt) / 1000).toFixed(1)} s after the restart; ${created.size} intents created, ${paidIds.length} paid`,
    );
  });
});
