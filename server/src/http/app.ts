import { IncomingMessage, ServerResponse } from 'node:http';
import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { PaymentsContext } from '../domain/settlement.ts';
import type { PayoutsContext } from '../domain/payouts.ts';
import type { WebhookSender } from '../domain/webhook-deliveries.ts';
import { ApiError } from '../domain/errors.ts';
import { newId } from '../ids.ts';
import { redactUrl } from '../log.ts';
import { autocommit } from '../persistence/sql.ts';
import { loadContract, type Contract, type ContractOperation } from './contract.ts';
import { errorHandler } from './errors.ts';
import { authenticateFor, siteOf, type Site } from './auth.ts';
import type { KeyCache } from './key-cache.ts';
import type { EventFeed } from './event-feed.ts';
import { rateLimit, type RateLimits } from './rate-limit.ts';
import type { RateLimitStore } from '../domain/rate-limit-store.ts';
import { checkBodyFraming, checkJsonBody, checkRawBody } from './json-body.ts';
import { checkQueryIntegers, methodGuard, refuseUndecodableUrl, requireHost } from './request-guards.ts';
import { contractValidation } from './contract-validation.ts';
import { operationPipeline, runSteps } from './pipeline.ts';
import { json as sendJson } from './json-response.ts';
import { apiVersion } from './api-version.ts';
import { operationHandlers } from './operations/index.ts';
import { paymentSheetRouter } from '../web/payment-sheet.ts';
import { dashboardRouter } from '../web/dashboard.ts';
import { apiReferenceRouter } from '../web/api-reference.ts';
import { processorWebhookRouter } from './processor-webhooks.ts';
import { PAGE, UNMATCHED, type HttpObserver } from '../metrics/http-metrics.ts';
import './context.ts';

export interface AppDeps {
  config: Config;
  orm: MikroORM;
  log: Logger;
  rateLimitStore: RateLimitStore;
  payments: PaymentsContext;
  payouts: PayoutsContext;
  webhooks: WebhookSender;
  /** Where customers reach this service (payment sheet links). */
  publicBaseUrl: () => string;
  /** What secret keys authenticate as (cached per process, forgotten on revocation). */
  keys: KeyCache;
  /** The open event streams of this process. */
  eventFeed: EventFeed;
  /** Called once per answered API operation (the tests use it to prove every documented response occurs). */
  onOperationResponse?: (operationId: string, status: number) => void;
  /** Told of every answer, for the metrics (METRICS_PORT). */
  metrics?: HttpObserver;
}

/** Request bodies above this are refused with 413 before they are parsed. */
const MAX_BODY = '64kb';

/**
 * What the HTTP server calls for each request; `app` is the Express application behind it (the
 * pages, the 404). The server should make its requests and responses with `serverOptions`: they
 * are then born with Express's methods, instead of having their prototypes swapped on arrival
 * (which costs V8 more than the swap looks: every such object goes slow afterwards).
 */
export type RequestListener = ((req: IncomingMessage, res: ServerResponse) => void) & {
  app: Express;
  serverOptions: { IncomingMessage: typeof IncomingMessage; ServerResponse: typeof ServerResponse };
};

