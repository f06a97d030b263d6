// Counting each client's requests over a sliding window: the stores the HTTP limit (http/rate-limit.ts)
// takes from, and the forgetting of hits that have left the window (the maintenance job).
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { autocommit, sql } from '../persistence/sql.ts';

/** Requests are counted over any rolling 60 seconds, not per clock minute. */
export const WINDOW_MS = 60_000;

export interface Decision {
  allowed: boolean;
  /** Requests still allowed in the current window after this one. */
  remaining: number;
  /** Seconds until the oldest counted request leaves the window (a slot frees up). */
  resetSeconds: number;
}

/** Where each client's requests are counted: in this process, or in PostgreSQL for every API process. */
export interface RateLimitStore {
  take(client: string, limit: number): Promise<Decision>;
  close?(): void;
}

const secondsUntil = (oldestMs: number, now: number): number =>
  Math.min(60, Math.max(1, Math.ceil((oldestMs + WINDOW_MS - now) / 1000)));

/** A sliding log per client, for one process. */
export class MemoryRateLimitStore implements RateLimitStore {
  // Each client's request times, oldest first, from `head` on: expiring advances `head` instead of
  // shifting the array, so a client with a large limit costs O(1) per request, not O(limit).
  private readonly logs = new Map<string, { times: number[]; head: number }>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly now: () => number;

  constructor(now: () => number = Date.now) {
    this.now = now;
    // Forget clients that have been quiet for a whole window so the map cannot grow without bound.
    this.sweeper = setInterval(() => {
      const from = this.now() - WINDOW_MS;
      for (const [client, log] of this.logs) if ((log.times.at(-1) ?? 0) <= from) this.logs.delete(client);
    }, WINDOW_MS);
    this.sweeper.unref();
  }

  async take(client: string, limit: number): Promise<Decision> {
    const now = this.now();
    let log = this.logs.get(client);
    if (log === undefined) {
      log = { times: [], head: 0 };
      this.logs.set(client, log);
    }
    const { times } = log;
    while (log.head < times.length && times[log.head]! <= now - WINDOW_MS) log.head++;
    if (log.head > 1024 && log.head * 2 > times.length) {
      times.splice(0, log.head);
      log.head = 0;
    }
    const used = times.length - log.head;
    const allowed = used < limit;
    if (allowed) times.push(now);
    const counted = times.length - log.head;
    return { allowed, remaining: limit - counted, resetSeconds: secondsUntil(times[log.head] ?? now, now) };
  }

  close(): void {
    clearInterval(this.sweeper);
  }
}

/** The same sliding log in PostgreSQL, shared by every API process (one round trip per request). */
export class PostgresRateLimitStore implements RateLimitStore {
  private readonly orm: MikroORM;

  constructor(orm: MikroORM) {
    this.orm = orm;
  }

  async take(client: string, limit: number): Promise<Decision> {
    const [row] = await sql<{ allowed: boolean; used: number; oldest_ms: string }>(
      autocommit(this.orm),
      'select allowed, used, oldest_ms from rate_limit_take($1, $2, $3)',
      [client, limit, WINDOW_MS],
    );
    if (row === undefined) throw new Error('rate_limit_take returned no row');
    return { allowed: row.allowed, remaining: limit - row.used, resetSeconds: secondsUntil(Number(row.oldest_ms), Date.now()) };
  }
}

/** Forgets up to `limit` hits that have left every window (the PostgreSQL store's), in one statement. */
export async function purgeOldRateLimitHits(em: EntityManager, limit: number): Promise<number> {
  const rows = await sql(
    em,
    `delete from rate_limit_hits
      where ctid = any(array(select ctid from rate_limit_hits where hit_at < now() - make_interval(secs => $1) limit $2))
      returning 1`,
    [WINDOW_MS / 1000, limit],
  );
  return rows.length;
}
