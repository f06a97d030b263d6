import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorRequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { ApiError, type ErrorCode } from '../domain/errors.ts';
import { isTransientDatabaseError } from '../persistence/database-errors.ts';
import { newId } from '../ids.ts';
import { redactUrl, throttled } from '../log.ts';
import type { ContractProblem } from './contract-validation.ts';
import { paramName, shown } from './plain-words.ts';
import { currentApiVersion } from './api-version.ts';
import { MALFORMED, type HttpObserver } from '../metrics/http-metrics.ts';

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  invalid_request: 400,
  payment_intent_unexpected_state: 400,
  invalid_api_key: 401,
  authentication_required: 401,
  invalid_credentials: 401,
  csrf_token_invalid: 403,
  password_confirmation_required: 403,
  resource_missing: 404,
  method_not_allowed: 405,
  insufficient_balance: 409,
  idempotency_key_in_use: 409,
  request_too_large: 413,
  request_headers_too_large: 431,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
};

/** Every error code of the contract. */
export const ERROR_CODES = Object.keys(STATUS_BY_CODE) as readonly ErrorCode[];

const INTERNAL = new ApiError('internal_error', 'Something went wrong on our side. It has been logged; retrying is safe for requests sent with an Idempotency-Key.');

/** How long a client is asked to wait when the database is away: a restart takes a few seconds. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;

const unavailable = (): ApiError =>
  new ApiError(
    'service_unavailable',
    'The service is briefly unavailable: its database is not answering. Retry in a few seconds; a retry with the same Idempotency-Key is safe.',
    undefined,
    { retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS },
  );

/** Where this service's API reference is (the origin it is reached at); each error links to its code's entry there. */
export type DocsBase = () => string;

/** The entry for `code` in the API reference (/docs): the `### code` heading of the contract's Errors section. */
export const docUrl = (docsBase: DocsBase, code: string): string => `${docsBase()}/docs#section/${code}`;

/**
 * The one error handler: every failure leaves as `{"error": {code, message, param?, doc_url,
 * request_id}}`, and is counted by its code when `metrics` is given.
 */
export function errorHandler(log: Logger, docsBase: DocsBase, metrics?: HttpObserver): ErrorRequestHandler {
  // During an outage every request fails the same way: one line every few seconds says so, with
  // how many requests it stands for, instead of one line per request.
  const unavailableLog = throttled(5000);
  return (err: unknown, req, res, next) => {
    if (res.headersSent) return next(err);
    const apiError = toApiError(err);
    const status = STATUS_BY_CODE[apiError.code];
    if (err instanceof ApiError) {
      // Refused on purpose (a 503 included: live payments turned off): nothing went wrong here.
    } else if (apiError.code === 'service_unavailable') {
      unavailableLog((requests) => log.warn({ reason: describeCause(err), requests, request_id: req.requestId }, 'database unavailable: answering 503'));
    } else if (status >= 500) {
      log.error({ err, request_id: req.requestId, method: req.method, path: redactUrl(req.path) }, 'unexpected error');
    }
    sendError(res, status, apiError, req.requestId, docsBase);
    metrics?.refused(apiError.code);
  };
}

export function sendError(res: Response, status: number, error: ApiError, requestId: string, docsBase: DocsBase): void {
  const body = {
    error: {
      code: error.code,
      message: error.message,
      ...(error.param === undefined ? {} : { param: error.param }),
      doc_url: docUrl(docsBase, error.code),
      request_id: requestId,
    },
  };
  res.status(status);
  if (error.retryAfterSeconds !== undefined) res.set('Retry-After', String(error.retryAfterSeconds));
  if (status >= 500) {
    // Sent as text so the response validator cannot turn a failure to report a failure into a loop.
    res.type('application/json').send(JSON.stringify(body));
  } else {
    res.json(body);
  }
}

interface HttpishError {
  status?: number;
  statusCode?: number;
  type?: string;
  message?: string;
  path?: string;
}


const describeCause = (err: unknown): string => (err instanceof Error ? `${(err as { code?: string }).code ?? err.name}: ${err.message}` : String(err));

