/**
 * Where seen event ids are kept. One atomic operation, so two deliveries of the same event
 * arriving at once cannot both count as new: Redis `SET key 1 NX EX ttl`, PostgreSQL
 * `INSERT ... ON CONFLICT DO NOTHING` (a row inserted = absent), or memoryStore() in one process.
 */
export interface DeduplicationStore {
  /** Records `id` for `ttlSeconds` unless it is recorded already. True when it was absent. */
  setIfAbsent(id: string, ttlSeconds: number): boolean | Promise<boolean>;
  /** Forgets `id`, so a redelivery is handled again. Optional: only forget() needs it. */
  delete?(id: string): unknown;
}

export interface Deduplicator {
  /** True when `eventId` was seen before (skip the event); false the first time, which records it. */
  seen(eventId: string): Promise<boolean>;
  /** Un-records `eventId`, e.g. when handling it failed and a redelivery should be handled. */
  forget(eventId: string): Promise<void>;
}

/**
 * Nairaflow retries for about 17 hours and a delivery can be redelivered by hand later, so ids are
 * kept 3 days; past that, rule 6.3.2's other half (only mark an order paid if it is not already)
 * still protects you.
 */
export const DEFAULT_DEDUPE_TTL_SECONDS = 3 * 24 * 60 * 60;

/**
 * Rule 6.3.2 in one line: `if (await dedupe.seen(event.id)) return;`. Without a store, ids are
 * kept in this process's memory (lost on restart, not shared between instances: pass a
 * Redis- or database-backed store when you run more than one).
 */
export function createDeduplicator(store: DeduplicationStore = memoryStore(), options?: { ttlSeconds?: number }): Deduplicator {
  const ttlSeconds = options?.ttlSeconds ?? DEFAULT_DEDUPE_TTL_SECONDS;
  if (!Number.isFinite(ttlSeconds) || ttlSeconds <= 0) throw new TypeError(`ttlSeconds must be a positive number, got ${String(ttlSeconds)}`);
  return {
    async seen(eventId) {
      if (typeof eventId !== 'string' || eventId === '') throw new TypeError('seen(eventId) needs the event id (event.id)');
      return !(await store.setIfAbsent(eventId, ttlSeconds));
    },
    async forget(eventId) {
      if (!store.delete) throw new TypeError('this DeduplicationStore has no delete(id), so forget() cannot work');
      await store.delete(eventId);
    },
  };
}

export interface MemoryStoreOptions {
  /** Most ids kept; the oldest go first beyond it, so memory stays bounded (100,000 ids is a few MB). */
  maxEntries?: number;
  /** Milliseconds clock, for tests. Default Date.now. */
  now?: () => number;
}

/** An in-process store: ids expire after their TTL, and beyond maxEntries the oldest is dropped. */
export function memoryStore(options?: MemoryStoreOptions): DeduplicationStore & { readonly size: number } {
  const maxEntries = options?.maxEntries ?? 100_000;
  const now = options?.now ?? Date.now;
  if (!Number.isSafeInteger(maxEntries) || maxEntries < 1) throw new TypeError(`maxEntries must be a positive integer, got ${String(maxEntries)}`);
  // id -> expiry (ms). A Map iterates in insertion order, so the oldest entries are first.
  const expiries = new Map<string, number>();
  return {
    get size() {
      return expiries.size;
    },
    setIfAbsent(id, ttlSeconds) {
      const at = now();
      // With one TTL, insertion order is expiry order: drop expired ids from the front.
      for (const [oldId, expiry] of expiries) {
        if (expiry > at) break;
        expiries.delete(oldId);
      }
      const expiry = expiries.get(id);
      if (expiry !== undefined && expiry > at) return false;
      expiries.delete(id);
      expiries.set(id, at + ttlSeconds * 1000);
      if (expiries.size > maxEntries) expiries.delete(expiries.keys().next().value as string);
      return true;
    },
    delete(id) {
      expiries.delete(id);
    },
  };
}
