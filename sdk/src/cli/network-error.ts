// What went wrong with a request that got no answer, in words a terminal line can carry.

// undici reports "fetch failed" and keeps the reason (a system error code) in `cause`.
const CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found (DNS lookup failed)',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  UND_ERR_SOCKET: 'connection closed',
  UND_ERR_CLOSED: 'connection closed',
};

export function describeNetworkError(error: unknown): string {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code in CODES) return CODES[code]!;
  }
  if (!(error instanceof Error)) return String(error);
  const inner = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${inner}`;
}
