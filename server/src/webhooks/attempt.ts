// One attempt at a merchant's endpoint, as every attempt is made (scheduled by the dispatcher or
// asked for through the API): signed at its own time, sent, its answer kept.
import type { WebhookSender } from '../domain/webhook-deliveries.ts';
import { allowsInsecure } from '../domain/webhook-endpoints.ts';
import type { AttemptResult, Claim } from '../persistence/webhook-queue.ts';
import { postWebhook } from './send.ts';
import type { WebhookSettings } from './settings.ts';
import { signatureHeader } from './signature.ts';

export const USER_AGENT = 'Nairaflow-Webhooks/1';

/** The wait after failed scheduled attempt `step` (1-based): base, 2 x base, 4 x base, ... no jitter. */
export function retryDelayMs(settings: WebhookSettings, step: number): number {
  return settings.retryBaseMs * 2 ** (step - 1);
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

/** The sender the API's own deliveries (a redelivery by hand) and endpoint checks go through. */
export function webhookSender(settings: WebhookSettings): WebhookSender {
  return {
    send: (claim) => attempt(claim, settings),
    targets: { allowInsecure: settings.allowInsecure, resolve: (host) => settings.resolver.resolve(host) },
  };
}
