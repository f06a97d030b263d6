import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { JobResult } from 'pg-boss';
import type { Config } from '../config.ts';
import { WEBHOOK_QUEUE, type ScheduledAttempt } from '../domain/events.ts';
import { deliverScheduled, type WebhookSettings } from '../webhooks/deliver.ts';
import type { Boss } from './boss.ts';

export function webhookSettings(config: Config): WebhookSettings {
  return {
    retryBaseMs: config.webhookRetryBaseMs,
    maxAttempts: config.webhookMaxAttempts,
    timeoutMs: config.webhookTimeoutMs,
    allowInsecure: config.webhookAllowInsecure,
    // WEBHOOK_CA_FILE adds to the system's trusted CAs; it does not replace them.
    ...(config.webhookCaFile === undefined ? {} : { ca: [...rootCertificates, readFileSync(config.webhookCaFile, 'utf8')] }),
  };
}

export async function createWebhookQueue(boss: Boss, settings: WebhookSettings): Promise<void> {
  const options = {
    // A new event wakes the workers through NOTIFY (the first attempt starts within milliseconds).
    notify: true,
    // A job still active this long after it started has lost its worker (an attempt lasts at most
    // the timeout): pg-boss hands it to another worker, which takes the attempt over.
    expireInSeconds: Math.ceil(settings.timeoutMs / 1000) + 5,
    // Job-level retries are for our own failures (a crashed worker, the database away); failed
    // deliveries follow the webhook schedule instead. Backing off from 2 s to a minute, 20 retries
    // outlast any attempt's takeover window and a database failover.
    retryLimit: 20,
    retryDelay: 2,
    retryBackoff: true,
    retryDelayMax: 60,
  };
  await boss.createQueue(WEBHOOK_QUEUE, options);
  // An existing queue keeps the options it was created with unless told otherwise.
  await boss.updateQueue(WEBHOOK_QUEUE, options);
}

export async function startWebhookWorkers(boss: Boss, orm: MikroORM, settings: WebhookSettings, log: Logger): Promise<void> {
  await boss.work<ScheduledAttempt, JobResult[]>(
    WEBHOOK_QUEUE,
    {
      // Independent fetch loops, one job each: an endpoint that takes its full timeout to answer
      // holds up one loop, never the events of everyone else.
      localConcurrency: 16,
      batchSize: 1,
      perJobResults: true,
      // Retries are delayed jobs (startAfter), found by polling, not NOTIFY: poll every half second
      // so each attempt starts within a second of its due time.
      pollingIntervalSeconds: 0.5,
      notifyPollingIntervalSeconds: 0.5,
    },
    async (jobs) =>
      Promise.all(
        jobs.map(async (job) => {
          try {
            await deliverScheduled(orm.em.fork(), boss, settings, job.data);
            return { id: job.id, status: 'completed' as const };
          } catch (error) {
            // Our own failure (the database, say), not the endpoint's: pg-boss retries the job.
            log.warn({ err: error, event_id: job.data.event_id, step: job.data.step }, 'webhook attempt to be retried');
            return { id: job.id, status: 'failed' as const };
          }
        }),
      ),
  );
}