function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (typeof err !== 'object' || err === null) return INTERNAL;
  if (isTransientDatabaseError(err)) return unavailable();
  const e = err as HttpishError;
  // PostgreSQL: a value out of its column's range (an amount that would take a balance past 2^63).
  if ((e as { code?: string }).code === '22003') {
    return new ApiError('invalid_request', 'An amount in this request would take a balance out of range.', 'amount');
  }
  // body-parser
  if (e.type === 'entity.too.large') return new ApiError('request_too_large', 'The request body is larger than 64 KiB.');
  if (e.type === 'entity.parse.failed') {
    return new ApiError('invalid_request', 'The request body is not valid JSON. Send a JSON object with Content-Type: application/json.');
  }
  if (e.type === 'encoding.unsupported' || e.type === 'charset.unsupported') {
    return new ApiError('invalid_request', 'Unsupported body encoding; send UTF-8 JSON.');
  }
  const status = e.status ?? e.statusCode;
  if (status === 413) return new ApiError('request_too_large', 'The request body is larger than 64 KiB.');
  // Other client errors the body parser raises (a body that cannot be decompressed, say).
  if (status !== undefined && status >= 400 && status < 500 && (e as { expose?: boolean }).expose === true) {
    return new ApiError('invalid_request', `The request body could not be read: ${e.message ?? 'malformed body'}.`);
  }
  return INTERNAL;
}

// The validation names the failing place as /body/customer/email, /query/limit or
// /headers/idempotency-key; the API names it customer.email, limit or Idempotency-Key, and says
// what is wrong in plain words (plain-words.ts).
export function validationError(problem: ContractProblem): ApiError {
  const { where, param: sent } = paramName(problem.path);
  // A name the client made up (an unknown field) is only named back if it is safe to repeat.
  const param = problem.additionalProperty !== undefined || where === 'query' ? shown(sent) : sent;
  const message = problem.words ?? `${param || where || 'The request'} is not valid.`;
  return new ApiError('invalid_request', message, sent === '' ? undefined : param);
}

/**
 * For the HTTP server's `clientError`: a request Node's own parser refused before express saw it
 * (headers over 16 KB, an invalid method or request line, a request that never finished
 * arriving). Node would answer with a bare status line; this answers in the one error shape, with
 * an x-request-id, and closes the connection.
 */
export function answerClientError(log: Logger, docsBase: DocsBase, metrics?: HttpObserver) {
  return (error: NodeJS.ErrnoException, socket: Duplex): void => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, apiError] = clientErrorAnswer(error.code);
    socket.end(rawError(status, apiError, log, error.code ?? 'unreadable', docsBase, metrics).wire);
  };
}

/**
 * An error in the one shape for an answer Node handles outside express: its status, headers
 * (those every answer carries, and Connection: close) and body, and the same as the bytes to
 * write to a socket.
 */
function rawError(
  status: number,
  error: ApiError,
  log: Logger,
  reason: string,
  docsBase: DocsBase,
  metrics: HttpObserver | undefined,
): { headers: Record<string, string>; body: string; wire: string } {
  const requestId = newId('req');
  log.info({ request_id: requestId, status, reason }, 'refused a malformed request');
  metrics?.answered(MALFORMED, status, null);
  metrics?.refused(error.code);
  const body = JSON.stringify({ error: { code: error.code, message: error.message, doc_url: docUrl(docsBase, error.code), request_id: requestId } });
  const headers = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'x-request-id': requestId,
    'Nairaflow-Version': currentApiVersion(),
    Connection: 'close',
  };
  const head = [`HTTP/1.1 ${status} ${STATUS_CODES[status]}`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
  return { headers, body, wire: `${head.join('\r\n')}\r\n\r\n${body}` };
}

/** For the HTTP server's `connect`: the API has no proxy, so CONNECT is a method no path takes. */
export function answerConnect(log: Logger, docsBase: DocsBase, metrics?: HttpObserver) {
  return (_req: IncomingMessage, socket: Duplex): void => {
    const error = new ApiError('method_not_allowed', 'CONNECT is not a method this API takes; it is not a proxy.');
    socket.end(rawError(405, error, log, 'CONNECT', docsBase, metrics).wire);
  };
}

/** For the HTTP server's `checkExpectation`: an Expect header other than 100-continue. */
export function answerExpectation(log: Logger, docsBase: DocsBase, metrics?: HttpObserver) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const error = new ApiError('invalid_request', `Unsupported Expect header (${String(req.headers.expect).slice(0, 40)}); only 100-continue is understood.`);
    const { headers, body } = rawError(400, error, log, 'Expect', docsBase, metrics);
    res.writeHead(400, headers).end(body);
  };
}

function clientErrorAnswer(code: string | undefined): [number, ApiError] {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return [431, new ApiError('request_headers_too_large', 'The request line and headers are larger than 16 KB.')];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return [408, new ApiError('invalid_request', 'The request did not arrive in time.')];
    default:
      return [400, new ApiError('invalid_request', 'The request is not valid HTTP/1.1 (its method, request line or headers could not be read).')];
  }
}
