import { expect } from 'chai';
import { connect } from 'node:net';
import pg from 'pg';
import { EVENT_STREAM_CHANNEL, eventStreamKey } from '../../server/src/persistence/notifications.ts';
import { recordEvent } from '../../server/src/domain/events.ts';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';
import { paidIntent } from '../support/payments.ts';
import { readFrames } from '../support/sse.ts';

interface StreamedEvent {
  id: string;
  event: string;
  data: string;
}

/** A Server-Sent Events reader over fetch: the frames as they arrive. */
async function openStream(svc: TestService, key: string, options: { lastEventId?: string; type?: string; since?: string } = {}) {
  const controller = new AbortController();
  const headers: Record<string, string> = { authorization: `Bearer ${key}`, accept: 'text/event-stream' };
  if (options.lastEventId !== undefined) headers['last-event-id'] = options.lastEventId;
  const query = new URLSearchParams();
  if (options.type !== undefined) query.set('type', options.type);
  if (options.since !== undefined) query.set('since', options.since);
  const res = await fetch(`${svc.url}/v1/events/stream${query.size === 0 ? '' : `?${query}`}`, { headers, signal: controller.signal });
  const events: StreamedEvent[] = [];
  const frames: string[] = [];
  /** Ids sent without data: the stream's starting position. */
  const positions: string[] = [];
  let ended = false;
  const waiters = new Set<() => void>();
  if (res.ok) {
    readFrames(
      res,
      (frame, fields) => {
        frames.push(frame);
        if (fields['id'] !== undefined && fields['data'] !== undefined) events.push({ id: fields['id'], event: fields['event']!, data: fields['data'] });
        else if (fields['id'] !== undefined) positions.push(fields['id']);
        for (const wake of waiters) wake();
      },
      () => {
        ended = true;
        for (const wake of waiters) wake();
      },
    );
  }
  return {
    res,
    events,
    frames,
    positions,
    get ended() {
      return ended;
    },
    /** Waits until at least `n` events have arrived (or the stream ended, or 10 s passed). */
    async until(n: number, timeoutMs = 10_000): Promise<StreamedEvent[]> {
      const deadline = Date.now() + timeoutMs;
      while (events.length < n && !ended && Date.now() < deadline) {
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
          setTimeout(wake, 50);
        });
      }
      return events;
    },
    close: () => controller.abort(),
  };
}

async function waitUntil(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** `n` events of `type` written in one statement (one transaction), created a day ago: a backlog. */
async function seedEvents(db: pg.Client, merchantId: string, livemode: boolean, type: string, n: number): Promise<void> {
  await db.query(
    `with made as (
       select 'evt_' || left(md5($1 || $2::boolean::text || $3 || g), 24) as id, g from generate_series(1, $4::int) g
     )
     insert into events (id, merchant_id, livemode, type, payload, created_at)
     select id, $1, $2, $3,
            json_build_object('id', id, 'type', $3::text, 'created', 1767261792, 'livemode', $2::boolean, 'data', json_build_object('n', g))::text,
            now() - interval '1 day' + g * interval '1 ms'
       from made`,
    [merchantId, livemode, type, n],
  );
}

/** The rows a plan read from the events table: those it kept and those its filters threw away. */
function eventRowsRead(node: PlanNode): number {
  const own = node['Relation Name'] === 'events' ? (node['Actual Rows']! + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) * node['Actual Loops']! : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + eventRowsRead(child), 0);
}

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

