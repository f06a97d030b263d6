// Delivering events: the scheduled attempts (pg-boss jobs, one per step of the retry schedule)
// and the manual ones. An attempt is claimed in one transaction, made outside any transaction,
// and recorded (with the next step's job) in another.
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Boss } from '../jobs/boss.ts';
import { sendInTransaction } from '../jobs/boss.ts';
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
  const claim = await em.transactional(async (tx) => {
    const event = await tx.findOne(Event, { id: job.event_id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    // Delivered already (perhaps by hand): the rest of the schedule has nothing to do.
    if (event === null || event.delivery_status === 'succeeded') return null;
    const endpoint = await findEndpoint(tx, event.merchant_id, event.livemode);
    if (endpoint === null) {
      event.delivery_status = 'no_endpoint';
      event.next_attempt_at = null;
      return null;
    }
    const now = new Date();
    let delivery = await tx.findOne(WebhookDelivery, { event_id: event.id, schedule_step: job.step });
    if (delivery !== null) {
      // This step was made already, or is being made: only an attempt whose worker died (it started
      // longer ago than any attempt can last) is taken over.
      const abandoned = delivery.finished_at === null && now.getTime() - delivery.started_at.getTime() > settings.timeoutMs + 5000;
      if (!abandoned) return null;
      delivery.started_at = now;
      delivery.url = endpoint.url;
    } else {
      event.attempts += 1;
      delivery = tx.create(WebhookDelivery, {
        id: newId('whd'),
        event_id: event.id,
        attempt: event.attempts,
        trigger: 'scheduled',
        schedule_step: job.step,
        url: endpoint.url,
        started_at: now,
        finished_at: null,
        duration_ms: null,
        response_status: null,
        response_body: null,
        error: null,
        next_attempt_at: null,
      });
    }
    event.next_attempt_at = null;
    return {
      deliveryId: delivery.id,
      livemode: event.livemode,
      url: endpoint.url,
      secrets: await activeSecrets(tx, endpoint.id),
      payload: event.payload,
    } satisfies Claim;
  });
  if (claim === null) return;

  const result = await attempt(claim, settings);

  await em.transactional(async (tx) => {
    const delivery = await tx.findOneOrFail(WebhookDelivery, { id: claim.deliveryId });
    const event = await tx.findOneOrFail(Event, { id: job.event_id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    record(delivery, result);
    if (result.ok) {
      event.delivery_status = 'succeeded';
      event.next_attempt_at = null;
    } else if (event.delivery_status !== 'succeeded') {
      if (job.step < settings.maxAttempts) {
        const next = new Date(Date.now() + retryDelayMs(settings, job.step));
        delivery.next_attempt_at = next;
        event.next_attempt_at = next;
        event.delivery_status = 'pending';
        await tx.flush();
        await sendInTransaction(boss, tx, WEBHOOK_QUEUE, { event_id: event.id, step: job.step + 1 } satisfies ScheduledAttempt, {
          startAfter: next,
          singletonKey: `${event.id}:${job.step + 1}`,
        });
      } else {
        event.delivery_status = 'failed';
        event.next_attempt_at = null;
      }
    }
  });
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

  return em.transactional(async (tx) => {
    const delivery = await tx.findOneOrFail(WebhookDelivery, { id: claim.deliveryId });
    record(delivery, result);
    if (result.ok) {
      const event = await tx.findOneOrFail(Event, { id: eventId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      event.delivery_status = 'succeeded';
      event.next_attempt_at = null;
    }
    return delivery;
  });
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

function record(delivery: WebhookDelivery, result: AttemptResult): void {
  delivery.finished_at = new Date();
  delivery.duration_ms = result.durationMs;
  delivery.response_status = result.status;
  delivery.response_body = result.body;
  delivery.error = result.error;
}
