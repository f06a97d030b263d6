import type { RequestHandler } from 'express';
import { ApiError } from '../domain/errors.ts';
import type { RateLimitStore } from '../domain/rate-limit-store.ts';
import { clientOf } from './client-address.ts';

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
    next(new ApiError('rate_limited', `Too many requests: at most ${limit} a minute from one client (an IPv4 address or an IPv6 /64). Retry after ${decision.resetSeconds} seconds.`));
  };
}
