// Delivering events: the scheduled attempts (pg-boss jobs, one per step of the retry schedule)
// and the manual ones. An attempt is claimed in one transaction, made outside any transaction,
// and recorded (with the next step's job) in another.
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Boss } from '../jobs/boss.ts';
import { sendInTransaction } from '../jobs/boss.ts';
import { sql } from '../persistence/sql.ts';
import { Event, WebhookDelivery } from '../persistence/entities/index.ts';
import { newId } from '../ids.ts';
import { ApiError, notFound } from '../domain/errors.ts';
import { WEBHOOK_QUEUE, type ScheduledAttempt } from '../domain/events.ts';
import type { Caller } from '../domain/merchants.ts';
import { activeSecrets, allowsInsecure, findEndpoint } from '../domain/webhook-endpoints.ts';
import { postWebhook, type AttemptResult } from './send.ts';
import { signatureHeader } from './signature.ts';

export interface WebhookSettings {
  retryBaseMs: number;
  maxAttempts: number;
  timeoutMs: number;
  /** WEBHOOK_ALLOW_INSECURE: for test-mode endpoints only. */
  allowInsecure: boolean;
  /** The CA certificates (PEM) HTTPS endpoints are checked against, when not the system's alone. */
  ca?: string[];
}

export const USER_AGENT = 'Nairaflow-Webhooks/1';

/** The wait after failed scheduled attempt `step` (1-based): base, 2 x base, 4 x base, ... no jitter. */
export function retryDelayMs(settings: WebhookSettings, step: number): number {
  return settings.retryBaseMs * 2 ** (step - 1);
}

interface Claim {
  deliveryId: string;
  livemode: boolean;
  url: string;
  secrets: string[];
  payload: string;
}

/** One scheduled attempt (the job of step `step`); safe to run twice: the second does nothing. */
export async function deliverScheduled(em: EntityManager, boss: Boss, settings: WebhookSettings, job: ScheduledAttempt): Promise<void> {
  // Every worker runs this for every event, so it speaks plain SQL (see persistence/sql.ts).
  const claim = await em.transactional((tx) => claimScheduled(tx, settings, job));
  if (claim === null) return;

  const result = await attempt(claim, settings);

  await em.transactional(async (tx) => {
    await recordResult(tx, claim.deliveryId, result);
    if (result.ok) {
      await sql(tx, "update events set delivery_status = 'succeeded', next_attempt_at = null where id = $1", [job.event_id]);
      return;
    }
    if (job.step >= settings.maxAttempts) {
      await sql(
        tx,
        "update events set delivery_status = 'failed', next_attempt_at = null where id = $1 and delivery_status <> 'succeeded'",
        [job.event_id],
      );
      return;
    }
    const next = new Date(Date.now() + retryDelayMs(settings, job.step));
    // A manual redeliver may have succeeded meanwhile: then the schedule ends here.
    const [still] = await sql<{ id: string }>(
      tx,
      "update events set delivery_status = 'pending', next_attempt_at = $2 where id = $1 and delivery_status <> 'succeeded' returning id",
      [job.event_id, next],
    );
    if (still === undefined) return;
    await sql(tx, 'update webhook_deliveries set next_attempt_at = $2 where id = $1', [claim.deliveryId, next]);
    await sendInTransaction(boss, tx, WEBHOOK_QUEUE, { event_id: job.event_id, step: job.step + 1 } satisfies ScheduledAttempt, {
      startAfter: next,
      singletonKey: `${job.event_id}:${job.step + 1}`,
    });
  });
}

async function claimScheduled(tx: EntityManager, settings: WebhookSettings, job: ScheduledAttempt): Promise<Claim | null> {
  const [event] = await sql<{ merchant_id: string; livemode: boolean; payload: string; delivery_status: string }>(
    tx,
    'select merchant_id, livemode, payload, delivery_status from events where id = $1 for update',
    [job.event_id],
  );
  // Delivered already (perhaps by hand): the rest of the schedule has nothing to do.
  if (event === undefined || event.delivery_status === 'succeeded') return null;
  const [endpoint] = await sql<{ id: string; url: string; secrets: string[] }>(tx, ENDPOINT_WITH_SECRETS, [event.merchant_id, event.livemode]);
  if (endpoint === undefined) {
    await sql(tx, "update events set delivery_status = 'no_endpoint', next_attempt_at = null where id = $1", [job.event_id]);
    return null;
  }
  const now = new Date();
  // This step's row is made once. It is taken over only when its worker died: it started longer
  // ago than any attempt can last and never finished. Otherwise the step is done, or being done.
  const [delivery] = await sql<{ id: string; inserted: boolean }>(
    tx,
    `insert into webhook_deliveries (id, event_id, attempt, trigger, schedule_step, url, started_at)
     values ($1, $2, (select attempts + 1 from events where id = $2), 'scheduled', $3, $4, $5)
     on conflict (event_id, schedule_step) where schedule_step is not null do update
       set started_at = excluded.started_at, url = excluded.url
       where webhook_deliveries.finished_at is null and webhook_deliveries.started_at < $6
     returning id, (xmax = 0) as inserted`,
    [newId('whd'), job.event_id, job.step, endpoint.url, now, new Date(now.getTime() - settings.timeoutMs - 5000)],
  );
  if (delivery === undefined) {
    const [existing] = await sql<{ finished: boolean }>(
      tx,
      'select finished_at is not null as finished from webhook_deliveries where event_id = $1 and schedule_step = $2',
      [job.event_id, job.step],
    );
    // Made and recorded already: this job is a duplicate, and is done.
    if (existing?.finished === true) return null;
    // Started but not recorded, and too recent to take over: either another worker is making it
    // right now, or recording its result failed (the database went away, say). Fail the job, so
    // pg-boss tries it again later, once the attempt can be taken over; completing it would end
    // the event's schedule here.
    throw new Error(`webhook attempt ${job.step} of ${job.event_id} is started but unrecorded; retrying later`);
  }
  await sql(tx, 'update events set attempts = attempts + $2, next_attempt_at = null where id = $1', [job.event_id, delivery.inserted ? 1 : 0]);
  return { deliveryId: delivery.id, livemode: event.livemode, url: endpoint.url, secrets: endpoint.secrets, payload: event.payload };
}

