// Telling a database that is away for a moment from a real failure: the first is answered with
// 503 and retried by the workers, the second is a bug to log.

// PostgreSQL's SQLSTATEs and the socket errors that mean "the database is away or busy for a
// moment" (restarting, failing over, out of connections), or a transaction that lost a race and
// was rolled back whole (a deadlock, a serialization failure): nothing to fix, only to retry.
const TRANSIENT_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN',
  '57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006', '40001', '40P01',
]);
const TRANSIENT_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|connection is not open|Client has encountered a connection error|Connection ended unexpectedly|terminating connection/i;

/** Whether an error (or what caused it) says the database is away for a moment. */
export function isTransientDatabaseError(err: unknown): boolean {
  for (let at: unknown = err, depth = 0; at !== null && typeof at === 'object' && depth < 5; depth++) {
    const e = at as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown[] };
    if (typeof e.code === 'string' && TRANSIENT_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && TRANSIENT_MESSAGES.test(e.message)) return true;
    // An AggregateError (connecting to every address failed) carries each attempt's error.
    if (Array.isArray(e.errors) && e.errors.some((inner) => isTransientDatabaseError(inner))) return true;
    at = e.cause;
  }
  return false;
}
