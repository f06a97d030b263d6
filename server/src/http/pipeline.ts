// The contract's operations are answered by a pipeline made once per operation, not by a router.
// A request's operation is known as it arrives (matched once, see app.ts); its path parameters come
// from the same match, and its steps run in a fixed order: the per-client limit, authentication,
// the body (framed, read, checked), the contract's validation, then the operation's handler.
// Anything that is not an operation goes on to the pages and the 404.
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { ApiError, notFound } from '../domain/errors.ts';
import type { ContractOperation } from './contract.ts';
import type { ContractValidation } from './contract-validation.ts';
import { validationError } from './errors.ts';

export interface PipelineOptions {
  /** What every operation's request goes through before its validation, in order. */
  steps: RequestHandler[];
  /** How the operation's request (and response) is checked against the contract. */
  validation: ContractValidation;
  /** Outside production: every JSON response is checked against the contract too. */
  validateResponses: boolean;
  /** Each operation's handler. */
  handlers: ReadonlyMap<ContractOperation, RequestHandler>;
  log: Logger;
}

export function operationPipeline(options: PipelineOptions): RequestHandler {
  const { validation, validateResponses, log } = options;

  const validate: RequestHandler = (req, res, next) => {
    const operation = req.operation!;
    if (operation.requiresBody && req.body === undefined) {
      throw new ApiError('invalid_request', 'Send the request body as JSON with Content-Type: application/json.');
    }
    const checks = validation.operation(operation);
    const problem = checks.request({ params: req.params, query: req.query, headers: req.headers, body: req.body });
    // An id that cannot exist (malformed) is not found, exactly as one that does not exist.
    if (problem?.path.startsWith('/params/')) throw cannotExist(operation, String(req.params[problem.path.slice('/params/'.length)] ?? ''));
    if (problem !== undefined) throw validationError(problem);
    if (validateResponses) checkResponses(res, operation, checks.response, log);
    next();
  };

  const chains = new Map<ContractOperation, RequestHandler[]>();
  for (const [operation, handler] of options.handlers) chains.set(operation, [...options.steps, validate, handler]);

  return (req, res, next) => {
    const operation = req.operation;
    if (operation === undefined) return next();
    const chain = chains.get(operation)!;
    try {
      req.params = paramsOf(operation, req.path);
    } catch (error) {
      return next(error);
    }
    // The query, parsed once and kept: each step reads the same object (and validation completes it).
    Object.defineProperty(req, 'query', { value: validation.parseQuery(req.url), writable: true, configurable: true, enumerable: true });
    runSteps(chain, req, res, next);
  };
}

/** The steps in order; the first error (thrown, rejected or passed to next) goes to `done`. */
export function runSteps(chain: readonly RequestHandler[], req: Request, res: Response, done: (error?: unknown) => void): void {
  let at = 0;
  const step = (error?: unknown): void => {
    if (error !== undefined && error !== null) return done(error);
    const handler = chain[at++];
    if (handler === undefined) return done();
    try {
      const result: unknown = handler(req, res, step);
      if (result instanceof Promise) result.then(undefined, (e: unknown) => done(e ?? new Error('rejected without a reason')));
    } catch (e) {
      done(e);
    }
  };
  step();
}

// What a path's id names, by the collection it is in (as the domain's own not-found answers say it).
const RESOURCES: Record<string, string> = { payment_intents: 'payment_intent', refunds: 'refund', events: 'event', api_keys: 'API key' };

function cannotExist(operation: ContractOperation, id: string): ApiError {
  const segments = operation.path.split('/');
  const collection = segments[segments.findIndex((s) => s.startsWith('{')) - 1] ?? 'object';
  const what = RESOURCES[collection] ?? collection.replace(/s$/, '');
  // Echoed only when it is short, plain and not a secret pasted in by mistake.
  if (/^[0-9A-Za-z_-]{1,40}$/.test(id) && !/^(sk|whsec)_|_secret_/.test(id)) return notFound(what, id);
  return new ApiError('resource_missing', `No such ${what}: (an id of another shape).`, 'id');
}

function paramsOf(operation: ContractOperation, path: string): Record<string, string> {
  const params: Record<string, string> = {};
  if (operation.paramNames.length === 0) return params;
  const match = operation.pattern.exec(path);
  // The operation was matched on this very path; anything else would be a bug, not a bad URL.
  if (match === null) throw new Error(`${operation.operationId} matched a path its pattern does not: ${path}`);
  operation.paramNames.forEach((name, i) => {
    try {
      params[name] = decodeURIComponent(match[i + 1]!);
    } catch (error) {
      if (!(error instanceof URIError)) throw error;
      throw new ApiError('invalid_request', 'The URL is not validly percent-encoded (each % must start a UTF-8 byte such as %20).');
    }
  });
  return params;
}

/** Makes the response's JSON body pass the contract before it is sent; one that does not is a 500 (and logged). */
function checkResponses(res: Response, operation: ContractOperation, check: (status: number, body: unknown) => { path: string; message: string } | undefined, log: Logger): void {
  const json = res.json;
  res.json = function (this: Response, body: unknown) {
    const problem = check(this.statusCode, body);
    if (problem !== undefined) {
      log.error({ operation: operation.operationId, status: this.statusCode, problem }, 'a response does not match the contract');
      throw new Error(`the ${this.statusCode} response of ${operation.operationId} does not match the contract: ${problem.path} ${problem.message}`);
    }
    return json.call(this, body);
  };
}