// The endpoint of a merchant and mode, with the secrets that sign right now, newest first.
const ENDPOINT_WITH_SECRETS = `
  select w.id, w.url,
         array(select s.secret from webhook_secrets s
                where s.endpoint_id = w.id and (s.expires_at is null or s.expires_at > now())
                order by s.created_at desc, s.id desc) as secrets
    from webhook_endpoints w where w.merchant_id = $1 and w.livemode = $2`;

async function recordResult(tx: EntityManager, deliveryId: string, result: AttemptResult): Promise<void> {
  await sql(
    tx,
    `update webhook_deliveries
        set finished_at = now(), duration_ms = $2, response_status = $3, response_body = $4, error = $5
      where id = $1`,
    [deliveryId, result.durationMs, result.status, result.body, result.error],
  );
}

/** One attempt now, by hand; recorded like any other, and it leaves the schedule as it is. */
export async function deliverManually(em: EntityManager, settings: WebhookSettings, caller: Caller, eventId: string): Promise<WebhookDelivery> {
  const claim = await em.transactional(async (tx) => {
    const event = await tx.findOne(
      Event,
      { id: eventId, merchant_id: caller.merchant.id, livemode: caller.livemode },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (event === null) throw notFound('event', eventId);
    const endpoint = await findEndpoint(tx, caller.merchant.id, caller.livemode);
    if (endpoint === null) {
      throw new ApiError('invalid_request', 'No webhook endpoint is configured in this mode; set one with PUT /v1/webhook_endpoint first.');
    }
    event.attempts += 1;
    const delivery = tx.create(WebhookDelivery, {
      id: newId('whd'),
      event_id: event.id,
      attempt: event.attempts,
      trigger: 'manual',
      schedule_step: null,
      url: endpoint.url,
      started_at: new Date(),
      finished_at: null,
      duration_ms: null,
      response_status: null,
      response_body: null,
      error: null,
      next_attempt_at: null,
    });
    return {
      deliveryId: delivery.id,
      livemode: event.livemode,
      url: endpoint.url,
      secrets: await activeSecrets(tx, endpoint.id),
      payload: event.payload,
    } satisfies Claim;
  });

  const result = await attempt(claim, settings);

  await em.transactional(async (tx) => {
    await recordResult(tx, claim.deliveryId, result);
    if (result.ok) await sql(tx, "update events set delivery_status = 'succeeded', next_attempt_at = null where id = $1", [eventId]);
  });
  return em.fork().findOneOrFail(WebhookDelivery, { id: claim.deliveryId });
}

export async function listDeliveries(em: EntityManager, caller: Caller, eventId: string): Promise<WebhookDelivery[]> {
  const event = await em.findOne(Event, { id: eventId, merchant_id: caller.merchant.id, livemode: caller.livemode });
  if (event === null) throw notFound('event', eventId);
  return em.find(WebhookDelivery, { event_id: eventId }, { orderBy: { attempt: 'asc' } });
}

async function attempt(claim: Claim, settings: WebhookSettings): Promise<AttemptResult> {
  // t is the time of this attempt, so a late retry still passes the receiver's 5-minute check.
  const timestamp = Math.floor(Date.now() / 1000);
  return postWebhook({
    url: claim.url,
    body: claim.payload,
    headers: {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      'service-signature': signatureHeader(claim.payload, claim.secrets, timestamp),
    },
    timeoutMs: settings.timeoutMs,
    policy: { allowInsecure: allowsInsecure(claim.livemode, settings.allowInsecure) },
    ...(settings.ca === undefined ? {} : { ca: settings.ca }),
  });
}
