// Webhook attempts, counted by the dispatcher as each one's result comes back: delivered or
// failed (and why, in a few classes), and how long the endpoint took.
import { Counter, Histogram, type Registry } from 'prom-client';
import type { AttemptResult } from '../persistence/webhook-queue.ts';

/**
 * Why an attempt failed: `status` the endpoint answered, but not 2xx (a redirect included);
 * `timeout` no answer in time; `tls` the TLS handshake or certificate failed; `connection` no
 * connection (refused, reset, unreachable, a name that does not resolve, or a target our policy
 * refuses); `other` anything else (a failure of ours, logged by the dispatcher).
 */
export type FailureReason = 'status' | 'timeout' | 'tls' | 'connection' | 'other';

/** The class of a failed attempt's result, from what send.ts records (the status, else its error's words). */
export function failureReason(result: AttemptResult): FailureReason {
  if (result.status !== null) return 'status';
  const error = result.error ?? '';
  if (error.startsWith('timed out')) return 'timeout';
  if (error.startsWith('TLS error')) return 'tls';
  if (error.startsWith('internal error') || error === '') return 'other';
  return 'connection';
}

/**
 * Seconds, up to the default timeout (10 s): a receiver on the same network answers in a few
 * milliseconds, one across the world in a few hundred, and one that does slow work before it
 * answers in seconds.
 */
const DELIVERY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** Counts one attempt's result; for startWebhookDispatcher. */
export type AttemptObserver = (result: AttemptResult) => void;

export function deliveryMetrics(registry: Registry): AttemptObserver {
  const attempts = new Counter({
    name: 'nairaflow_webhook_deliveries_total',
    help: 'Scheduled webhook attempts made, by outcome (delivered, failed) and, for failures, reason (status, timeout, tls, connection, other).',
    labelNames: ['outcome', 'reason'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'nairaflow_webhook_delivery_duration_seconds',
    help: 'Time from sending a webhook attempt to its outcome (the answer, the timeout or the failure), by outcome.',
    labelNames: ['outcome'] as const,
    buckets: DELIVERY_BUCKETS,
    registers: [registry],
  });
  attempts.inc({ outcome: 'delivered' }, 0);
  for (const reason of ['status', 'timeout', 'tls', 'connection', 'other'] satisfies FailureReason[]) attempts.inc({ outcome: 'failed', reason }, 0);
  return (result) => {
    const outcome = result.ok ? 'delivered' : 'failed';
    try {
      attempts.inc(result.ok ? { outcome } : { outcome, reason: failureReason(result) });
      duration.observe({ outcome }, Math.max(0, result.durationMs) / 1000);
    } catch {
      // A figure that cannot be counted never stops the dispatcher from recording the attempt.
    }
  };
}
