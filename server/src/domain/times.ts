// Times as the contract lets callers write them.
import { ApiError } from './errors.ts';

/**
 * A `since` the contract let through: Unix seconds (a number in a JSON body, digits in a query
 * string, where every parameter arrives as text) or an RFC 3339 date-time.
 */
export function sinceTime(since: string | number): Date {
  const text = String(since);
  const time = /^\d+$/.test(text) ? new Date(Number(text) * 1000) : new Date(text);
  // RFC 3339 allows a leap second (23:59:60), which JavaScript's dates cannot hold.
  if (Number.isNaN(time.getTime())) {
    throw new ApiError('invalid_request', 'since must be a time JavaScript can read: Unix seconds, or a date and time such as 2026-01-01T09:00:00Z (no leap second).', 'since');
  }
  return time;
}
