import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';
import { answer, startReceiver, type Receiver } from '../support/receiver.ts';
import { waitFor } from '../support/payments.ts';
import { appendToRunLog } from '../support/run-log.ts';

/** A worker process of its own (ROLE=worker), as a deployment runs them. */
// The timeout is long enough for all of a test's attempts to be in flight together before the
// worker is killed, and short enough that pg-boss soon sees the killed worker's jobs expire.
async function startWorker(databaseUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['server/src/main.ts'], {
    env: { ...process.env, ROLE: 'worker', DATABASE_URL: databaseUrl, LOG_LEVEL: 'info', WEBHOOK_TIMEOUT_MS: '5000', WEBHOOK_RETRY_BASE_MS: '60000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  child.on('exit', () => appendToRunLog(output));
  await waitFor('the worker to start', async () => (output.includes('Nairaflow is running') ? true : undefined), 20_000);
  return child;
}

const stop = (child: ChildProcess, signal: NodeJS.Signals) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });

const eventIdOf = (body: Buffer): string => JSON.parse(body.toString('utf8')).id;

describe('webhook workers', function () {
  this.timeout(90_000);
  let svc: TestService;
  let shop: TestMerchant;
  let receiver: Receiver;
  const workers: ChildProcess[] = [];

  before(async () => {
    // This process only serves the API; the deliveries are the worker processes' job.
    svc = await startTestService('webhook_workers', { ROLE: 'api' });
    shop = await svc.createMerchant('Workers');
    receiver = await startReceiver();
    await svc.request('PUT', '/v1/webhook_endpoint', { key: shop.testKey, body: { url: receiver.url } });
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => stop(w, 'SIGTERM')));
  });
  after(async () => {
    await receiver.close();
    await svc.stop();
  });

  const testEvents = async (count: number): Promise<string[]> => {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push((await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: shop.testKey })).body.id);
    return ids;
  };
  const statusOf = async (id: string) => (await svc.request('GET', `/v1/events/${id}`, { key: shop.testKey })).body;

  it('makes an attempt again when the worker making it is killed (SIGKILL): every event arrives', async () => {
    receiver.received.length = 0;
    const first = await startWorker(svc.database.url);
    workers.push(first);
    // A healthy endpoint (one delivery has succeeded) gets several attempts in flight at once.
    const [warmUp] = await testEvents(1);
    await waitFor('the first delivery', async () => ((await statusOf(warmUp!)).delivery_status === 'succeeded' ? true : undefined));
    receiver.received.length = 0;
    // The first worker's attempts hang: the endpoint never answers them.
    let hanging = true;
    receiver.respond = (_r, _i, res) => {
      if (!hanging) res.writeHead(200).end('ok');
    };
    const ids = await testEvents(3);
    await receiver.waitFor(3);
    await stop(first, 'SIGKILL');
    hanging = false;
    workers.push(await startWorker(svc.database.url));
    for (const id of ids) {
      const event = await waitFor(`event ${id} to be delivered`, async () => {
        const e = await statusOf(id);
        return e.delivery_status === 'succeeded' ? e : undefined;
      }, 60_000);
      expect(event.attempts).to.equal(1);
    }
    const arrived = new Set(receiver.received.map((r) => eventIdOf(r.body)));
    for (const id of ids) expect(arrived.has(id), id).to.equal(true);
    for (const id of ids) {
      const log = (await svc.request('GET', `/v1/events/${id}/deliveries`, { key: shop.testKey })).body.data;
      expect(log, 'the interrupted attempt is taken over, not duplicated').to.have.length(1);
      expect(log[0]).to.include({ attempt: 1, response_status: 200 });
    }
  });

  it('sends each attempt once when two worker processes share the queue', async () => {
    receiver.received.length = 0;
    receiver.respond = answer(200);
    workers.push(await startWorker(svc.database.url), await startWorker(svc.database.url));
    const ids = await testEvents(20);
    await receiver.waitFor(20, 30_000);
    for (const id of ids) {
      await waitFor(`event ${id}`, async () => ((await statusOf(id)).delivery_status === 'succeeded' ? true : undefined));
    }
    await new Promise((r) => setTimeout(r, 1000));
    const counts = new Map<string, number>();
    for (const r of receiver.received) counts.set(eventIdOf(r.body), (counts.get(eventIdOf(r.body)) ?? 0) + 1);
    expect([...counts.keys()].sort()).to.deep.equal([...ids].sort());
    expect([...counts.values()].every((n) => n === 1)).to.equal(true);
  });
});
