// What the API does with deliveries: one attempt now by hand (it leaves the schedule as it is,
// unless it delivers), the attempts made for an event, and recovering what a broken receiver
// missed. The scheduled attempts are the background sender's (webhooks/dispatcher.ts); both make
// their attempts through a WebhookSender, outside any transaction.
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Event, WebhookDelivery } from '../persistence/entities/index.ts';
import { sql } from '../persistence/sql.ts';
import { endSchedule, queueRecoveryBatch, untilQueueFree, type AttemptResult, type Claim } from '../persistence/webhook-queue.ts';
import { newId } from '../ids.ts';
import { ApiError, notFound } from './errors.ts';
import type { Caller } from './merchants.ts';
import { activeSecrets, findEndpoint, noEndpoint, type ResolveHost } from './webhook-endpoints.ts';

/** How the API reaches merchants' endpoints (webhooks/attempt.ts makes one). */
export interface WebhookSender {
  /** One attempt now, signed at its own time; an endpoint's failure is a result, not a throw. */
  send(claim: Claim): Promise<AttemptResult>;
  /** What a new endpoint URL is checked with before it is saved. */
  targets: { allowInsecure: boolean; resolve: ResolveHost };
}

/** One attempt now, by hand; recorded like any other, and it leaves the schedule as it is unless it delivers. */
export async function deliverManually(em: EntityManager, sender: WebhookSender, caller: Caller, eventId: string): Promise<WebhookDelivery> {
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

  const result = await sender.send(claim);

  await em.transactional(async (tx) => {
    await sql(
      tx,
      `update webhook_deliveries
          set finished_at = now(), duration_ms = $2, response_status = $3, response_body = $4, error = $5, receiver_clock_skew_seconds = $6
        where id = $1`,
      [claim.deliveryId, result.durationMs, result.status, result.body, result.error, result.clockSkewSeconds ?? null],
    );
    if (!result.ok) return;
    // Delivered: the rest of the schedule has nothing to do, and the endpoint is not failing.
    await endSchedule(tx, eventId);
    await sql(
      tx,
      'update webhook_endpoints set failing_since = null, last_failed_at = null, last_succeeded_at = now() where merchant_id = $1 and livemode = $2',
      [caller.merchant.id, caller.livemode],
    );
  });
  return em.fork().findOneOrFail(WebhookDelivery, { id: claim.deliveryId });
}

/** The attempts made for one of the caller's events, first first. */
export async function listDeliveries(em: EntityManager, caller: Caller, eventId: string): Promise<WebhookDelivery[]> {
  const event = await em.findOne(Event, { id: eventId, merchant_id: caller.merchant.id, livemode: caller.livemode });
  if (event === null) throw notFound('event', eventId);
  return em.find(WebhookDelivery, { event_id: eventId }, { orderBy: { attempt: 'asc' } });
}

/** Events looked at per transaction: each batch's locks are held for a moment, not for the whole recovery. */
const RECOVERY_BATCH = 2_000;

/**
 * Queues an attempt due now for each of the caller's events created at or after `since` that is
 * not delivered and has none due already: a new one (at the step after its last scheduled one),
 * or a waiting retry brought forward. Returns how many; each event is queued once however often
 * this is asked, at once or not. Works through the events oldest first, a batch per transaction,
 * so that however many there are, nothing else waits on it for long: not the merchant's payments
 * (which record events against the endpoint), not the dispatchers.
 */
export async function recoverDeliveries(em: EntityManager, caller: Caller, since: Date): Promise<number> {
  let queued = 0;
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    const batch = await untilQueueFree(() =>
      em.transactional(async (tx) => {
        // Share-locked, as recording an event does: the endpoint cannot be deleted or disabled while
        // the batch queues attempts for it (a disable would not see them, and they would wait for
        // ever). Payments recording events go on; a dispatcher recording an attempt to it waits
        // for the batch (the batch does not wait for the dispatcher: see queueRecoveryBatch).
        const [endpoint] = await sql<{ id: string; disabled: boolean }>(
          tx,
          'select id, disabled_at is not null as disabled from webhook_endpoints where merchant_id = $1 and livemode = $2 for share',
          [caller.merchant.id, caller.livemode],
        );
        if (endpoint === undefined) throw noEndpoint();
        if (endpoint.disabled) {
          throw new ApiError(
            'invalid_request',
            'The webhook endpoint is disabled: enable it by setting its URL again (PUT /v1/webhook_endpoint), then recover.',
          );
        }
        return queueRecoveryBatch(tx, { merchantId: caller.merchant.id, livemode: caller.livemode, endpointId: endpoint.id }, since, after, RECOVERY_BATCH);
      }),
    );
    queued += batch.queued;
    if (batch.seen < RECOVERY_BATCH || batch.last === null) return queued;
    after = batch.last;
  }
}
