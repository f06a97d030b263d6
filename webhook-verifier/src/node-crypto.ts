// The synchronous verifier, on node:crypto. The Node entry (index.ts) exports it; the WebCrypto
// entry (web.ts) never imports this file.
import { createHmac, timingSafeEqual, webcrypto } from 'node:crypto';
import { parseEvent, rawBytes, type RawBody } from './body.ts';
import { noMatchingSignature } from './errors.ts';
import type { NairaflowEvent } from './generated/events.ts';
import { parseSignatureHeader } from './header.ts';
import { hmacSha256 } from './hmac-node.ts';
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
  const { signatures } = parsed;
  // Decoded once, whatever the number of secrets. Both sides of each comparison are 32 bytes (the
  // header parser admits only 64 hex characters), as timingSafeEqual requires.
  const received: Buffer[] = new Array(signatures.length);
  for (let i = 0; i < signatures.length; i++) received[i] = hexToBytes(signatures[i]!);
  const signed = `${parsed.t}.`;
  if (!matchesAny(secrets, signed, body, received)) throw noMatchingSignature(secrets);
  checkTimestamp(parsed, toleranceSeconds, now);
  return body;
}

// Hex digit values by character code; the header parser has already checked the digits.
const HEX_VALUES = new Uint8Array(128);
for (let i = 0; i < 10; i++) HEX_VALUES[0x30 + i] = i;
for (let i = 0; i < 6; i++) HEX_VALUES[0x61 + i] = 10 + i;

/** 64 lowercase hex characters (as the parser guarantees) to 32 bytes. The header is public: no secret is involved. */
function hexToBytes(hex: string): Buffer {
  const bytes = Buffer.allocUnsafe(hex.length >> 1);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (HEX_VALUES[hex.charCodeAt(2 * i)]! << 4) | HEX_VALUES[hex.charCodeAt(2 * i + 1)]!;
  return bytes;
}

function matchesAny(secrets: readonly string[], signed: string, body: string | Uint8Array, received: readonly Buffer[]): boolean {
  for (let s = 0; s < secrets.length; s++) {
    const expected = hmacSha256(secrets[s]!, signed, body);
    for (let i = 0; i < received.length; i++) {
      if (timingSafeEqual(expected, received[i]!)) return true;
    }
  }
  return false;
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
