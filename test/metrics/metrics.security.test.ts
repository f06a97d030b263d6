import { expect } from 'chai';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { connect } from 'node:net';
import { loadContract } from '../../server/src/http/contract.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { paidIntent } from '../support/payments.ts';
import { startProcess } from '../support/processes.ts';
import { answer, startReceiver, type Receiver } from '../support/receiver.ts';
import { scrape } from '../support/metrics.ts';
import { startTestService, type TestService } from '../support/service.ts';

/** The TCP ports process `pid` listens on (Linux: its sockets' inodes among the listening ones). */
function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode !== undefined) inodes.add(inode);
    } catch {
      // closed while being read
    }
  }
  const ports = new Set<number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local_address is field 1 (ADDR:PORT in hex), st field 3 (0A = LISTEN), inode field 9.
      if (fields[3] === '0A' && inodes.has(fields[9]!)) ports.add(parseInt(fields[1]!.split(':')[1]!, 16));
    }
  }
  return [...ports].sort((a, b) => a - b);
}

describe('GET /metrics: where it is served', function () {
  this.timeout(60_000);
  let database: TestDatabase;
  before(async () => {
    database = await createTestDatabase('metrics_ports');
  });
  after(() => database.drop());

  it('listens on no port but PORT without METRICS_PORT, and on METRICS_PORT besides when it is set', async () => {
    const plain = await startProcess({ DATABASE_URL: database.url });
    try {
      const publicPort = Number(new URL(plain.url!).port);
      expect(listeningPorts(plain.child.pid!)).to.deep.equal([publicPort]);
      expect(plain.output()).to.not.include('/metrics');
    } finally {
      plain.child.kill('SIGTERM');
      await plain.exit;
    }

    const watched = await startProcess({ DATABASE_URL: database.url, METRICS_PORT: '0' });
    try {
      const publicPort = Number(new URL(watched.url!).port);
      const metricsUrl = /Metrics:\s+(http:\/\/\S+)\/metrics/.exec(watched.output())?.[1];
      expect(metricsUrl, watched.output()).to.match(/^http:\/\/127\.0\.0\.1:\d+$/);
      const metricsPort = Number(new URL(metricsUrl!).port);
      expect(listeningPorts(watched.child.pid!)).to.deep.equal([publicPort, metricsPort].sort((a, b) => a - b));
      expect((await scrape(metricsUrl!)).value('nairaflow_metrics_scrape_errors_total')).to.equal(0);
    } finally {
      watched.child.kill('SIGTERM');
      expect(await watched.exit).to.equal(0);
    }
  });
});

describe('GET /metrics: what it shows', function () {
  this.timeout(60_000);
  let svc: TestService;
  let receiver: Receiver;
  before(async () => {
    receiver = await startReceiver({ respond: answer(200) });
    svc = await startTestService('metrics_security', { METRICS_PORT: '0' });
  });
  after(async () => {
    await svc.stop();
    await receiver.close();
  });

  it('is a 404 on the public port, and the metrics port serves nothing else', async () => {
    const res = await svc.request('GET', '/metrics');
    expect(res.status).to.equal(404);
    expect(res.body.error.code).to.equal('resource_missing');
    const other = await fetch(`${svc.service.metricsUrl}/v1/balance`);
    expect(other.status).to.equal(404);
    expect(await other.text()).to.not.include('nairaflow_');
    const posted = await fetch(`${svc.service.metricsUrl}/metrics`, { method: 'POST' });
    expect(posted.status).to.equal(405);
  });

  it('never names a merchant, a key, an object, a URL or an e-mail, after traffic that carries them all', async () => {
    const shop = await svc.createMerchant('Label Shop');
    const endpoint = await svc.request('PUT', '/v1/webhook_endpoint', { key: shop.testKey, body: { url: receiver.url } });
    const intent = await paidIntent(svc, shop, 250_000, 'label-check@example.com');
    const refund = await svc.request('POST', '/v1/refunds', { key: shop.testKey, body: { payment_intent: intent.id, amount: 1000 } });
    expect(refund.status).to.equal(201);
    await receiver.waitFor(1);
    const event = JSON.parse(receiver.received[0]!.body.toString()) as { id: string };
    const session = await svc.signIn(shop);
    const requests = [
      await svc.request('GET', `/v1/payment_intents/${intent.id}`, { key: shop.testKey }),
      await svc.request('GET', `/v1/events/${event.id}`, { key: shop.testKey }),
      await svc.request('GET', `/v1/payment_intents/${intent.id}/nothing-here`, { key: shop.testKey }),
      await svc.request('GET', `/pay/${intent.client_secret}`),
      await svc.request('GET', '/dashboard/api/api_keys', { session }),
      await svc.request('GET', '/v1/balance', { key: `${shop.testKey}x` }),
    ];
    // A request Node's parser refuses (headers over 16 KB) carrying a key.
    await new Promise<void>((resolve) => {
      const socket = connect(Number(new URL(svc.url).port), '127.0.0.1', () =>
        socket.write(`GET /v1/balance HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${shop.testKey}\r\nX-Pad: ${'a'.repeat(20_000)}\r\n\r\n`),
      );
      socket.on('data', () => undefined);
      socket.on('close', () => resolve());
      socket.on('error', () => resolve());
    });

    const seen = await scrape(svc.service.metricsUrl!);
    expect(seen.value('nairaflow_http_requests_total', { operation: 'page' })).to.be.at.least(1);
    expect(seen.value('nairaflow_http_requests_total', { operation: 'unmatched' })).to.be.at.least(1);
    expect(seen.value('nairaflow_http_requests_total', { operation: 'malformed', status: '431' })).to.equal(1);
    expect(seen.value('nairaflow_http_errors_total', { code: 'request_headers_too_large' })).to.equal(1);

    const secrets = [
      shop.id, shop.testKey, shop.liveKey, shop.dashboardEmail, shop.dashboardPassword, 'label-check@example.com',
      endpoint.body.id, endpoint.body.secret, receiver.url, String(receiver.port), intent.id, intent.client_secret,
      refund.body.id, event.id, session.cookie.split('=')[1]!, session.csrfToken,
      ...requests.map((r) => r.headers.get('x-request-id')!),
    ];
    for (const [i, secret] of secrets.entries()) expect(secret, `value ${i} from the traffic`).to.be.a('string').with.length.above(4);
    for (const secret of secrets) expect(seen.text.includes(secret), `the scrape shows ${secret}`).to.equal(false);
    // And nothing that looks like one: an operation is one of the contract's or a fixed word, and
    // every other label value a short word with no run of letters and digits as long as an id's.
    const operations = new Set([...loadContract().operations.map((o) => o.operationId), 'page', 'unmatched', 'malformed']);
    for (const { name, labels } of seen.samples) {
      for (const [label, value] of Object.entries(labels)) {
        const where = `${name}{${label}="${value}"}`;
        if (label === 'operation') {
          expect(operations.has(value), where).to.equal(true);
          continue;
        }
        expect(value, where).to.match(/^[A-Za-z0-9_.+-]{0,32}$/);
        expect(value, where).to.not.match(/^(acct|pi|re|evt|att|whd|req|key|we|usr|whsec)_|^(sk|pk)_(test|live)|_secret_/);
        expect(value, where).to.not.match(/[A-Za-z0-9]{16,}/);
      }
    }
  });
});
