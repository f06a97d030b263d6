import type { RequestHandler } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';
import { ApiError } from '../domain/errors.ts';
import { clientOf } from './client-address.ts';

/** Requests are counted over any rolling 60 seconds, not per clock minute. */
export const WINDOW_MS = 60_000;

export interface Decision {
  allowed: boolean;
  /** Requests still allowed in the current window after this one. */
  remaining: number;
  /** Seconds until the oldest counted request leaves the window (a slot frees up). */
  resetSeconds: number;
}

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
    const [row] = await this.orm.em.fork().execute<{ allowed: boolean; used: number; oldest_ms: string }[]>(
      'select allowed, used, oldest_ms from rate_limit_take(?, ?, ?)',
      [client, limit, WINDOW_MS],
    );
    if (row === undefined) throw new Error('rate_limit_take returned no row');
    return { allowed: row.allowed, remaining: limit - row.used, resetSeconds: secondsUntil(Number(row.oldest_ms), Date.now()) };
  }
}

/** Counts every request against its client (its IPv4 address or IPv6 /64); past the limit answers 429 rate_limited. */
export function rateLimit(store: RateLimitStore, limit: number): RequestHandler {
  return async (req, res, next) => {
    const decision = await store.take(clientOf(req), limit);
    res.set({
      'RateLimit-Limit': String(limit),
      'RateLimit-Remaining': String(decision.remaining),
      'RateLimit-Reset': String(decision.resetSeconds),
    });
    if (decision.allowed) return next();
    res.set('Retry-After', String(decision.resetSeconds));
    next(new ApiError('rate_limited', `Too many requests: at most ${limit} a minute from one IP address. Retry after ${decision.resetSeconds} seconds.`));
  };
}
