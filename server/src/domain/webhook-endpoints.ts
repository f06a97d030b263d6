// The merchant's webhook endpoint (one per mode) and its signing secrets.
import { isIP } from 'node:net';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Event, WebhookEndpoint } from '../persistence/entities/index.ts';
import { sql } from '../persistence/sql.ts';
import { dropEndpointQueue, QUEUE_BUSY, untilQueueFree } from '../persistence/webhook-queue.ts';
import { newId, newSigningSecret } from '../ids.ts';
import { isForbiddenAddress, urlProblem } from './webhook-targets.ts';
import { ApiError } from './errors.ts';
import { recordEvent } from './events.ts';
import type { Caller } from './merchants.ts';

/** How long a rolled secret keeps signing beside the new one, unless the merchant says otherwise. */
export const DEFAULT_ROLL_OVERLAP_SECONDS = 86_400;

export interface EndpointView {
  endpoint: WebhookEndpoint;
  /** While a rolled secret still signs beside the current one. */
  previousSecretExpiresAt: Date | null;
  /** While failing or disabled: what the last failed delivery met, in words, with what to do. */
  lastError: string | null;
}

/** Test-mode endpoints may be http:// and private when the operator allows it; live ones never. */
export function allowsInsecure(livemode: boolean, allowInsecure: boolean): boolean {
  return !livemode && allowInsecure;
}

/** Every address a host name has; an unresolvable name answers none. */
export type ResolveHost = (hostname: string) => Promise<{ address: string }[]>;

// An unresolvable name is accepted (its DNS may not exist yet); every attempt resolves it again
// and refuses a private answer at connect time. `resolve` bounds how long the check may wait.
async function assertAcceptableUrl(url: string, insecureAllowed: boolean, resolve: ResolveHost): Promise<void> {
  const problem = urlProblem(url, { allowInsecure: insecureAllowed });
  if (problem !== null) throw new ApiError('invalid_request', `The webhook URL ${problem}.`, 'url');
  if (insecureAllowed) return;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return;
  const addresses = await resolve(host).catch(() => []);
  const bad = addresses.find((a) => isForbiddenAddress(a.address));
  if (bad !== undefined) {
    throw new ApiError('invalid_request', "The webhook URL's host resolves to a private address; use a public one.", 'url');
  }
}

/** Sets the endpoint's URL, creating the endpoint (and its first secret) when there is none. */
export async function setEndpoint(
  em: EntityManager,
  caller: Caller,
  url: string,
  options: { allowInsecure: boolean; resolve: ResolveHost },
): Promise<{ view: EndpointView; secret: string | null }> {
  await assertAcceptableUrl(url, allowsInsecure(caller.livemode, options.allowInsecure), options.resolve);
  return em.transactional(async (tx) => {
    const now = new Date();
    const [inserted] = await sql<{ id: string }>(
      tx,
      `insert into webhook_endpoints (id, merchant_id, livemode, url, created_at, updated_at) values ($1, $2, $3, $4, $5, $5)
       on conflict (merchant_id, livemode) do nothing returning id`,
      [newId('we'), caller.merchant.id, caller.livemode, url, now],
    );
    let secret: string | null = null;
    if (inserted !== undefined) {
      secret = newSigningSecret();
      await sql(tx, 'insert into webhook_secrets (endpoint_id, secret, created_at) values ($1, $2, $3)', [inserted.id, secret, now]);
    } else {
      // Setting the URL again also enables an endpoint that was disabled for failing. It stays
      // failing (failing_since, and its last error shown) until a delivery succeeds; its next
      // failure starts a new run of 5 days before it could be disabled again.
      await sql(
        tx,
        `update webhook_endpoints set url = $1, updated_at = $2, disabled_at = null, disabled_reason = null, last_failed_at = null
          where merchant_id = $3 and livemode = $4`,
        [url, now, caller.merchant.id, caller.livemode],
      );
    }
    return { view: await viewEndpoint(tx, caller), secret };
  });
}

