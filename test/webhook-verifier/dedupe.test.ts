import { expect } from 'chai';
import { createDeduplicator, DEFAULT_DEDUPE_TTL_SECONDS, memoryStore, type DeduplicationStore } from '../../webhook-verifier/src/index.ts';

describe('webhook-verifier: createDeduplicator', () => {
  it('says an event id is new the first time and seen every time after', async () => {
    const dedupe = createDeduplicator();
    expect(await dedupe.seen('evt_1')).to.equal(false);
    expect(await dedupe.seen('evt_1')).to.equal(true);
    expect(await dedupe.seen('evt_1')).to.equal(true);
    expect(await dedupe.seen('evt_2')).to.equal(false);
  });

  it('lets exactly one of several concurrent deliveries of an event through', async () => {
    const dedupe = createDeduplicator();
    const verdicts = await Promise.all(Array.from({ length: 5 }, () => dedupe.seen('evt_same')));
    expect(verdicts.filter((seen) => !seen)).to.have.length(1);
  });

  it('keeps ids 3 days by default, then forgets them', async () => {
    expect(DEFAULT_DEDUPE_TTL_SECONDS).to.equal(259_200);
    let now = 1_000_000;
    const dedupe = createDeduplicator(memoryStore({ now: () => now }));
    expect(await dedupe.seen('evt_old')).to.equal(false);
    now += (DEFAULT_DEDUPE_TTL_SECONDS - 1) * 1000;
    expect(await dedupe.seen('evt_old')).to.equal(true);
    now += 1000;
    expect(await dedupe.seen('evt_old')).to.equal(false);
  });

  it('stays bounded: past maxEntries the oldest id goes first', async () => {
    const store = memoryStore({ maxEntries: 3 });
    const dedupe = createDeduplicator(store);
    for (const id of ['evt_a', 'evt_b', 'evt_c', 'evt_d']) expect(await dedupe.seen(id)).to.equal(false);
    expect(store.size).to.equal(3);
    expect(await dedupe.seen('evt_d')).to.equal(true);
    expect(await dedupe.seen('evt_a')).to.equal(false);
  });

  it('drops expired ids as it goes, so memory follows the traffic of the last TTL', async () => {
    let now = 0;
    const store = memoryStore({ now: () => now });
    const dedupe = createDeduplicator(store, { ttlSeconds: 60 });
    for (let i = 0; i < 100; i++) await dedupe.seen(`evt_${i}`);
    now = 61_000;
    await dedupe.seen('evt_new');
    expect(store.size).to.equal(1);
  });

  it('forget() lets a redelivery through again, e.g. after handling failed', async () => {
    const dedupe = createDeduplicator();
    await dedupe.seen('evt_retry');
    await dedupe.forget('evt_retry');
    expect(await dedupe.seen('evt_retry')).to.equal(false);
  });

  it('works over any store with an atomic setIfAbsent (Redis SET NX EX, INSERT ON CONFLICT DO NOTHING)', async () => {
    const calls: [string, number][] = [];
    const keys = new Set<string>();
    const redisLike: DeduplicationStore = {
      async setIfAbsent(id, ttlSeconds) {
        calls.push([id, ttlSeconds]);
        if (keys.has(id)) return false;
        keys.add(id);
        return true;
      },
    };
    const dedupe = createDeduplicator(redisLike, { ttlSeconds: 600 });
    expect(await dedupe.seen('evt_x')).to.equal(false);
    expect(await dedupe.seen('evt_x')).to.equal(true);
    expect(calls).to.deep.equal([['evt_x', 600], ['evt_x', 600]]);
    await dedupe.forget('evt_x').then(
      () => expect.fail('forget needs store.delete'),
      (error: unknown) => expect((error as Error).message).to.include('no delete(id)'),
    );
  });

  it('refuses a missing event id rather than treating every event as the same one', async () => {
    const dedupe = createDeduplicator();
    const error = await dedupe.seen(undefined as unknown as string).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(TypeError);
  });
});
