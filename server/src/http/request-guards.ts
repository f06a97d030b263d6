// Checks every request passes before any route sees it: a URL that decodes, and a method the path
// accepts. Both answer in the one error shape, so a client never meets a framework's own default
// answer (a 500 from a failed decode, a `200 GET, HEAD` to OPTIONS).
import type { RequestHandler, Response } from 'express';
import { emptyParameter } from './plain-words.ts';
import { ApiError } from '../domain/errors.ts';
import type { Contract } from './contract.ts';

/** HTTP/1.1 requires a Host header (RFC 9112); one without it is refused here, in the one shape. */
export const requireHost: RequestHandler = (req, _res, next) => {
  if (req.httpVersion === '1.1' && req.headers.host === undefined) {
    throw new ApiError('invalid_request', 'An HTTP/1.1 request must carry a Host header.');
  }
  next();
};

/** 400 for a URL whose percent-encoding does not decode (`/pay/%ff`), before a router tries. */
export const refuseUndecodableUrl: RequestHandler = (req, _res, next) => {
  try {
    decodeURIComponent(req.path);
  } catch {
    throw new ApiError('invalid_request', 'The URL is not validly percent-encoded (each % must start a UTF-8 byte such as %20).');
  }
  next();
};

// The pages (the payment sheet, the dashboard, the reference, the contract) are read-only.
const PAGE = /^\/(pay|dashboard)(\/|$)|^\/docs\/?$|^\/openapi\.yaml$/;
const PAGE_METHODS = ['GET', 'HEAD'];

/**
 * 405 method_not_allowed, with the `Allow` header HTTP requires, for a known path and a method it
 * does not take: the contract's methods for an API path, GET and HEAD for a page. OPTIONS is such
 * a method (no CORS: the API is called from servers and our own pages).
 */
export function methodGuard(contract: Contract): RequestHandler {
  return (req, res, next) => {
    if (req.operation !== undefined) return next();
    const api = contract.methodsFor(req.path);
    const allowed = api.length > 0 ? api : !req.path.startsWith('/dashboard/api') && PAGE.test(req.path) ? PAGE_METHODS : [];
    if (allowed.length === 0 || allowed.includes(req.method)) return next();
    throw methodNotAllowed(res, allowed);
  };
}

export function methodNotAllowed(res: Response, allowed: readonly string[]): ApiError {
  res.set('Allow', allowed.join(', '));
  return new ApiError('method_not_allowed', `This URL accepts only ${allowed.join(', ')}. See the API reference at /docs.`);
}

/**
 * An integer query parameter (`limit`) must be written as a whole number: `10.00000000000000001`
 * would otherwise be read as 10 on its way through the validator's type coercion.
 */
export const checkQueryIntegers: RequestHandler = (req, _res, next) => {
  for (const name of req.operation?.integerQuery ?? []) {
    const value: unknown = req.query[name];
    if (value === '') throw new ApiError('invalid_request', emptyParameter(name), name);
    if (typeof value === 'string' && !/^-?\d+$/.test(value)) {
      throw new ApiError('invalid_request', `${name} must be a whole number, written in digits.`, name);
    }
  }
  next();
};

/**
 * A free-text query parameter (`q`) as the client wrote it must decode: a value with a broken
 * percent-escape (`%zz`, a lone `%`) or bytes that are not UTF-8 (`%ff`) would otherwise be taken
 * as some other text than was meant, and searched for. 400 naming the parameter.
 */
export function assertDecodableQuery(req: { url: string }, name: string): void {
  const start = req.url.indexOf('?');
  if (start === -1) return;
  for (const segment of req.url.slice(start + 1).split('&')) {
    const equals = segment.indexOf('=');
    if (equals === -1 || segment.slice(0, equals) !== name) continue;
    try {
      decodeURIComponent(segment.slice(equals + 1).replace(/\+/g, ' '));
    } catch {
      throw new ApiError('invalid_request', `${name} is not validly percent-encoded (each % must start a UTF-8 byte such as %20).`, name);
    }
  }
}
