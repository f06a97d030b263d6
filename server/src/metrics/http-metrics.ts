// Requests and error answers, counted as each one is answered: by the contract's operation (one
// of a few fixed names for anything else, so the number of series stays bounded) and status.
import { Counter, Histogram, type Registry } from 'prom-client';
import type { ErrorCode } from '../domain/errors.ts';

/** Told of every answer the service's HTTP server gives (see http/app.ts and http/errors.ts). */
export interface HttpObserver {
  /**
   * A request answered: its operation (the contract's operationId, or PAGE, UNMATCHED or
   * MALFORMED), its status, and how long it took (null when it was never timed).
   */
  answered(operation: string, status: number, seconds: number | null): void;
  /** An error answer, by its code. */
  refused(code: ErrorCode): void;
}

/** A request that is not one of the contract's operations: a page, the dashboard, /docs. */
export const PAGE = 'page';
/** A request for a URL (or a method) that no page or operation takes: the 404s and 405s, and anything refused under /v1 that is not an operation. */
export const UNMATCHED = 'unmatched';
/** A request Node's HTTP parser refused before the app saw it (headers too large, not HTTP). */
export const MALFORMED = 'malformed';

/**
 * Seconds. The API answers in a few milliseconds when it is well and a few hundred when it
 * strains (a saturated pool, a slow disk); past a second it is an outage, told apart by the
 * coarse top buckets. An event stream is counted when it ends (its client leaves, or the service
 * stops), usually in +Inf, under its own operation; a request its client gave up on before the
 * answer is counted with status 499.
 */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export function httpMetrics(registry: Registry, errorCodes: readonly ErrorCode[]): HttpObserver {
  const requests = new Counter({
    name: 'nairaflow_http_requests_total',
    help: 'HTTP requests answered, by operation (the contract operationId; page, unmatched or malformed otherwise) and status code.',
    labelNames: ['operation', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'nairaflow_http_request_duration_seconds',
    help: 'Time from a request reaching the app to its answer being handed to the operating system, by operation.',
    labelNames: ['operation'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'nairaflow_http_errors_total',
    help: 'Error answers, by error code (the contract ErrorCode).',
    labelNames: ['code'] as const,
    registers: [registry],
  });
  // Every code is there from the start at 0, so that a rate over the first one is not missed.
  for (const code of errorCodes) errors.inc({ code }, 0);
  return {
    answered(operation, status, seconds) {
      requests.inc({ operation, status });
      if (seconds !== null) duration.observe({ operation }, seconds);
    },
    refused(code) {
      errors.inc({ code });
    },
  };
}