export function createApp(deps: AppDeps): RequestListener {
  const { config, orm, log } = deps;
  const contract = loadContract();
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.response.json = sendJson;
  // The contract's paths are exact: /V1/... must not reach a handler around the validator and the
  // authentication, whose path matching is case-sensitive.
  app.set('case sensitive routing', true);
  if (config.trustProxy !== undefined) app.set('trust proxy', config.trustProxy);

  // Each request's EntityManager is forked on first use: many answers (refusals, pages) never touch
  // the database. Defined once on the app's request prototype, not on every request.
  const fork = Symbol('em');
  Object.defineProperty(app.request, 'em', {
    get(this: { [fork]?: EntityManager }) {
      return (this[fork] ??= orm.em.fork());
    },
    configurable: true,
  });
  Object.defineProperty(app.request, 'db', { value: autocommit(orm) });
  // What every request goes through first, an operation's (see `listener` below) and a page's alike.
  const front: RequestHandler[] = [requestContext(log, deps.onOperationResponse, deps.metrics), apiVersion(), strictTransportSecurity, requireHost, refuseUndecodableUrl];
  app.use(front);
  app.use(methodGuard(contract));

  // What every request to /v1 and /dashboard/api goes through before it is read: operations
  // (below) and requests for unknown URLs there alike.
  const limits = { store: deps.rateLimitStore, perClient: config.rateLimitPerMinute, perUser: config.dashboardRateLimitPerMinute };
  const limit = rateLimit(limits);
  const authenticate = authenticateWhereRequired(contract, siteOf(deps.publicBaseUrl), deps.keys, config.dashboardIdleTimeoutSeconds, limits);
  const framing = checkBodyFraming();
  const json = express.json({ limit: MAX_BODY, verify: checkRawBody });
  const jsonRules = checkJsonBody(contract);
  // HEAD is GET without the body (Node leaves the body out by itself): validated and answered as GET.
  const headAsGet: RequestHandler = (req, _res, next) => {
    if (req.method === 'HEAD') req.method = 'GET';
    next();
  };

  // The contract's operations, each through its own pipeline (pipeline.ts).
  const handlerDeps = { config, payments: deps.payments, payouts: deps.payouts, webhooks: deps.webhooks, publicBaseUrl: deps.publicBaseUrl, keys: deps.keys, eventFeed: deps.eventFeed, orm };
  const handlers = new Map<ContractOperation, RequestHandler>();
  for (const operation of contract.operations) {
    const factory = operationHandlers[operation.operationId as keyof typeof operationHandlers];
    if (factory === undefined) throw new Error(`openapi.yaml names operation ${operation.operationId}, which has no handler`);
    handlers.set(operation, factory(handlerDeps) as RequestHandler);
  }
  const documented = new Set(contract.operations.map((o) => o.operationId));
  for (const operationId of Object.keys(operationHandlers)) {
    if (!documented.has(operationId)) throw new Error(`handler ${operationId} is not an operation of openapi.yaml`);
  }
  const pipeline = operationPipeline({
    steps: [limit, authenticate, framing, json, jsonRules, checkQueryIntegers, headAsGet],
    validation: contractValidation(contract),
    validateResponses: config.validateResponses,
    handlers,
    log,
  });

  // /docs and /openapi.yaml, naming the address this server answers on.
  app.use(apiReferenceRouter(contract, deps.publicBaseUrl));
  app.use(paymentSheetRouter());
  app.use(dashboardRouter());
  app.use(processorWebhookRouter({ orm, log, paystackSecretKey: config.paystack?.secretKey ?? null, payments: deps.payments, payouts: deps.payouts }));

  // An unknown URL under /v1 or /dashboard/api is counted against its client and its body read
  // (a malformed one is still a 400) before the 404.
  app.use(['/v1', '/dashboard/api'], limit);
  app.use(framing, json, jsonRules);

  app.use((req) => {
    throw new ApiError('resource_missing', `Unrecognized request URL (${req.method} ${req.path}).`);
  });
  const errors = errorHandler(log, deps.publicBaseUrl, deps.metrics);
  app.use(errors);

  // A request for one of the contract's operations (matched once, here) goes straight through
  // `front` and its pipeline: it never needs the router's walk past the pages' routes. It gets
  // exactly what Express's own entry gives a request first (its request and response methods,
  // the links between the two), and its failures reach the same error handler.
  const operationChain = [...front, pipeline];
  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    const operation = contract.match(req.method ?? '', pathOf(req.url ?? '/'));
    if (operation === undefined) return void app(req, res);
    const request = (Object.getPrototypeOf(req) === app.request ? req : Object.setPrototypeOf(req, app.request)) as Request;
    const response = (Object.getPrototypeOf(res) === app.response ? res : Object.setPrototypeOf(res, app.response)) as Response;
    request.res = response;
    response.req = request;
    response.locals = Object.create(null) as Response['locals'];
    request.originalUrl = request.url;
    request.baseUrl = '';
    request.operation = operation;
    runSteps(operationChain, request, response, (error?: unknown) => {
      if (error === undefined) error = new ApiError('resource_missing', `Unrecognized request URL (${request.method} ${request.path}).`);
      // A failure after the answer began cannot be answered: it is logged, and the connection
      // (which cannot carry a second answer) closed, as Express's own last resort does.
      const lastResort = (late: unknown): void => {
        log.error({ err: late, request_id: request.requestId, operation: operation.operationId }, 'failed after its answer began');
        request.socket.destroy();
      };
      try {
        errors(error, request, response, lastResort);
      } catch (failed) {
        lastResort(failed);
      }
    });
  };
  return Object.assign(listener, { app, serverOptions: bornWith(app) });
}