describe('GET /v1/events/stream', () => {
  let svc: TestService;
  let shop: TestMerchant;

  before(async () => {
    svc = await startTestService('event_stream');
    shop = await svc.createMerchant('Stream Co');
  });
  after(() => svc.stop());

  const testEvent = async (key: string) => {
    const res = await svc.request('POST', '/v1/webhook_endpoint/test_event', { key });
    expect(res.status, res.text).to.equal(201);
    return res.body.id as string;
  };

  it('sends each event as it is committed, as the exact bytes a delivery sends, in its own mode only', async () => {
    const merchant = await svc.createMerchant('Modes');
    await svc.request('PUT', '/v1/webhook_endpoint', { key: merchant.testKey, body: { url: 'http://127.0.0.1:9/hook' } });
    const before = await testEvent(merchant.testKey);
    const test = await openStream(svc, merchant.testKey);
    const live = await openStream(svc, merchant.liveKey);
    expect(test.res.status).to.equal(200);
    expect(test.res.headers.get('content-type')).to.match(/^text\/event-stream/);
    expect(test.res.headers.get('nairaflow-version')).to.equal('2026-11-27');

    const intent = await paidIntent(svc, merchant);
    const streamed = await test.until(1);
    expect(streamed.map((e) => e.event)).to.deep.equal(['payment_intent.succeeded']);
    expect(streamed.map((e) => e.id)).not.to.include(before);
    const [stored] = await svc.service.orm.em.fork().execute<{ payload: string }[]>('select payload from events where id = ?', [streamed[0]!.id]);
    expect(streamed[0]!.data).to.equal(stored!.payload);
    expect(JSON.parse(streamed[0]!.data)).to.include({ type: 'payment_intent.succeeded', livemode: false });
    expect(JSON.parse(streamed[0]!.data).data.id).to.equal(intent.id);
    expect(test.frames[0]).to.equal('retry: 2000');

    // The live stream saw nothing of it; a live event reaches it, and not the test stream.
    await paidIntent(svc, merchant, 250_000, 'ada@example.com', true);
    const [liveEvent] = await live.until(1);
    expect(JSON.parse(liveEvent!.data).livemode).to.equal(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(test.events).to.have.length(1);
    test.close();
    live.close();
  });

  it('resumes after Last-Event-ID with every event committed meanwhile, in order, none twice', async () => {
    const merchant = await svc.createMerchant('Resume');
    const first = await openStream(svc, merchant.testKey);
    const a = await testEvent(merchant.testKey);
    await first.until(1);
    first.close();
    const missed = [await testEvent(merchant.testKey), await testEvent(merchant.testKey), await testEvent(merchant.testKey)];
    const resumed = await openStream(svc, merchant.testKey, { lastEventId: a });
    expect((await resumed.until(3)).map((e) => e.id)).to.deep.equal(missed);
    const later = await testEvent(merchant.testKey);
    expect((await resumed.until(4)).map((e) => e.id)).to.deep.equal([...missed, later]);
    resumed.close();
  });

  it('names where a stream from now started, so a reader dropped before its first event resumes from there', async () => {
    const merchant = await svc.createMerchant('Early drop');
    const before = await testEvent(merchant.testKey);
    const first = await openStream(svc, merchant.testKey);
    await waitUntil(() => first.positions.length > 0);
    const [position] = first.positions;
    expect(position).to.match(/^pos_[A-Za-z0-9_-]+$/);
    first.close();
    const meanwhile = [await testEvent(merchant.testKey), await testEvent(merchant.testKey)];
    const resumed = await openStream(svc, merchant.testKey, { lastEventId: position });
    expect((await resumed.until(2)).map((e) => e.id)).to.deep.equal(meanwhile);
    expect(resumed.events.map((e) => e.id)).not.to.include(before);
    resumed.close();

    for (const bad of ['pos_', 'pos_!!!', `pos_${Buffer.from('9:1:').toString('base64url')}`, `pos_${Buffer.from("1:2:'; drop table events").toString('base64url')}`, `pos_${Buffer.from('5:10:20').toString('base64url')}`, `pos_${Buffer.from('5:10:7,6').toString('base64url')}`]) {
      const res = await svc.request('GET', '/v1/events/stream', { key: merchant.testKey, headers: { 'last-event-id': bad } });
      expect(res.status, bad).to.equal(400);
      expect(res.body.error.param).to.equal('Last-Event-ID');
    }
  });

  it('refuses a position from beyond the database\'s present, which would count every event to come as seen', async () => {
    const merchant = await svc.createMerchant('Future position');
    for (const made of ['1:99999999999:', '99999999998:99999999999:99999999998']) {
      const stream = await openStream(svc, merchant.testKey, { lastEventId: `pos_${Buffer.from(made).toString('base64url')}` });
      const body = stream.res.ok ? undefined : await stream.res.json();
      stream.close();
      expect(stream.res.status, made).to.equal(400);
      expect(body.error, made).to.include({ code: 'invalid_request', param: 'Last-Event-ID' });
    }
  });

  it('holds back an event while a transaction that began before it is still open, so a resumed reader cannot skip the earlier one', async () => {
    const merchant = await svc.createMerchant('Ordering');
    const stream = await openStream(svc, merchant.testKey);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let earlyId!: string;
    // A transaction writes its event first, then stays open while another event commits.
    const early = svc.service.orm.em.fork().transactional(async (tx) => {
      earlyId = (await recordEvent(tx, { merchantId: merchant.id, livemode: false }, 'webhook.test', { test: true })).id;
      await held;
    });
    await new Promise((r) => setTimeout(r, 100));
    const late = await testEvent(merchant.testKey);
    await new Promise((r) => setTimeout(r, 400));
    expect(stream.events, 'nothing is sent before the earlier transaction ends').to.have.length(0);
    release();
    await early;
    expect((await stream.until(2)).map((e) => e.id)).to.deep.equal([earlyId, late]);
    stream.close();
  });

  it('with since, sends every event of its mode created at or after that time, then the new ones as they commit, each once', async () => {
    const merchant = await svc.createMerchant('Since');
    const other = await svc.createMerchant('Since Elsewhere');
    const before = await testEvent(merchant.testKey);
    await new Promise((r) => setTimeout(r, 20));
    const since = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 5));
    const after = [await testEvent(merchant.testKey), await testEvent(merchant.testKey)];
    // The other mode's and another merchant's events of the same moment are not this stream's.
    await testEvent(other.testKey);
    await paidIntent(svc, merchant, 250_000, 'ada@example.com', true);
    const paid = await paidIntent(svc, merchant);
    const [succeeded] = await svc.service.orm.em.fork().execute<{ id: string }[]>("select id from events where payment_intent_id = ? and type = 'payment_intent.succeeded'", [paid.id]);

    const stream = await openStream(svc, merchant.testKey, { since });
    expect(stream.res.status).to.equal(200);
    expect((await stream.until(3)).map((e) => e.id)).to.deep.equal([...after, succeeded!.id]);
    const later = await testEvent(merchant.testKey);
    expect((await stream.until(4)).map((e) => e.id)).to.deep.equal([...after, succeeded!.id, later]);
    await new Promise((r) => setTimeout(r, 300));
    expect(stream.events.map((e) => e.id)).to.deep.equal([...after, succeeded!.id, later]);
    expect(stream.events.map((e) => e.id)).not.to.include(before);
    expect(stream.events.every((e) => JSON.parse(e.data).livemode === false)).to.equal(true);
    // No starting position: a reader resumes with the same since until it has an event.
    expect(stream.positions).to.deep.equal([]);
    stream.close();
  });

  it('with since in Unix seconds, sends the events created in or after that second (0: every event kept)', async () => {
    const merchant = await svc.createMerchant('Since Seconds');
    const all = [await testEvent(merchant.testKey), await testEvent(merchant.testKey)];
    const stream = await openStream(svc, merchant.testKey, { since: '0' });
    expect((await stream.until(2)).map((e) => e.id)).to.deep.equal(all);
    stream.close();
    const [created] = await svc.service.orm.em.fork().execute<{ seconds: string }[]>('select floor(extract(epoch from created_at))::text as seconds from events where id = ?', [all[1]]);
    const fromSecond = await openStream(svc, merchant.testKey, { since: created!.seconds });
    const got = (await fromSecond.until(1)).map((e) => e.id);
    expect(got).to.include(all[1]);
    expect(got).to.deep.equal(all.slice(all.length - got.length));
    fromSecond.close();
  });

  it('with since, sends an event whose transaction began before a later one and commits after the stream opened, in its place', async () => {
    const merchant = await svc.createMerchant('Since Ordering');
    const since = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 5));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    let earlyId!: string;
    // A transaction writes its event and stays open while another event commits and the stream opens.
    const early = svc.service.orm.em.fork().transactional(async (tx) => {
      earlyId = (await recordEvent(tx, { merchantId: merchant.id, livemode: false }, 'webhook.test', { test: true })).id;
      written();
      await held;
    });
    await wrote;
    const late = await testEvent(merchant.testKey);
    const stream = await openStream(svc, merchant.testKey, { since });
    await new Promise((r) => setTimeout(r, 400));
    expect(stream.events, 'nothing is sent before the earlier transaction ends').to.have.length(0);
    release();
    await early;
    expect((await stream.until(2)).map((e) => e.id)).to.deep.equal([earlyId, late]);
    await new Promise((r) => setTimeout(r, 200));
    expect(stream.events).to.have.length(2);
    stream.close();
  });

  it('refuses a since that is not a time before the stream starts, with or without Last-Event-ID', async () => {
    const merchant = await svc.createMerchant('Since Refusals');
    const event = await testEvent(merchant.testKey);
    for (const bad of ['yesterday', '-1', '1.5', '2026-13-01T00:00:00Z', '2026-01-01', '2026-12-31T23:59:60Z', '253402300800']) {
      const res = await svc.request('GET', `/v1/events/stream?since=${encodeURIComponent(bad)}`, { key: merchant.testKey });
      expect(res.status, bad).to.equal(400);
      expect(res.body.error, bad).to.include({ code: 'invalid_request', param: 'since' });
    }
    const twice = await svc.request('GET', '/v1/events/stream?since=0&since=1', { key: merchant.testKey });
    expect(twice.status).to.equal(400);
    expect(twice.body.error.param).to.equal('since');
    const badWithId = await svc.request('GET', '/v1/events/stream?since=yesterday', { key: merchant.testKey, headers: { 'last-event-id': event } });
    expect(badWithId.status).to.equal(400);
    expect(badWithId.body.error).to.include({ code: 'invalid_request', param: 'since' });
  });

  it('resumes after Last-Event-ID when a reconnect keeps since in its URL, as a browser\'s EventSource does', async () => {
    const merchant = await svc.createMerchant('Since Reconnect');
    const since = new Date(Date.now() - 1000).toISOString();
    const first = await testEvent(merchant.testKey);
    const second = await testEvent(merchant.testKey);
    const stream = await openStream(svc, merchant.testKey, { since });
    expect((await stream.until(2)).map((e) => e.id)).to.deep.equal([first, second]);
    stream.close();
    const third = await testEvent(merchant.testKey);
    const again = await openStream(svc, merchant.testKey, { since, lastEventId: first });
    expect(again.res.status).to.equal(200);
    expect((await again.until(2)).map((e) => e.id)).to.deep.equal([second, third]);
    await new Promise((r) => setTimeout(r, 200));
    expect(again.events).to.have.length(2);
    again.close();
  });

  it('sends only the types asked for', async () => {
    const merchant = await svc.createMerchant('Filtered');
    const stream = await openStream(svc, merchant.testKey, { type: 'payment_intent.succeeded,refund.succeeded' });
    await testEvent(merchant.testKey);
    const intent = await paidIntent(svc, merchant);
    const refund = await svc.request('POST', '/v1/refunds', { key: merchant.testKey, body: { payment_intent: intent.id, amount: 100_000 } });
    expect(refund.status, refund.text).to.equal(201);
    expect((await stream.until(2)).map((e) => e.event)).to.deep.equal(['payment_intent.succeeded', 'refund.succeeded']);
    stream.close();
  });

  it('reads the events a filtered stream passes over once, not again on every wake', async () => {
    const merchant = await svc.createMerchant('Filtered backlog');
    const db = new pg.Client({ connectionString: svc.database.url });
    await db.connect();
    // Every read of the stream as the service sends it, with its parameters.
    const reads: { text: string; values: unknown[] }[] = [];
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const [first, second] = args as [unknown, unknown];
      const text = typeof first === 'string' ? first : (first as { text?: unknown } | null)?.text;
      const values = Array.isArray(second) ? second : (first as { values?: unknown[] } | null)?.values;
      if (typeof text === 'string' && text.includes('pg_visible_in_snapshot') && (values as unknown[] | undefined)?.[0] === merchant.id) reads.push({ text, values: values! });
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    try {
      // Events it wants, then many more it does not: each read after those looks at them again
      // unless the stream moved past them.
      await seedEvents(db, merchant.id, false, 'payment_intent.succeeded', 2000);
      await seedEvents(db, merchant.id, false, 'webhook.test', 3000);
      await db.query('analyze events');
      const stream = await openStream(svc, merchant.testKey, { type: 'payment_intent.succeeded', since: '0' });
      expect(await stream.until(2000)).to.have.length(2000);
      // Caught up: no read for half a second.
      for (let seen = -1; reads.length !== seen; ) {
        seen = reads.length;
        await new Promise((r) => setTimeout(r, 500));
      }
      const caughtUp = reads.length;
      for (let wake = 0; wake < 3; wake++) {
        const before = reads.length;
        await testEvent(merchant.testKey);
        await waitUntil(() => reads.length > before);
      }
      pg.Client.prototype.query = query;
      const rowsRead: number[] = [];
      for (const read of reads.slice(caughtUp)) {
        const { rows } = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain (analyze, format json) ${read.text}`, read.values);
        rowsRead.push(eventRowsRead(rows[0]!['QUERY PLAN'][0].Plan));
      }
      expect(rowsRead, 'events read by each read after the stream caught up').to.have.length.of.at.least(3);
      expect(Math.max(...rowsRead), 'events read by each read after the stream caught up').to.be.at.most(10);
      expect(stream.events).to.have.length(2000);
      stream.close();
    } finally {
      pg.Client.prototype.query = query;
      await db.end();
    }
  });

  it('takes turns among streams catching up, so that other callers are still answered', async function () {
    this.timeout(30_000);
    const merchant = await svc.createMerchant('Backlog');
    const bystander = await svc.createMerchant('Bystander');
    const db = new pg.Client({ connectionString: svc.database.url });
    await db.connect();
    const locker = new pg.Client({ connectionString: svc.database.url });
    await locker.connect();
    const BACKLOG = 1000;
    const streams: Awaited<ReturnType<typeof openStream>>[] = [];
    try {
      await seedEvents(db, merchant.id, false, 'webhook.test', BACKLOG);
      await seedEvents(db, merchant.id, true, 'webhook.test', BACKLOG);
      // Twenty streams, the most one account may open, catching up from the start.
      for (const key of [merchant.testKey, merchant.liveKey]) streams.push(...(await Promise.all(Array.from({ length: 10 }, () => openStream(svc, key, { since: '0' })))));
      expect(streams.map((s) => s.res.status)).to.deep.equal(Array(20).fill(200));
      // The database makes each read wait (as a slow one would) until the lock is let go; every
      // stream, caught up or not, is woken to read.
      await locker.query('begin');
      await locker.query('lock table events in access exclusive mode');
      for (const livemode of [false, true]) await db.query('select pg_notify($1, $2)', [EVENT_STREAM_CHANNEL, eventStreamKey(merchant.id, livemode)]);
      const readsUnderWay = async () =>
        Number(
          (
            await db.query<{ n: string }>(
              "select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like '%pg_visible_in_snapshot%'",
            )
          ).rows[0]!.n,
        );
      // Watched until four are under way, and half a second more.
      const seen: number[] = [];
      let deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        seen.push(await readsUnderWay());
        if (seen.at(-1)! >= 4 && deadline - Date.now() > 500) deadline = Date.now() + 500;
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(Math.max(...seen), 'stream reads under way at once').to.equal(4);
      // Another merchant's request finds a connection.
      const balance = await fetch(`${svc.url}/v1/balance`, { headers: { authorization: `Bearer ${bystander.testKey}` }, signal: AbortSignal.timeout(10_000) });
      expect(balance.status, await balance.text()).to.equal(200);
      await locker.query('commit');
      // Then every stream catches up, each event once, in the stream's order.
      for (const livemode of [false, true]) {
        const { rows } = await db.query<{ id: string }>('select id from events where merchant_id = $1 and livemode = $2 order by txid, id', [merchant.id, livemode]);
        const expected = rows.map((r) => r.id);
        for (const stream of streams.slice(livemode ? 10 : 0, livemode ? 20 : 10)) {
          expect((await stream.until(BACKLOG, 20_000)).map((e) => e.id)).to.deep.equal(expected);
        }
      }
    } finally {
      await locker.query('rollback').catch(() => undefined);
      for (const s of streams) s.close();
      await locker.end();
      await db.end();
    }
  });

  it('refuses an unknown type, an unknown Last-Event-ID and a missing key before the stream starts', async () => {
    const badType = await svc.request('GET', '/v1/events/stream?type=payment_intent.succeded', { key: shop.testKey });
    expect(badType.status).to.equal(400);
    expect(badType.body.error).to.include({ code: 'invalid_request', param: 'type' });
    expect(badType.body.error.message).to.include("'payment_intent.succeded'");

    const other = await svc.createMerchant('Other');
    const theirs = await testEvent(other.testKey);
    const foreign = await svc.request('GET', '/v1/events/stream', { key: shop.testKey, headers: { 'last-event-id': theirs } });
    expect(foreign.status).to.equal(400);
    expect(foreign.body.error).to.include({ code: 'invalid_request', param: 'Last-Event-ID' });

    const anonymous = await svc.request('GET', '/v1/events/stream');
    expect(anonymous.status).to.equal(401);
  });

  it('keeps at most 10 streams open per account and mode', async () => {
    const merchant = await svc.createMerchant('Many');
    const open = await Promise.all(Array.from({ length: 10 }, () => openStream(svc, merchant.testKey)));
    expect(open.map((s) => s.res.status)).to.deep.equal(Array(10).fill(200));
    const eleventh = await svc.request('GET', '/v1/events/stream', { key: merchant.testKey });
    expect(eleventh.status).to.equal(429);
    expect(eleventh.body.error.code).to.equal('rate_limited');
    // The other mode has its own.
    const live = await openStream(svc, merchant.liveKey);
    expect(live.res.status).to.equal(200);
    for (const s of [...open, live]) s.close();
    await new Promise((r) => setTimeout(r, 100));
    const again = await openStream(svc, merchant.testKey);
    expect(again.res.status).to.equal(200);
    again.close();
  });

  it('frees the place of a client that hung up while its stream was being opened', async () => {
    const merchant = await svc.createMerchant('Hangups');
    const { hostname, port } = new URL(svc.url);
    // Twelve clients that send the request and hang up at once, before the answer: more than the ten places.
    await Promise.all(
      Array.from(
        { length: 12 },
        () =>
          new Promise<void>((resolve) => {
            const socket = connect(Number(port), hostname, () => {
              socket.end(`GET /v1/events/stream HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${merchant.testKey}\r\n\r\n`);
              socket.destroy();
              resolve();
            });
            socket.on('error', () => resolve());
          }),
      ),
    );
    await new Promise((r) => setTimeout(r, 300));
    const streams = await Promise.all(Array.from({ length: 10 }, () => openStream(svc, merchant.testKey)));
    expect(streams.map((s) => s.res.status)).to.deep.equal(Array(10).fill(200));
    for (const s of streams) s.close();
  });

  it('ends a stream whose key is rolled, before sending anything more', async () => {
    const merchant = await svc.createMerchant('Rolled');
    const stream = await openStream(svc, merchant.testKey);
    await waitUntil(() => stream.positions.length > 0);
    const session = await svc.signIn(merchant);
    const { body: keys } = await svc.request('GET', '/dashboard/api/api_keys', { session });
    const testKey = keys.data.find((k: { livemode: boolean }) => !k.livemode);
    await svc.request('POST', '/dashboard/api/session/password_confirmation', { session, body: { password: merchant.dashboardPassword } });
    const rolled = await svc.request('POST', `/dashboard/api/api_keys/${testKey.id}/roll`, { session });
    expect(rolled.status, rolled.text).to.equal(201);
    await testEvent(rolled.body.secret);
    await stream.until(1, 3_000);
    expect(stream.ended).to.equal(true);
    expect(stream.events).to.deep.equal([]);
  });

  it('ends its streams when the service stops, so a stop does not wait on them', async () => {
    const own = await startTestService('event_stream_stop');
    const merchant = await own.createMerchant('Stopping');
    const stream = await openStream(own, merchant.testKey);
    const started = Date.now();
    await own.stop();
    expect(Date.now() - started).to.be.below(5_000);
    await stream.until(1, 2_000);
    expect(stream.ended).to.equal(true);
  });
});
