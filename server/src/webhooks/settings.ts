import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import type { Config } from '../config.ts';
import type { WebhookSettings } from './deliver.ts';
import { createResolver } from './resolve.ts';

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
