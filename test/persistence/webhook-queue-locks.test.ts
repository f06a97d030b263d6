// What writes the webhook queue takes its locks in one order (a queue row before its event's row;
// what holds an endpoint's row first does not wait for its queue rows), so none of it can deadlock
// with a dispatcher's turn. Each case holds a lock the way a turn does, on a connection of its
// own, starts the API's operation, then takes the turn's next lock: that must be granted, and the
// operation must finish once the turn commits.
import { expect } from 'chai';
import pg from 'pg';
import { endSchedule } from '../../server/src/persistence/webhook-queue.ts';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the webhook queue\'s locks, against a dispatcher\'s turn', () => {
  let svc: TestService;
  let turn: pg.Client;

  before(async () => {
    // No worker: the turns are played by hand.
    svc = await startTestService('webhook_queue_locks', { ROLE: 'api' });
  });
  beforeEach(async () => {
    turn = new pg.Client({ connectionString: svc.database.url });
    await turn.connect();
    await turn.query('begin');
    // A deadlock, or a wait on the operation, fails the case instead of hanging it.
    await turn.query("set local lock_timeout = '3s'");
  });
  afterEach(async () => {
    await turn.query('rollback').catch(() => undefined);
    await turn.end();
  });
  after(async () => {
    await svc.stop();
  });

  const shopWithQueuedEvent = async (): Promise<{ shop: TestMerchant; eventId: string; endpointId: string }> => {
    const shop = await svc.createMerchant('Locks');
    const put = await svc.request('PUT', '/v1/webhook_endpoint', { key: shop.testKey, body: { url: 'http://127.0.0.1:9/hooks' } });
    expect(put.status, put.text).to.equal(201);
    const event = await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: shop.testKey });
    return { shop, eventId: event.body.id, endpointId: put.body.id };
  };
  const one = async <T>(text: string, params: unknown[]): Promise<T> => {
    const client = new pg.Client({ connectionString: svc.database.url });
    await client.connect();
    try {
      return (await client.query(text, params)).rows[0] as T;
    } finally {
      await client.end();
    }
  };

  it('a delivery by hand ending the schedule waits for the queue row before it touches the event', async () => {
    const { eventId } = await shopWithQueuedEvent();
    // A turn takes the attempt (its queue row)...
    await turn.query("update webhook_queue set leased_until = now() + interval '1 minute' where event_id = $1", [eventId]);
    const ending = svc.service.orm.em.fork().transactional((tx) => endSchedule(tx, eventId));
    await sleep(300);
    // ...then counts it on the event: granted, since the delivery by hand holds nothing yet.
    await turn.query('update events set attempts = attempts + 1 where id = $1', [eventId]);
    await turn.query('commit');
    await ending;
    expect(await one('select count(*)::int as n from webhook_queue where event_id = $1', [eventId])).to.deep.equal({ n: 0 });
    expect(await one('select delivery_status from events where id = $1', [eventId])).to.deep.equal({ delivery_status: 'succeeded' });
  });

  it('deleting the endpoint lets a turn recording an attempt to it finish, then deletes it', async () => {
    const { shop, eventId, endpointId } = await shopWithQueuedEvent();
    // A turn recording a failed attempt holds the queue row...
    await turn.query('select 1 from webhook_queue where event_id = $1 for update', [eventId]);
    const deleting = svc.request('DELETE', '/v1/webhook_endpoint', { key: shop.testKey });
    await sleep(300);
    // ...then marks the endpoint failing: granted, the delete does not sit on the endpoint's row.
    await turn.query('update webhook_endpoints set last_failed_at = now() where id = $1', [endpointId]);
    await turn.query('commit');
    const res = await deleting;
    expect(res.status, res.text).to.equal(200);
    expect(await one('select delivery_status from events where id = $1', [eventId])).to.deep.equal({ delivery_status: 'no_endpoint' });
    expect(await one('select count(*)::int as n from webhook_endpoints where id = $1', [endpointId])).to.deep.equal({ n: 0 });
  });

  it('a recovery lets a turn recording an attempt of its batch finish, then queues the event once', async () => {
    const { shop, eventId, endpointId } = await shopWithQueuedEvent();
    // A turn records the last attempt as failed: it holds the queue row...
    await turn.query('select 1 from webhook_queue where event_id = $1 for update', [eventId]);
    const recovering = svc.request('POST', '/v1/webhook_endpoint/recover', { key: shop.testKey, body: { since: 0 } });
    await sleep(300);
    // ...updates the endpoint and the event, and drops the queue row: all granted.
    await turn.query('update webhook_endpoints set last_failed_at = now() where id = $1', [endpointId]);
    await turn.query("update events set delivery_status = 'failed', next_attempt_at = null where id = $1", [eventId]);
    await turn.query('delete from webhook_queue where event_id = $1', [eventId]);
    await turn.query('commit');
    const res = await recovering;
    expect(res.status, res.text).to.equal(200);
    // The recovery saw the turn's outcome (failed, nothing queued) and queued it again, once.
    expect(res.body.queued).to.equal(1);
    expect(await one('select delivery_status from events where id = $1', [eventId])).to.deep.equal({ delivery_status: 'pending' });
    expect(await one('select count(*)::int as n from webhook_queue where event_id = $1', [eventId])).to.deep.equal({ n: 1 });
  });
});
