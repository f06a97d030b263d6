// The asynchronous verifier, on WebCrypto alone (globalThis.crypto.subtle): no node: import here
// or in anything this file imports, so it runs on edge runtimes, Deno, Bun and browsers.
import { parseEvent, rawBytes, type RawBody } from './body.ts';
import { noMatchingSignature } from './errors.ts';
import type { NairaflowEvent } from './generated/events.ts';
import { parseSignatureHeader } from './header.ts';
import { checkTimestamp, resolveOptions, toSecrets, type Secrets, type VerifyOptions } from './options.ts';
import { signingTimestamp, type SignatureHeaderOptions } from './sign.ts';

let fallbackSubtle: SubtleCrypto | undefined;

/** @internal Node 18's entry hands over node:crypto's webcrypto; see node-crypto.ts. */
export function setFallbackSubtle(subtle: SubtleCrypto): void {
  fallbackSubtle = subtle;
}

function subtle(): SubtleCrypto {
  const found = (globalThis as { crypto?: { subtle?: SubtleCrypto } }).crypto?.subtle ?? fallbackSubtle;
  if (!found) {
    throw new Error(
      'WebCrypto (globalThis.crypto.subtle) is not available in this runtime. On Node 18 import ' +
        "'@nairaflow/webhook-verifier' rather than '/web', or use the synchronous constructEvent.",
    );
  }
  return found;
}

const encoder = new TextEncoder();

async function hmacHex(secret: string, t: string, body: Uint8Array): Promise<string> {
  const key = await subtle().importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const prefix = encoder.encode(`${t}.`);
  const message = new Uint8Array(prefix.length + body.length);
  message.set(prefix);
  message.set(body, prefix.length);
  const mac = new Uint8Array(await subtle().sign('HMAC', key, message));
  let hex = '';
  for (const byte of mac) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/**
 * Constant time for equal lengths: every character is compared, whatever differs first. Lengths
 * are not secret (a v1 is always 64 characters; the parser rejects any other).
 */
function timingSafeEqualHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

function asBytes(body: string | Uint8Array): Uint8Array {
  return typeof body === 'string' ? encoder.encode(body) : body;
}

/** verifySignature on WebCrypto: resolves, or rejects with a WebhookVerificationError. */
export async function verifySignatureAsync(rawBody: RawBody, header: string | readonly string[] | null | undefined, secretOrSecrets: Secrets, options?: VerifyOptions): Promise<void> {
  await verifyBody(rawBody, header, secretOrSecrets, options);
}

/** constructEvent on WebCrypto: the typed event, or a rejection with a WebhookVerificationError. */
export async function constructEventAsync(rawBody: RawBody, header: string | readonly string[] | null | undefined, secretOrSecrets: Secrets, options?: VerifyOptions): Promise<NairaflowEvent> {
  return parseEvent(await verifyBody(rawBody, header, secretOrSecrets, options));
}

async function verifyBody(rawBody: RawBody, header: string | readonly string[] | null | undefined, secretOrSecrets: Secrets, options: VerifyOptions | undefined): Promise<string | Uint8Array> {
  const secrets = toSecrets(secretOrSecrets);
  const { toleranceSeconds, now } = resolveOptions(options);
  const body = rawBytes(rawBody);
  const parsed = parseSignatureHeader(header);
  const bytes = asBytes(body);
  let matched = false;
  for (const secret of secrets) {
    const expected = await hmacHex(secret, parsed.t, bytes);
    if (parsed.signatures.some((signature) => timingSafeEqualHex(expected, signature))) {
      matched = true;
      break;
    }
  }
  if (!matched) throw noMatchingSignature(secrets);
  checkTimestamp(parsed, toleranceSeconds, now);
  return body;
}

/** signatureHeader on WebCrypto. */
export async function signatureHeaderAsync(payload: RawBody, secretOrSecrets: Secrets, options?: SignatureHeaderOptions): Promise<string> {
  const secrets = toSecrets(secretOrSecrets);
  const t = String(signingTimestamp(options));
  const bytes = asBytes(rawBytes(payload));
  const v1: string[] = [];
  for (const secret of secrets) v1.push(`v1=${await hmacHex(secret, t, bytes)}`);
  return `t=${t},${v1.join(',')}`;
}
