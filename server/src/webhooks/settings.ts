import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import type { Config } from '../config.ts';
import { createResolver, type HostResolver } from './resolve.ts';

/** How webhooks are sent: what every attempt follows, from the configuration. */
export interface WebhookSettings {
  retryBaseMs: number;
  maxAttempts: number;
  timeoutMs: number;
  /** WEBHOOK_ALLOW_INSECURE: for test-mode endpoints only. */
  allowInsecure: boolean;
  /** The CA certificates (PEM) HTTPS endpoints are checked against, when not the system's alone. */
  ca?: string[];
  /** Attempts in flight to one endpoint at most, across every worker. */
  endpointConcurrency: number;
  /** Attempts in flight in one worker process at most. */
  workerConcurrency: number;
  /** An endpoint failing without one success for this long is disabled. */
  disableAfterSeconds: number;
  /** How endpoints' host names are resolved. */
  resolver: HostResolver;
}

/** How long one DNS question about an endpoint's host may take. */
const DNS_TIMEOUT_MS = 2000;

export function webhookSettings(config: Config): WebhookSettings {
  return {
    retryBaseMs: config.webhookRetryBaseMs,
    maxAttempts: config.webhookMaxAttempts,
    timeoutMs: config.webhookTimeoutMs,
    allowInsecure: config.webhookAllowInsecure,
    // WEBHOOK_CA_FILE adds to the system's trusted CAs; it does not replace them.
    ...(config.webhookCaFile === undefined ? {} : { ca: [...rootCertificates, readFileSync(config.webhookCaFile, 'utf8')] }),
    endpointConcurrency: config.webhookEndpointConcurrency,
    workerConcurrency: config.webhookWorkerConcurrency,
    disableAfterSeconds: config.webhookDisableAfterDays * 86_400,
    // A name that takes longer than this to resolve fails its attempt rather than hold it.
    resolver: createResolver({ timeoutMs: Math.min(DNS_TIMEOUT_MS, config.webhookTimeoutMs), ...(config.webhookDnsServers === undefined ? {} : { servers: config.webhookDnsServers }) }),
  };
}
