import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import type { Config } from '../config.ts';
import type { WebhookSettings } from './deliver.ts';

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
  };
}
