import express, { type Express, type RequestHandler } from 'express';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { PaymentsContext } from '../domain/payments.ts';
import type { WebhookSettings } from '../webhooks/deliver.ts';
import { ApiError } from '../domain/errors.ts';
import { newId } from '../ids.ts';
import { redactUrl } from '../log.ts';
import { loadContract, type Contract, type ContractOperation } from './contract.ts';
import { errorHandler } from './errors.ts';
import { authenticateFor, siteOf, type Site } from './auth.ts';
import type { KeyCache } from './key-cache.ts';
import { rateLimit, type RateLimitStore } from './rate-limit.ts';
import { checkBodyFraming, checkJsonBody, checkRawBody, jsonReviver } from './json-body.ts';
import { checkQueryIntegers, methodGuard, refuseUndecodableUrl, requireHost } from './request-guards.ts';
import { contractValidation } from './contract-validation.ts';
import { operationPipeline } from './pipeline.ts';
import { operationHandlers } from './operations/index.ts';
import { paymentSheetRouter } from '../web/payment-sheet.ts';
import { dashboardRouter } from '../web/dashboard.ts';
import './context.ts';

export interface AppDeps {
  config: Config;
  orm: MikroORM;
  log: Logger;
  rateLimitStore: RateLimitStore;
  payments: PaymentsContext;
  webhooks: WebhookSettings;
  /** Where customers reach this service (payment sheet links). */
  publicBaseUrl: () => string;
  /** What secret keys authenticate as (cached per process, forgotten on revocation). */
  keys: KeyCache;
  /** Called once per answered API operation (the tests use it to prove every documented response occurs). */
  onOperationResponse?: (operationId: string, status: number) => void;
}

/** Request bodies above this are refused with 413 before they are parsed. */
const MAX_BODY = '64kb';

export function createApp(deps: AppDeps): Express {
  const { config, orm, log } = deps;
  const contract = loadContract();
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // The contract's paths are exact: /V1/... must not reach a handler around the validator and the
  // authentication, whose path matching is case-sensitive.
  app.set('case sensitive routing', true);
  if (config.trustProxy !== undefined) app.set('trust proxy', config.trustProxy);

  // Each request's EntityManager is forked on first use: many answers (refusals, pages) never touch
  // the database. Defined once on the app's request prototype, not on every request.
  const forks = new WeakMap<object, EntityManager>();
  Object.defineProperty(app.request, 'em', {
    get(this: object) {
      let em = forks.get(this);
      if (em === undefined) forks.set(this, (em = orm.em.fork()));
      return em;
    },
    configurable: true,
  });
  app.use(requestContext(contract, orm, log, deps.onOperationResponse));
  app.use(strictTransportSecurity);
  app.use(requireHost);
  app.use(refuseUndecodableUrl);
  app.use(methodGuard(contract));

  // What every request to /v1 and /dashboard/api goes through before it is read: operations
  // (below) and requests for unknown URLs there alike.
  const limit = rateLimit(deps.rateLimitStore, config.rateLimitPerMinute);
  const authenticate = authenticateWhereRequired(contract, siteOf(deps.publicBaseUrl), deps.keys);
  const framing = checkBodyFraming();
  const json = express.json({ limit: MAX_BODY, reviver: jsonReviver, verify: checkRawBody });
  const jsonRules = checkJsonBody(contract);
  // HEAD is GET without the body (Node leaves the body out by itself): validated and answered as GET.
  const headAsGet: RequestHandler = (req, _res, next) => {
    if (req.method === 'HEAD') req.method = 'GET';
    next();
  };

  // The contract's operations, each through its own pipeline (pipeline.ts).
  const handlerDeps = { config, payments: deps.payments, webhooks: deps.webhooks, publicBaseUrl: deps.publicBaseUrl, keys: deps.keys };
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
  app.use(
    operationPipeline({
      steps: [limit, authenticate, framing, json, jsonRules, checkQueryIntegers, headAsGet],
      validation: contractValidation(contract),
      validateResponses: config.validateResponses,
      handlers,
      log,
    }),
  );

  app.get('/openapi.yaml', (_req, res) => {
    res.type('application/yaml').send(contract.text);
  });
  app.get('/docs', (_req, res) => {
    // The reference is one file with its script and styles inline; nothing may load from elsewhere.
    res.set(
      'Content-Security-Policy',
      "default-src 'none'; script-src 'unsafe-inline' 'unsafe-eval'; style-src 'unsafe-inline'; img-src 'self' data:; font-src data:; worker-src blob:; connect-src 'self'; frame-ancestors 'none'",
    );
    res.set('X-Frame-Options', 'DENY');
    res.type('html').send(contract.referenceHtml());
  });

  app.use(paymentSheetRouter());
  app.use(dashboardRouter());

  // An unknown URL under /v1 or /dashboard/api is counted against its client and its body read
  // (a malformed one is still a 400) before the 404.
  app.use(['/v1', '/dashboard/api'], limit);
  app.use(framing, json, jsonRules);

  app.use((req) => {
    throw new ApiError('resource_missing', `Unrecognized request URL (${req.method} ${req.path}).`);
  });
  app.use(errorHandler(log));
  return app;
}

/**
 * Over HTTPS (as the request came: directly, or through a trusted proxy's X-Forwarded-Proto),
 * browsers are told to use nothing else for a year. Not over plain HTTP: a development server on
 * 127.0.0.1 must not pin a browser to HTTPS.
 */
const strictTransportSecurity: RequestHandler = (req, res, next) => {
  if (req.secure) res.set('Strict-Transport-Security', 'max-age=31536000');
  next();
};

/** Gives each request its id, its own EntityManager and one log line when it is answered. */
function requestContext(contract: Contract, orm: MikroORM, log: Logger, onOperationResponse: AppDeps['onOperationResponse']): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const method = req.method;
    req.requestId = newId('req');
    req.operation = contract.match(method, req.originalUrl.split('?')[0]!);

    res.set('x-request-id', req.requestId);
    res.on('finish', () => {
      if (onOperationResponse !== undefined) {
        if (req.operation !== undefined) onOperationResponse(req.operation.operationId, res.statusCode);
      }
      if (!log.isLevelEnabled('info')) return;
      log.info(
        {
          request_id: req.requestId,
          method,
          url: redactUrl(req.originalUrl),
          status: res.statusCode,
          ms: Math.round((performance.now() - started) * 10) / 10,
        },
        'request',
      );
    });
    next();
  };
}

/** Authentication for exactly the operations whose contract asks for it, by its schemes, before any validation. */
function authenticateWhereRequired(contract: Contract, site: Site, keys: KeyCache): RequestHandler {
  const byOperation = new Map(contract.operations.filter((o) => o.secured).map((o) => [o, authenticateFor(o, site, keys)]));
  return (req, res, next) => {
    const authenticate = req.operation === undefined ? undefined : byOperation.get(req.operation);
    if (authenticate !== undefined) return authenticate(req, res, next);
    next();
  };
}