/** The caller's endpoint in its mode; 404 resource_missing when none is configured. */
export async function requireEndpoint(em: EntityManager, caller: Caller): Promise<WebhookEndpoint> {
  const endpoint = await findEndpoint(em, caller.merchant.id, caller.livemode);
  if (endpoint === null) throw noEndpoint();
  return endpoint;
}

/**
 * Records a webhook.test event, delivered like any other. In live mode a test event with nowhere
 * to go is a mistake (404 without an endpoint); in test mode it is recorded all the same, for the
 * event stream: `nairaflow listen` on a laptop needs no endpoint.
 */
export async function sendTestEvent(em: EntityManager, caller: Caller): Promise<Event> {
  return em.transactional(async (tx) => {
    if (caller.livemode) await requireEndpoint(tx, caller);
    return recordEvent(tx, { merchantId: caller.merchant.id, livemode: caller.livemode }, 'webhook.test', { test: true });
  });
}

export async function viewEndpoint(em: EntityManager, caller: Caller): Promise<EndpointView> {
  const endpoint = await requireEndpoint(em, caller);
  const [row] = await sql<{ expires_at: string | null }>(
    em,
    'select max(expires_at) as expires_at from webhook_secrets where endpoint_id = $1 and expires_at > now()',
    [endpoint.id],
  );
  const unwell = endpoint.failing_since !== null || endpoint.disabled_at !== null;
  return {
    endpoint,
    previousSecretExpiresAt: row?.expires_at == null ? null : new Date(row.expires_at),
    lastError: unwell ? await lastFailure(em, caller) : null,
  };
}

/**
 * What the endpoint's last failed delivery met, in words and with what to do: looked for among the
 * deliveries of the mode's 200 newest events (a failing endpoint's newest events fail too), so
 * that it costs the same however many events a merchant has.
 */
async function lastFailure(em: EntityManager, caller: Caller): Promise<string | null> {
  const [failed] = await sql<{ response_status: number | null; error: string | null }>(
    em,
    `select d.response_status, d.error
       from (select id from events where merchant_id = $1 and livemode = $2 order by created_at desc, id desc limit 200) e
       join webhook_deliveries d on d.event_id = e.id
      where d.finished_at is not null and d.error is not null
      order by d.finished_at desc limit 1`,
    [caller.merchant.id, caller.livemode],
  );
  return failed === undefined ? null : failureInWords(failed.response_status, failed.error!);
}

/** A failed delivery's cause as a merchant reads it: what happened, then what to do. */
export function failureInWords(status: number | null, error: string): string {
  if (status !== null) {
    if (status === 401 || status === 403) return `The endpoint answered ${status}: it may be checking signatures with an old signing secret. Check your receiver's secret, then resend.`;
    if (status === 404 || status === 405) return `The endpoint answered ${status}: nothing takes events at that URL. Check the URL's path.`;
    if (status >= 300 && status < 400) return `The endpoint answered ${status}, a redirect, which is not followed. Set the URL it redirects to.`;
    if (status >= 500) return `The endpoint answered ${status}: your server had a problem. Check its logs.`;
    return `The endpoint answered ${status}. It should answer 2xx once it has the event.`;
  }
  if (error.startsWith('timed out')) return `The endpoint did not answer in time (${error}). Answer 2xx at once and do the work after.`;
  if (error.startsWith('refused target')) return `Not sent: ${error.slice('refused target: '.length)}. Use a public address.`;
  if (error.startsWith('TLS error')) return `The endpoint's HTTPS certificate was refused (${error}). Check its certificate chain.`;
  return `The delivery failed: ${error}. Check that your server is up and reachable from the internet.`;
}

/** The endpoint with its current signing secret, for a receiver set up again. */
export async function revealSecret(em: EntityManager, caller: Caller): Promise<{ view: EndpointView; secret: string }> {
  const view = await viewEndpoint(em, caller);
  const [current] = await sql<{ secret: string }>(
    em,
    'select secret from webhook_secrets where endpoint_id = $1 and expires_at is null order by created_at desc, id desc limit 1',
    [view.endpoint.id],
  );
  // Deleted between the two reads: as if there had been none.
  if (current === undefined) throw noEndpoint();
  return { view, secret: current.secret };
}

