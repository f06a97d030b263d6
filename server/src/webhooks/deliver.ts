// Delivering events: one attempt (signed at its own time, sent, its answer kept), the settings
// every attempt follows, and the attempts made by hand. The scheduled ones are the dispatcher's
// (dispatcher.ts); an attempt is claimed, made outside any transaction, then recorded.
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../persistence/sql.ts';
import { Event, WebhookDelivery } from '../persistence/entities/index.ts';
import { newId } from '../ids.ts';
import { ApiError, notFound } from '../domain/errors.ts';
import type { Caller } from '../domain/merchants.ts';
import { activeSecrets, allowsInsecure, findEndpoint } from '../domain/webhook-endpoints.ts';
import { postWebhook, type AttemptResult } from './send.ts';
import type { HostResolver } from './resolve.ts';
import { signatureHeader } from './signature.ts';

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

export const USER_AGENT = 'Nairaflow-Webhooks/1';

/** The wait after failed scheduled attempt `step` (1-based): base, 2 x base, 4 x base, ... no jitter. */
export function retryDelayMs(settings: WebhookSettings, step: number): number {
  return settings.retryBaseMs * 2 ** (step - 1);
}

/** One attempt to make: where to, signed with what, carrying which bytes. */
export interface Claim {
  deliveryId: string;
  livemode: boolean;
  url: string;
  secrets: string[];
  payload: string;
}

async function recordResult(tx: EntityManager, deliveryId: string, result: AttemptResult): Promise<void> {
  await sql(
    tx,
    `update webhook_deliveries
        set finished_at = now(), duration_ms = $2, response_status = $3, response_body = $4, error = $5, receiver_clock_skew_seconds = $6
      where id = $1`,
    [deliveryId, result.durationMs, result.status, result.body, result.error, result.clockSkewSeconds ?? null],
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
      receiver_clock_skew_seconds: null,
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
    if (!result.ok) return;
    // Delivered: the rest of the schedule has nothing to do, and the endpoint is not failing.
    await sql(tx, "update events set delivery_status = 'succeeded', next_attempt_at = null where id = $1", [eventId]);
    await sql(tx, 'delete from webhook_queue where event_id = $1', [eventId]);
    await sql(
      tx,
      'update webhook_endpoints set failing_since = null, last_failed_at = null, last_succeeded_at = now() where merchant_id = $1 and livemode = $2',
      [caller.merchant.id, caller.livemode],
    );
  });
  return em.fork().findOneOrFail(WebhookDelivery, { id: claim.deliveryId });
}

export async function listDeliveries(em: EntityManager, caller: Caller, eventId: string): Promise<WebhookDelivery[]> {
  const event = await em.findOne(Event, { id: eventId, merchant_id: caller.merchant.id, livemode: caller.livemode });
  if (event === null) throw notFound('event', eventId);
  return em.find(WebhookDelivery, { event_id: eventId }, { orderBy: { attempt: 'asc' } });
}

/** Makes one attempt: signed now, so a late retry still passes the receiver's 5-minute check. */
export async function attempt(claim: Claim, settings: WebhookSettings): Promise<AttemptResult> {
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
    resolver: settings.resolver,
  });
}
