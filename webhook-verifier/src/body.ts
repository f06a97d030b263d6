import { bodyNotRaw, invalidJson } from './errors.ts';
import type { NairaflowEvent } from './generated/events.ts';
import { describe } from './options.ts';

/** The body exactly as received. A Buffer is a Uint8Array; an ArrayBuffer is what fetch's arrayBuffer() gives. */
export type RawBody = string | Uint8Array | ArrayBuffer;

/**
 * The body as a string or bytes, or body_not_raw. ArrayBuffer.isView and the tag check, not
 * instanceof, so bytes from another realm (a vm context, a test environment) are accepted too.
 */
export function rawBytes(rawBody: unknown): string | Uint8Array {
  if (typeof rawBody === 'string') return rawBody;
  if (ArrayBuffer.isView(rawBody)) {
    return rawBody instanceof Uint8Array ? rawBody : new Uint8Array(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
  }
  if (Object.prototype.toString.call(rawBody) === '[object ArrayBuffer]') return new Uint8Array(rawBody as ArrayBuffer);
  throw bodyNotRaw(rawBody !== null && typeof rawBody === 'object' ? `${describe(rawBody)}, i.e. a body that was already parsed` : describe(rawBody));
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Parses a body whose signature has been verified. */
export function parseEvent(body: string | Uint8Array): NairaflowEvent {
  let text: string;
  try {
    text = typeof body === 'string' ? body : utf8.decode(body);
  } catch {
    throw invalidJson('it is not valid UTF-8');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw invalidJson((err as Error).message);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw invalidJson('it is JSON but not an object');
  const { id, type } = value as { id?: unknown; type?: unknown };
  if (typeof id !== 'string' || typeof type !== 'string') throw invalidJson('it is a JSON object without a string id and type');
  return value as NairaflowEvent;
}