export async function findEndpoint(em: EntityManager, merchantId: string, livemode: boolean): Promise<WebhookEndpoint | null> {
  const [row] = await sql<Record<keyof WebhookEndpoint, string | boolean | null>>(
    em,
    `select id, merchant_id, livemode, url, created_at, updated_at, failing_since, disabled_at, disabled_reason, last_succeeded_at
       from webhook_endpoints where merchant_id = $1 and livemode = $2`,
    [merchantId, livemode],
  );
  if (row === undefined) return null;
  // Timestamps arrive as text on this connection (see payment-intent-rows.ts).
  const date = (value: unknown): Date | null => (value == null ? null : new Date(value as string));
  return {
    id: row.id as string,
    merchant_id: row.merchant_id as string,
    livemode: row.livemode as boolean,
    url: row.url as string,
    created_at: date(row.created_at)!,
    updated_at: date(row.updated_at)!,
    failing_since: date(row.failing_since),
    disabled_at: date(row.disabled_at),
    disabled_reason: (row.disabled_reason as string | null) ?? null,
    last_succeeded_at: date(row.last_succeeded_at),
  };
}

/** Deletes the endpoint; the events it still had to deliver end as no_endpoint. */
export async function deleteEndpoint(em: EntityManager, caller: Caller): Promise<string> {
  return untilQueueFree(() =>
    em.transactional(async (tx) => {
      // Locked first: events being recorded for it commit before, and are seen below; later ones
      // find no endpoint.
      const [endpoint] = await sql<{ id: string }>(tx, 'select id from webhook_endpoints where merchant_id = $1 and livemode = $2 for update', [
        caller.merchant.id,
        caller.livemode,
      ]);
      if (endpoint === undefined) throw noEndpoint();
      if ((await dropEndpointQueue(tx, endpoint.id)) === QUEUE_BUSY) return QUEUE_BUSY;
      await sql(tx, 'delete from webhook_endpoints where id = $1', [endpoint.id]);
      return endpoint.id;
    }),
  );
}

/**
 * A new signing secret. The previous ones keep signing beside it for `overlapSeconds`, so the
 * merchant can deploy the new secret without dropping events (the header carries one v1 each).
 */
export async function rollSecret(em: EntityManager, caller: Caller, overlapSeconds: number): Promise<{ view: EndpointView; secret: string }> {
  return em.transactional(async (tx) => {
    const [endpoint] = await sql<{ id: string }>(tx, 'select id from webhook_endpoints where merchant_id = $1 and livemode = $2 for update', [
      caller.merchant.id,
      caller.livemode,
    ]);
    if (endpoint === undefined) throw noEndpoint();
    // Secrets already counting down keep the sooner of their own end and this overlap's. Times are
    // the transaction's own now(), the clock every "is it still signing" check compares with.
    await sql(
      tx,
      // (Truncated to the column's milliseconds, so an overlap of 0 ends no later than now.)
      `update webhook_secrets
          set expires_at = least(coalesce(expires_at, date_trunc('milliseconds', now() + make_interval(secs => $2))),
                                 date_trunc('milliseconds', now() + make_interval(secs => $2)))
        where endpoint_id = $1 and (expires_at is null or expires_at > now())`,
      [endpoint.id, overlapSeconds],
    );
    const secret = newSigningSecret();
    await sql(tx, 'insert into webhook_secrets (endpoint_id, secret, created_at) values ($1, $2, now())', [endpoint.id, secret]);
    return { view: await viewEndpoint(tx, caller), secret };
  });
}

/** The secrets that sign right now, newest first. */
export async function activeSecrets(em: EntityManager, endpointId: string): Promise<string[]> {
  const rows = await sql<{ secret: string }>(
    em,
    'select secret from webhook_secrets where endpoint_id = $1 and (expires_at is null or expires_at > now()) order by created_at desc, id desc',
    [endpointId],
  );
  return rows.map((r) => r.secret);
}

export const noEndpoint = (): ApiError =>
  new ApiError('resource_missing', 'No webhook endpoint is configured in this mode. Set one with PUT /v1/webhook_endpoint.');
