import type { Request, RequestHandler, Response } from 'express';
import { ApiError } from '../domain/errors.ts';
import type { RateLimitStore } from '../domain/rate-limit-store.ts';
import { clientOf } from './client-address.ts';

/** What a request is counted against, and how many it may make a minute. */
export interface RateLimits {
  store: RateLimitStore;
  /** RATE_LIMIT_PER_MINUTE: per client (an IPv4 address or an IPv6 /64). */
  perClient: number;
  /** DASHBOARD_RATE_LIMIT_PER_MINUTE: per dashboard user, for requests its session authenticates. */
  perUser: number;
}

const SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?nf_session=/;

/**
 * Counts every request against its client (its IPv4 address or IPv6 /64); past the limit answers
 * 429 rate_limited. A request for an operation a dashboard session may call, carrying a session
 * cookie and no key, is counted later instead, once its session is known (`takeUserLimit`): the
 * dashboard's own calls count against its user, not against everyone behind the same address.
 */
export function rateLimit(limits: RateLimits): RequestHandler {
  return async (req, res, next) => {
    if (req.operation?.schemes.has('dashboardSession') === true && req.get('authorization') === undefined && SESSION_COOKIE.test(req.get('cookie') ?? '')) {
      req.rateLimitDeferred = true;
      return next();
    }
    await take(res, limits.store, clientOf(req), limits.perClient, 'from one client (an IPv4 address or an IPv6 /64)');
    next();
  };
}

/** For a deferred request whose session is valid: counted against its user. */
export async function takeUserLimit(limits: RateLimits, req: Request, res: Response, userId: string): Promise<void> {
  if (req.rateLimitDeferred !== true) return;
  await take(res, limits.store, `user:${userId}`, limits.perUser, 'from one dashboard user');
}

/** For a deferred request whose session is not valid (ended, or made up): counted against its client after all. */
export async function takeClientLimit(limits: RateLimits, req: Request, res: Response): Promise<void> {
  if (req.rateLimitDeferred !== true) return;
  await take(res, limits.store, clientOf(req), limits.perClient, 'from one client (an IPv4 address or an IPv6 /64)');
}

async function take(res: Response, store: RateLimitStore, key: string, limit: number, per: string): Promise<void> {
  const decision = await store.take(key, limit);
  res.set({
    'RateLimit-Limit': String(limit),
    'RateLimit-Remaining': String(decision.remaining),
    'RateLimit-Reset': String(decision.resetSeconds),
  });
  if (decision.allowed) return;
  res.set('Retry-After', String(decision.resetSeconds));
  throw new ApiError('rate_limited', `Too many requests: at most ${limit} a minute ${per}. Retry after ${decision.resetSeconds} seconds.`);
}
