// The synchronous verifier, on node:crypto. The Node entry (index.ts) exports it; the WebCrypto
// entry (web.ts) never imports this file.
import { createHmac, timingSafeEqual, webcrypto } from 'node:crypto';
import { parseEvent, rawBytes, type RawBody } from './body.ts';
import { noMatchingSignature } from './errors.ts';
import type { NairaflowEvent } from './generated/events.ts';
import { parseSignatureHeader } from './header.ts';
import { checkTimestamp, resolveOptions, toSecrets, type Secrets, type VerifyOptions } from './options.ts';
import { signingTimestamp, type SignatureHeaderOptions } from './sign.ts';
import { setFallbackSubtle } from './web-crypto.ts';

// Node 18 has WebCrypto only as node:crypto's `webcrypto` (the global came in Node 19), so the
// async variants fall back to it when imported through this entry.
setFallbackSubtle(webcrypto.subtle as SubtleCrypto);

/**
 * Checks the Service-Signature header against the raw body; returns nothing, or throws a
 * WebhookVerificationError. For callers who parse the body themselves; constructEvent does both.
 */
export function verifySignature(rawBody: RawBody, header: string | readonly string[] | null | undefined, secretOrSecrets: Secrets, options?: VerifyOptions): void {
  verifyBody(rawBody, header, secretOrSecrets, options);
}

/** Verifies, then parses: the typed event, or a WebhookVerificationError. */
export function constructEvent(rawBody: RawBody, header: string | readonly string[] | null | undefined, secretOrSecrets: Secrets, options?: VerifyOptions): NairaflowEvent {
  return parseEvent(verifyBody(rawBody, header, secretOrSecrets, options));
}

function verifyBody(rawBody: RawBody, header: string | readonly string[] | null | undefined, secretOrSecrets: Secrets, options: VerifyOptions | undefined): string | Uint8Array {
  const secrets = toSecrets(secretOrSecrets);
  const { toleranceSeconds, now } = resolveOptions(options);
  const body = rawBytes(rawBody);
  const parsed = parseSignatureHeader(header);
  const received = parsed.signatures.map((hex) => Buffer.from(hex, 'hex'));
  let matched = false;
  for (const secret of secrets) {
    const expected = createHmac('sha256', secret).update(`${parsed.t}.`).update(body).digest();
    // Both sides are 32 bytes (the header parser admits only 64 hex characters), as timingSafeEqual requires.
    if (received.some((signature) => timingSafeEqual(expected, signature))) {
      matched = true;
      break;
    }
  }
  if (!matched) throw noMatchingSignature(secrets);
  checkTimestamp(parsed, toleranceSeconds, now);
  return body;
}

/**
 * A Service-Signature header for `payload`, as Nairaflow would send it: for your own tests.
 * Several secrets give one v1 each, as during a secret roll.
 */
export function signatureHeader(payload: RawBody, secretOrSecrets: Secrets, options?: SignatureHeaderOptions): string {
  const secrets = toSecrets(secretOrSecrets);
  const t = signingTimestamp(options);
  const body = rawBytes(payload);
  const v1 = secrets.map((secret) => `v1=${createHmac('sha256', secret).update(`${t}.`).update(body).digest('hex')}`);
  return `t=${t},${v1.join(',')}`;
}
