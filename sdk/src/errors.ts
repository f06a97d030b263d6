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

/**
 * The request itself was refused: 400 `invalid_request` (a field is invalid or missing; `param`
 * names it when it can), 405 `method_not_allowed`, 413 `request_too_large`, 431
 * `request_headers_too_large`, and any other 4xx this version has no class for.
 */
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

/**
 * 401: who is calling could not be established. `invalid_api_key` (the key is unknown, revoked or
 * malformed), `authentication_required` (a dashboard session is missing or has ended) or
 * `invalid_credentials` (a wrong e-mail address or password at sign-in).
 */
export class AuthenticationError extends NairaflowError {
  static override readonly kind: string = 'AuthenticationError';
}

/**
 * 403 `csrf_token_invalid` or `password_confirmation_required`: the caller is known but may not do
 * this as asked (a dashboard change without the session's CSRF token, or from another site's
 * page; an account change a dashboard session made without typing its password again). Nothing
 * was changed.
 */
export class PermissionError extends NairaflowError {
  static override readonly kind: string = 'PermissionError';
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

/** The fields of an answer that says when to try again (a Retry-After header). */
export type RetryAfterFields = ErrorFields & { retryAfter?: number | undefined };

/** 429 `rate_limited`. The SDK waits `retryAfter` seconds and retries before throwing this. */
export class RateLimitError extends NairaflowError {
  static override readonly kind: string = 'RateLimitError';
  /** Seconds to wait before the next request, from the Retry-After header. */
  readonly retryAfter: number | undefined;

  constructor(fields: RetryAfterFields) {
    super(fields);
    this.retryAfter = fields.retryAfter;
  }
}

/** 500 `internal_error`, any other 5xx, or an answer the SDK does not recognise. */
export class APIError extends NairaflowError {
  static override readonly kind: string = 'APIError';
}

/**
 * 503 `service_unavailable`: the service cannot answer now (its database is restarting, say) or
 * does not offer this (live payments where no live processor is set up); nothing was changed.
 * Retried for you after `retryAfter` seconds when the call is safe to repeat. Also an APIError.
 */
export class ServiceUnavailableError extends APIError {
  static override readonly kind: string = 'ServiceUnavailableError';
  /** Seconds to wait before the next request, from the Retry-After header. */
  readonly retryAfter: number | undefined;

  constructor(fields: RetryAfterFields) {
    super(fields);
    this.retryAfter = fields.retryAfter;
  }
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

type ErrorClass = new (fields: RetryAfterFields) => NairaflowError;

/**
 * The class of each of the contract's error codes. The switch is exhaustive: a code added to
 * openapi.yaml without a case here makes `code` in the default branch something other than
 * `never`, and `npm run typecheck` fails. At run time the default branch is reached by a code
 * this version does not know (a newer server's), which the caller then maps by status.
 */
function errorClassOfCode(code: ErrorCode, param: string | undefined): ErrorClass | undefined {
  switch (code) {
    case 'invalid_request':
      return param === 'Idempotency-Key' ? IdempotencyError : InvalidRequestError;
    case 'payment_intent_unexpected_state':
      return PaymentIntentStateError;
    case 'invalid_api_key':
    case 'authentication_required':
    case 'invalid_credentials':
      return AuthenticationError;
    case 'csrf_token_invalid':
    case 'password_confirmation_required':
      return PermissionError;
    case 'resource_missing':
      return NotFoundError;
    case 'method_not_allowed':
    case 'request_too_large':
    case 'request_headers_too_large':
      return InvalidRequestError;
    case 'insufficient_balance':
      return InsufficientBalanceError;
    case 'idempotency_key_in_use':
      return IdempotencyError;
    case 'rate_limited':
      return RateLimitError;
    case 'internal_error':
      return APIError;
    case 'service_unavailable':
      return ServiceUnavailableError;
    default: {
      const unknown: never = code;
      void unknown;
      return undefined;
    }
  }
}

/** The class for an answer whose code this version does not know, or that has no error body (a proxy's 502 page). */
function errorClassOfStatus(status: number): ErrorClass {
  if (status === 401) return AuthenticationError;
  if (status === 403) return PermissionError;
  if (status === 404) return NotFoundError;
  if (status === 429) return RateLimitError;
  if (status === 503) return ServiceUnavailableError;
  if (status >= 400 && status < 500) return InvalidRequestError;
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
  const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
  // The code is the server's word, checked only against the cases the switch knows.
  const Class = (code === undefined ? undefined : errorClassOfCode(code as ErrorCode, param)) ?? errorClassOfStatus(response.status);
  return new Class({ message, status: response.status, code, param, docUrl, requestId, retryAfter });
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function isErrorBody(body: unknown): body is { error: Record<string, unknown> } {
  if (typeof body !== 'object' || body === null) return false;
  const error = (body as { error?: unknown }).error;
  return typeof error === 'object' && error !== null;
}