/** Constructors of Node's requests and responses whose instances have `app`'s prototypes from the start. */
function bornWith(app: Express): RequestListener['serverOptions'] {
  function AppRequest(this: IncomingMessage, socket: ConstructorParameters<typeof IncomingMessage>[0]): void {
    IncomingMessage.call(this, socket);
  }
  AppRequest.prototype = app.request;
  function AppResponse(this: ServerResponse, req: IncomingMessage, options?: object): void {
    (ServerResponse as unknown as (this: ServerResponse, req: IncomingMessage, options?: object) => void).call(this, req, options);
  }
  AppResponse.prototype = app.response;
  return { IncomingMessage: AppRequest as unknown as typeof IncomingMessage, ServerResponse: AppResponse as unknown as typeof ServerResponse };
}

/** The path of a request target, without its query or fragment (as Express reads `req.path`). */
const pathOf = (url: string): string => {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
};

/**
 * Over HTTPS (as the request came: directly, or through a trusted proxy's X-Forwarded-Proto),
 * browsers are told to use nothing else for a year. Not over plain HTTP: a development server on
 * 127.0.0.1 must not pin a browser to HTTPS.
 */
const strictTransportSecurity: RequestHandler = (req, res, next) => {
  if (req.secure) res.set('Strict-Transport-Security', 'max-age=31536000');
  next();
};

/**
 * Nginx's number for a request its client closed before the answer was complete: it has no status
 * of its own, and must still be counted (a database stall that makes clients give up would
 * otherwise show fewer requests and no slow ones).
 */
const CLIENT_CLOSED = 499;

/**
 * Gives each request its id, its own EntityManager and one log line when it ends: answered, or
 * closed by its client first (an event stream always ends so). The operation is known by then for
 * the contract's operations (the listener matched it); anything else is not one: a page, or
 * nothing at that URL (a 404, a 405, anything refused under /v1 or /dashboard/api).
 */
function requestContext(log: Logger, onOperationResponse: AppDeps['onOperationResponse'], metrics: HttpObserver | undefined): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const method = req.method;
    req.requestId = newId('req');
    res.setHeader('x-request-id', req.requestId);
    if (onOperationResponse !== undefined || metrics !== undefined || log.isLevelEnabled('info')) {
      res.on('close', () => {
        // A stream whose client left was answered (its status was sent); a request left before
        // its answer was not.
        const answered = res.writableFinished || res.headersSent;
        const status = answered ? res.statusCode : CLIENT_CLOSED;
        if (onOperationResponse !== undefined && req.operation !== undefined && res.writableFinished) onOperationResponse(req.operation.operationId, status);
        const ms = performance.now() - started;
        if (metrics !== undefined) {
          const unmatched = status === 404 || status === 405 || API_PATH.test(req.path);
          metrics.answered(req.operation?.operationId ?? (unmatched ? UNMATCHED : PAGE), status, ms / 1000);
        }
        if (!log.isLevelEnabled('info')) return;
        log.info(
          {
            request_id: req.requestId,
            method,
            url: redactUrl(req.originalUrl),
            status,
            ms: Math.round(ms * 10) / 10,
          },
          'request',
        );
      });
    }
    next();
  };
}

/** Where only the contract's operations live: anything else there is not a page. */
const API_PATH = /^\/(v1|dashboard\/api)(\/|$)/;

/** Authentication for exactly the operations whose contract asks for it, by its schemes, before any validation. */
function authenticateWhereRequired(contract: Contract, site: Site, keys: KeyCache, idleSeconds: number, limits: RateLimits): RequestHandler {
  const byOperation = new Map(contract.operations.filter((o) => o.secured).map((o) => [o, authenticateFor(o, site, keys, idleSeconds, limits)]));
  return (req, res, next) => {
    const authenticate = req.operation === undefined ? undefined : byOperation.get(req.operation);
    if (authenticate !== undefined) return authenticate(req, res, next);
    next();
  };
}

