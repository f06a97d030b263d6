// Paystack's webhooks: each is signed in `x-paystack-signature`, the hex HMAC-SHA512 of the raw
// body keyed with the secret key (there is no separate webhook secret, no timestamp and no event
// id). A webhook is only a nudge: what it says is confirmed by asking Paystack before any money
// moves, so a replayed or out-of-order one changes nothing that asking would not.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readShape, type WebhookEvent } from './wire.ts';

export const PAYSTACK_SIGNATURE_HEADER = 'x-paystack-signature';

/** The signature Paystack sends with `body`. */
export function paystackSignature(secretKey: string, body: Buffer | string): string {
  return createHmac('sha512', secretKey).update(body).digest('hex');
}

/** Whether `header` is the signature of exactly these bytes; compared in constant time. */
export function hasValidSignature(secretKey: string, body: Buffer, header: string | undefined): boolean {
  if (typeof header !== 'string' || !/^[0-9a-f]{128}$/i.test(header)) return false;
  const expected = Buffer.from(paystackSignature(secretKey, body), 'hex');
  const given = Buffer.from(header, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** What a signed webhook asks us to look at again. */
export type WebhookNudge =
  | { kind: 'charge'; reference: string }
  | { kind: 'transfer'; reference: string }
  | { kind: 'refund'; transactionReference: string }
  | { kind: 'other'; event: string };

/** The event's body as a nudge; null when the body is not an event at all. */
export function readWebhook(body: Buffer): WebhookNudge | null {
  let event: WebhookEvent;
  try {
    event = readShape('webhookEvent', JSON.parse(body.toString('utf8')));
  } catch {
    return null;
  }
  const text = (name: string): string | null => (typeof event.data[name] === 'string' && event.data[name] !== '' ? (event.data[name] as string) : null);
  if (event.event.startsWith('charge.') && !event.event.startsWith('charge.dispute')) {
    const reference = text('reference');
    if (reference !== null) return { kind: 'charge', reference };
  }
  if (event.event.startsWith('transfer.')) {
    const reference = text('reference');
    if (reference !== null) return { kind: 'transfer', reference };
  }
  if (event.event.startsWith('refund.')) {
    const transactionReference = text('transaction_reference');
    if (transactionReference !== null) return { kind: 'refund', transactionReference };
  }
  return { kind: 'other', event: event.event };
}
