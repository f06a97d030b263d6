// Every query the service runs for the operations merchants use most, and for its background work,
// uses an index. A whole tour of the API and the workers runs with sequential scans all but
// forbidden to the planner (enable_seqscan = off for every connection of the service), so that a
// query with an index to use uses it whatever the tables' sizes, and then:
// - every statement the service sent is EXPLAINed: no plan reads one of our tables from end to end;
// - the tables' own counters agree (they also see inside the plpgsql functions the service calls).
// A query that scans a table takes time in proportion to its size: the service would not stay flat
// as the data grows.
import { expect } from 'chai';
import pg from 'pg';
import { expireIntents } from '../../server/src/domain/payment-intents.ts';
import { runMaintenance } from '../../server/src/jobs/maintenance.ts';
import { card, CARDS, confirm, createIntent, paidIntent, waitFor } from '../support/payments.ts';
import { answer, startReceiver, type Receiver } from '../support/receiver.ts';
import { startTestService, type TestService } from '../support/service.ts';

describe('query plans', function () {
  this.timeout(60_000);
  let svc: TestService;
  let receiver: Receiver;

  before(async () => {
    receiver = await startReceiver({ respond: answer(200) });
    svc = await startTestService(
      'query_plans',
      { PAYMENT_PROCESSING_DELAY_MS: '100', RATE_LIMIT_STORE: 'postgres' },
      {
        prepare: async (database) => {
          const admin = new pg.Client({ connectionString: database.url });
          await admin.connect();
          await admin.query(`alter database "${database.name}" set enable_seqscan = off`);
          await admin.end();
        },
      },
    );
  });
  // Every statement sent to PostgreSQL from this process while the test runs, with its first parameters.
  const statements = new Map<string, unknown[]>();
  const query = pg.Client.prototype.query;
  before(() => {
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const [first, second] = args as [unknown, unknown];
      const text = typeof first === 'string' ? first : (first as { text?: unknown } | null)?.text;
      const values = Array.isArray(second) ? second : (first as { values?: unknown[] } | null)?.values;
      if (typeof text === 'string' && !statements.has(text)) statements.set(text, values ?? []);
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
  });
  let stopped = false;
  after(async () => {
    pg.Client.prototype.query = query;
    await receiver.close();
    if (stopped) await svc.database.drop();
    else await svc.stop();
  });

  /** Each table's sequential scans in the database's life so far (a new database starts at zero). */
  async function seqScans(): Promise<Map<string, number>> {
    const client = new pg.Client({ connectionString: svc.database.url });
    await client.connect();
    try {
      await client.query('select pg_stat_clear_snapshot()');
      const { rows } = await client.query<{ relname: string; seq_scan: string }>(
        "select relname, seq_scan from pg_stat_user_tables where schemaname = 'public' and relname <> 'mikro_orm_migrations'",
      );
      return new Map(rows.map((r) => [r.relname, Number(r.seq_scan)]));
    } finally {
      await client.end();
    }
  }

  it('scans no table from end to end on a tour of the API and the workers', async () => {
    const shop = await svc.createMerchant('Indexed');
    const session = await svc.signIn(shop);
    await svc.request('PUT', '/v1/webhook_endpoint', { key: shop.testKey, body: { url: receiver.url } });
    const key = shop.testKey;
    const intent = await createIntent(svc, key, { metadata: { order: '1' } });
    await svc.request('POST', '/v1/payment_intents', { key, body: { amount: 1000, currency: 'NGN' }, headers: { 'Idempotency-Key': 'plans-1' } });
    await svc.request('POST', '/v1/payment_intents', { key, body: { amount: 1000, currency: 'NGN' }, headers: { 'Idempotency-Key': 'plans-1' } });
    await svc.request('GET', `/v1/payment_intents/${intent.id}`, { key });
    await svc.request('GET', `/v1/payment_intents/${intent.id}/checkout?client_secret=${intent.client_secret}`);
    const paid = await paidIntent(svc, shop, 300_000);
    const otp = await createIntent(svc, key);
    await confirm(svc, otp, { card: card(CARDS.otp) });
    await svc.request('POST', `/v1/payment_intents/${otp.id}/otp`, { body: { client_secret: otp.client_secret, otp: '123456' } });
    const processing = await createIntent(svc, key);
    await confirm(svc, processing, { card: card(CARDS.processingSucceeds) });
    await waitFor('the processing payment to settle', async () =>
      (await svc.request('GET', `/v1/payment_intents/${processing.id}`, { key })).body.status === 'succeeded' ? true : undefined,
    );
    await confirm(svc, await createIntent(svc, key), { card: card(CARDS.declined) });
    await svc.request('POST', `/v1/payment_intents/${(await createIntent(svc, key)).id}/cancel`, { key });
    const refund = await svc.request('POST', '/v1/refunds', { key, body: { payment_intent: paid.id, amount: 1000 }, headers: { 'Idempotency-Key': 'plans-r' } });
    await svc.request('POST', '/v1/test_helpers/top_up', { key, body: { amount: 5000 } });

    const lists = await svc.request('GET', '/v1/payment_intents?limit=2', { key });
    await svc.request('GET', `/v1/payment_intents?limit=2&starting_after=${lists.body.data[1].id}`, { key });
    await svc.request('GET', `/v1/payment_intents?limit=2&ending_before=${lists.body.data[1].id}`, { key });
    await svc.request('GET', '/v1/payment_intents?status=succeeded', { key });
    await svc.request('GET', `/v1/payment_intents/${paid.id}/attempts`, { key });
    await svc.request('GET', '/v1/refunds', { key });
    await svc.request('GET', `/v1/refunds?payment_intent=${paid.id}`, { key });
    await svc.request('GET', `/v1/refunds/${refund.body.id}`, { key });
    await svc.request('GET', '/v1/balance', { key });
    const entries = await svc.request('GET', '/v1/balance/entries?limit=2', { key });
    await svc.request('GET', `/v1/balance/entries?limit=2&starting_after=${entries.body.data[1].id}`, { key });

    const { body: test } = await svc.request('POST', '/v1/webhook_endpoint/test_event', { key });
    await waitFor('the test event to be delivered', async () =>
      (await svc.request('GET', `/v1/events/${test.id}`, { key })).body.delivery_status === 'succeeded' ? true : undefined,
    );
    const events = await svc.request('GET', '/v1/events?limit=2', { key });
    await svc.request('GET', `/v1/events?limit=2&starting_after=${events.body.data[1].id}`, { key });
    await svc.request('GET', '/v1/events?type=payment_intent.succeeded', { key });
    await svc.request('GET', `/v1/events?payment_intent=${paid.id}`, { key });
    await svc.request('GET', `/v1/events/${test.id}/deliveries`, { key });
    await svc.request('POST', `/v1/events/${test.id}/redeliver`, { key });
    await svc.request('GET', '/v1/webhook_endpoint', { key });
    await svc.request('POST', '/v1/webhook_endpoint/roll_secret', { key, body: { expires_in: 60 } });

    await svc.request('GET', '/dashboard/api/session', { session });
    await svc.request('GET', '/dashboard/api/api_keys', { session });
    await svc.request('GET', '/v1/payment_intents?limit=3', { session });

    await runMaintenance(svc.service.orm, { eventRetentionDays: 30 });
    await expireIntents(svc.service.orm.em.fork());

    // A backend reports its statistics when it ends (or some seconds after it goes idle): stop the
    // service, then count.
    await svc.service.stop();
    stopped = true;
    const counts = await seqScans();
    const scanned = [...counts].filter(([, count]) => count > 0).map(([table, count]) => `${table} (${count})`);
    expect(scanned, 'tables scanned from end to end').to.deep.equal([]);

    pg.Client.prototype.query = query;
    const tables = new Set(counts.keys());
    const client = new pg.Client({ connectionString: svc.database.url });
    await client.connect();
    const scans: string[] = [];
    let explained = 0;
    try {
      for (const [text, values] of statements) {
        if (!/^\s*(select|insert|update|delete|with)\b/i.test(text)) continue;
        const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain (format json) ${text}`, values);
        explained++;
        for (const node of planNodes(rows[0]!['QUERY PLAN'][0].Plan)) {
          if (node['Node Type'] === 'Seq Scan' && tables.has(node['Relation Name'] ?? '')) scans.push(`${node['Relation Name']}: ${text.replace(/\s+/g, ' ')}`);
        }
      }
    } finally {
      await client.end();
    }
    expect(explained, 'statements explained').to.be.greaterThan(50);
    expect(scans, 'statements whose plan reads a table from end to end').to.deep.equal([]);
  });
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function* planNodes(node: PlanNode): Generator<PlanNode> {
  yield node;
  for (const child of node.Plans ?? []) yield* planNodes(child);
}
