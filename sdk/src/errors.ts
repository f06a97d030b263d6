// Typed errors mirroring the API's error codes (openapi.yaml, "Errors"). Every method either
// returns the API's data or throws one of these.
import type { ErrorCode } from './types.ts';

/**
 * The class names an error is an instance of, on a registry-wide symbol: `instanceof` then works
 * even when two copies of this package are loaded (a bundled one and a hoisted one, say), where
 * the classes differ but the kinds agree.
 */
const KINDS = Symbol.for('@nairaflow/sdk.error-kinds');

export interface ErrorFields {
  message: string;
  /** The HTTP status; undefined when no answer arrived or the SDK refused the call itself. */
  status?: number | undefined;
  code?: ErrorCode | (string & {}) | undefined;
  param?: string | undefined;
  docUrl?: string | undefined;
  requestId?: string | undefined;
  cause?: unknown;
}

export class NairaflowError extends Error {
  static readonly kind: string = 'NairaflowError';

  /** The HTTP status; undefined when no answer arrived or the SDK refused the call itself. */
  readonly status: number | undefined;
  /** The API's error code (`invalid_request`, `resource_missing`, ...). */
  readonly code: ErrorCode | (string & {}) | undefined;
  /** The field at fault, as a dotted path (`amount`, `customer.email`, `Idempotency-Key`). */
  readonly param: string | undefined;
  /** The error code's entry in the API reference (`.../docs#section/invalid_request`). */
  readonly docUrl: string | undefined;
  /** The answer's request id (`req_...`): quote it when you contact support. */
  readonly requestId: string | undefined;

  constructor(fields: ErrorFields) {
    super(fields.message, fields.cause === undefined ? undefined : { cause: fields.cause });
    const kinds: string[] = [];
    for (let c: unknown = new.target; typeof c === 'function'; c = Object.getPrototypeOf(c)) {
      if (Object.hasOwn(c, 'kind')) kinds.push((c as typeof NairaflowError).kind);
    }
    Object.defineProperty(this, KINDS, { value: Object.freeze(kinds) });
    this.name = new.target.kind;
    this.status = fields.status;
    this.code = fields.code;
    this.param = fields.param;
    this.docUrl = fields.docUrl;
    this.requestId = fields.requestId;
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    if (typeof value !== 'object' || value === null) return false;
    const kinds = (value as { [KINDS]?: unknown })[KINDS];
    if (Array.isArray(kinds)) return kinds.includes(this.kind);
    return Function.prototype[Symbol.hasInstance].call(this, value);
  }
}

/** 400 `invalid_request` (and 413): a field is invalid or missing; `param` names it when it can. */
export class InvalidRequestError extends NairaflowError {
  static override readonly kind: string = 'InvalidRequestError';
}

/**
 * 400 `payment_intent_unexpected_state`: the intent's status does not allow this (cancel of a
 * succeeded intent: refund it instead). Also an InvalidRequestError.
 */
export class PaymentIntentStateError extends InvalidRequestError {
  static override readonly kind: string = 'PaymentIntentStateError';
}

/** 401 `invalid_api_key`: the key is unknown, revoked or malformed. */
export class AuthenticationError extends NairaflowError {
  static override readonly kind: string = 'AuthenticationError';
}

/** 404 `resource_missing`: no such object for this key (another merchant's and the other mode's included). */
export class NotFoundError extends NairaflowError {
  static override readonly kind: string = 'NotFoundError';
}

/** 409 `insufficient_balance`: the balance cannot cover the refund; nothing moved. */
export class InsufficientBalanceError extends NairaflowError {
  static override readonly kind: string = 'InsufficientBalanceError';
}

/**
 * Something is wrong with the Idempotency-Key: 409 `idempotency_key_in_use` (a request with the
 * same key is still in progress; the SDK retries it) or 400 `invalid_request` with `param`
 * `Idempotency-Key` (the key was used for a different request).
 */
export class IdempotencyError extends NairaflowError {
  static override readonly kind: string = 'IdempotencyError';
}

/** 429 `rate_limited`. The SDK waits `retryAfter` seconds and retries before throwing this. */
export class RateLimitError extends NairaflowError {
  static override readonly kind: string = 'RateLimitError';
  /** Seconds to wait before the next request, from the Retry-After header. */
  readonly retryAfter: number | undefined;

  constructor(fields: ErrorFields & { retryAfter?: number | undefined }) {
    super(fields);
    this.retryAfter = fields.retryAfter;
  }
}

/** 5xx, or any answer the SDK does not recognise. */
export class APIError extends NairaflowError {
  static override readonly kind: string = 'APIError';
}

/** No complete answer: the connection failed or the attempt timed out. */
export class ConnectionError extends NairaflowError {
  static override readonly kind: string = 'ConnectionError';
  /** True when the attempt ran past `timeoutMs`. */
  readonly timedOut: boolean;

  constructor(fields: ErrorFields & { timedOut?: boolean }) {
    super(fields);
    this.timedOut = fields.timedOut ?? false;
  }
}

function errorClass(status: number, code: string | undefined, param: string | undefined): new (fields: ErrorFields) => NairaflowError {
  switch (code) {
    case 'invalid_request':
      return param === 'Idempotency-Key' ? IdempotencyError : InvalidRequestError;
    case 'request_too_large':
      return InvalidRequestError;
    case 'payment_intent_unexpected_state':
      return PaymentIntentStateError;
    case 'invalid_api_key':
      return AuthenticationError;
    case 'resource_missing':
      return NotFoundError;
    case 'insufficient_balance':
      return InsufficientBalanceError;
    case 'idempotency_key_in_use':
      return IdempotencyError;
    case 'rate_limited':
      return RateLimitError;
  }
  // A code this version does not know, or no error body at all (a proxy's 502 page).
  if (status === 400 || status === 413) return InvalidRequestError;
  if (status === 401) return AuthenticationError;
  if (status === 404) return NotFoundError;
  if (status === 429) return RateLimitError;
  return APIError;
}

/** Seconds from a Retry-After header (delta-seconds or an HTTP date); undefined when absent or unreadable. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  if (/^\s*\d+\s*$/.test(header)) return Number(header);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/** The typed error for an answer that is not a 2xx; `body` is the parsed JSON, or the text. */
export function errorFromResponse(response: Response, body: unknown, redact: (text: string) => string): NairaflowError {
  const error = isErrorBody(body) ? body.error : undefined;
  const code = text(error?.code);
  const param = text(error?.param);
  const docUrl = text(error?.doc_url);
  const requestId = text(error?.request_id) ?? response.headers.get('x-request-id') ?? undefined;
  const serverMessage = text(error?.message);
  const message =
    serverMessage !== undefined
      ? redact(serverMessage)
      : `The API answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''} without a Nairaflow error body.`;
  const fields: ErrorFields = { message, status: response.status, code, param, docUrl, requestId };
  const Class = errorClass(response.status, code, param);
  if (Class === RateLimitError) return new RateLimitError({ ...fields, retryAfter: parseRetryAfter(response.headers.get('retry-after')) });
  return new Class(fields);
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function isErrorBody(body: unknown): body is { error: Record<string, unknown> } {
  if (typeof body !== 'object' || body === null) return false;
  const error = (body as { error?: unknown }).error;
  return typeof error === 'object' && error !== null;
}
