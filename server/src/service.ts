import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Logger } from 'pino';
import { ConfigError, type Config } from './config.ts';
import { createApp, type AppDeps } from './http/app.ts';
import { keyCache, type KeyCache } from './http/key-cache.ts';
import { eventFeed, type EventFeed } from './http/event-feed.ts';
import { answerClientError, answerConnect, answerExpectation, ERROR_CODES } from './http/errors.ts';
import { isTransientDatabaseError } from './persistence/database-errors.ts';
import { directConnectionHears } from './persistence/notification-check.ts';
import { throttled } from './log.ts';
import { MemoryRateLimitStore, PostgresRateLimitStore, type RateLimitStore } from './domain/rate-limit-store.ts';
import { startBoss, type Boss } from './jobs/boss.ts';
import { startMaintenance } from './jobs/maintenance.ts';
import { createPaymentQueues, startPaymentWorkers } from './jobs/payment-jobs.ts';
import type { Loop } from './jobs/payment-completion.ts';
import { createMoneyQueues, startMoneyWorkers } from './jobs/money-jobs.ts';
import { pgBossJobQueue } from './jobs/job-queue.ts';
import { webhookSender } from './webhooks/attempt.ts';
import { webhookSettings } from './webhooks/settings.ts';
import { startWebhookDispatcher, type Dispatcher } from './webhooks/dispatcher.ts';
import { PROCESSOR_ANSWER_TIMEOUT_MS, type PaymentsContext } from './domain/settlement.ts';
import type { Processor } from './domain/processor/processor.ts';
import { paystackProcessor } from './domain/processor/paystack/connector.ts';
import { paystackTransfers } from './domain/processor/paystack/transfers.ts';
import { paystackReports } from './domain/processor/paystack/reports.ts';
import { payoutSimulator } from './domain/processor/payout-simulator.ts';
import type { PayoutsContext } from './domain/payouts.ts';
import { noLiveProcessor } from './domain/processor/no-live-processor.ts';
import { sandboxAcquirer } from './domain/processor/sandbox-acquirer.ts';
import { testCardSimulator } from './domain/processor/test-cards.ts';
import { createOrm, migrate, type Orm } from './persistence/orm.ts';
import { autocommit, sql, usePreparedStatements } from './persistence/sql.ts';
import { createMetrics } from './metrics/metrics.ts';

/** While the database is away, a worker says so in one log line this often. */
const DATABASE_AWAY_LOG_MS = 5000;

export interface Service {
  /** The HTTP origin, e.g. http://127.0.0.1:3000 (undefined for the worker role). */
  url: string | undefined;
  /** Where GET /metrics is served (METRICS_PORT), or undefined. */
  metricsUrl: string | undefined;
  orm: Orm;
  boss: Boss;
  stop(): Promise<void>;
}

export interface ServiceOptions {
  config: Config & { databaseUrl: string };
  log: Logger;
  onOperationResponse?: AppDeps['onOperationResponse'];
}

/** Who takes live-mode card payments (LIVE_PROCESSOR). */
function liveProcessor(config: Config, log: Logger): Processor {
  if (config.liveProcessor === 'paystack') return paystackProcessor(config.paystack!, log);
  if (config.liveProcessor === 'sandbox') return sandboxAcquirer;
  return noLiveProcessor;
}

/** Migrates, then starts the roles the configuration asks for. */
export async function startService({ config, log, onOperationResponse }: ServiceOptions): Promise<Service> {
  usePreparedStatements(config.preparedStatements);
  // Sessions of their own (LISTEN, the migration lock) bypass a transaction pooler; everything else goes through it.
  const directUrl = config.databaseDirectUrl ?? config.databaseUrl;
  const orm = await createOrm({ databaseUrl: config.databaseUrl, directUrl });
  const heard = await directConnectionHears(directUrl, async (channel, payload) => {
    await sql(autocommit(orm), 'select pg_notify($1, $2)', [channel, payload]);
  }).catch(async (error: unknown) => {
    await orm.close();
    throw error;
  });
  if (!heard) {
    await orm.close();
    throw new ConfigError(
      config.databaseDirectUrl === undefined ? 'DATABASE_URL' : 'DATABASE_DIRECT_URL',
      config.databaseDirectUrl === undefined
        ? 'goes through a transaction pooler, which cannot carry LISTEN (a notification sent through it was not heard): set DATABASE_DIRECT_URL to a direct connection to the same database'
        : 'does not hear what is sent through DATABASE_URL (a notification sent through one was not heard on the other): it must name the same database, connecting directly, not through a pooler',
    );
  }
  const applied = await migrate(orm);
  if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');
  if (config.appEnv === 'staging') {
    log.warn({ app_env: 'staging' }, "STAGING: production's safeguards, with the sandbox acquirer allowed (APP_ENV=staging); not for real money");
  }
  if (config.liveProcessor === 'sandbox') {
    log.warn(
      { live_processor: 'sandbox' },
      'LIVE MODE USES THE SANDBOX ACQUIRER: live cards are approved and no real money moves (LIVE_PROCESSOR=sandbox)',
    );
  }
  // pg-boss reports the database going away (a restart) as errors of its own, one per poll and
  // per connection; it carries on by itself, so while it lasts one line every few seconds says so.
  const jobQueueOutage = throttled(DATABASE_AWAY_LOG_MS);
  const boss = await startBoss({ databaseUrl: config.databaseUrl }, (error) => {
    if (!isTransientDatabaseError(error)) return log.error({ err: error }, 'job queue error');
    jobQueueOutage((errors) => log.warn({ reason: error.message, errors }, 'job queue: database unavailable'));
  });

  const payments: PaymentsContext = {
    processors: { test: testCardSimulator, live: liveProcessor(config, log) },
    processingDelayMs: config.paymentProcessingDelayMs,
    liveCheckDelayMs: config.processorCheckDelayMs,
    // Twice as long as a call to the processor may take, and a second more.
    sendLeaseMs: 2 * (config.paystack?.timeoutMs ?? PROCESSOR_ANSWER_TIMEOUT_MS) + 1000,
    liveSettlementDays: config.liveSettlementDays,
    limits: { perIntent: config.maxFailedAttemptsPerIntent, perClient: config.maxFailedAttemptsPerClient },
    jobs: pgBossJobQueue(boss),
    log,
  };
  const payouts: PayoutsContext = {
    rails: {
      test: payoutSimulator(config.testPayoutDelaySeconds),
      live:
        config.liveProcessor === 'paystack' ? paystackTransfers(config.paystack!, log) : config.liveProcessor === 'sandbox' ? payoutSimulator(config.testPayoutDelaySeconds) : null,
    },
    jobs: payments.jobs,
    sendLeaseMs: payments.sendLeaseMs,
    testPayoutDelaySeconds: config.testPayoutDelaySeconds,
  };
  const webhooks = webhookSettings(config);
  await createPaymentQueues(boss);
  await createMoneyQueues(boss, payments);
  // METRICS_PORT: what the HTTP server and the dispatcher report to; served once everything runs.
  const metrics = config.metricsPort === null ? undefined : await createMetrics({ role: config.role, orm, boss, log, errorCodes: ERROR_CODES });
  let paymentCompletion: Loop | undefined;
  let moneyWork: Loop | undefined;
  let dispatcher: Dispatcher | undefined;
  if (config.role !== 'api') {
    await startMaintenance(boss, orm, { eventRetentionDays: config.eventRetentionDays }, log);
    paymentCompletion = await startPaymentWorkers(boss, orm, payments, log);
    moneyWork = await startMoneyWorkers(boss, orm, payments, payouts, config.paystack === null ? null : paystackReports(config.paystack), log);
    dispatcher = startWebhookDispatcher(orm, webhooks, log, metrics?.onAttempt);
  }

  let server: Server | undefined;
  // Responses under way, and whether the service is shutting down: every answer from then on says
  // Connection: close, so clients open their next request elsewhere instead of on a closing socket.
  const responses = new Set<ServerResponse>();
  const unused = new Set<Socket>();
  let draining = false;
  let listeningUrl: string | undefined;
  let rateLimitStore: RateLimitStore | undefined;
  let keys: KeyCache | undefined;
  let feed: EventFeed | undefined;
  if (config.role !== 'worker') {
    keys = keyCache(directUrl, log);
    feed = eventFeed(directUrl, autocommit(orm), keys, log);
    rateLimitStore = config.rateLimitStore === 'postgres' ? new PostgresRateLimitStore(orm) : new MemoryRateLimitStore();
    // PUBLIC_BASE_URL, or else where this server listens (with PORT=0, known once it listens).
    const publicBaseUrl = () => config.publicBaseUrl ?? listeningUrl!;
    const app = createApp({ config, orm, log, rateLimitStore, payments, payouts, webhooks: webhookSender(webhooks), publicBaseUrl, keys, eventFeed: feed, onOperationResponse, metrics: metrics?.http });
    // A request without Host is refused by the app, in the one error shape (see app.ts).
    server = createServer({ requireHostHeader: false, ...app.serverOptions });
    // Connections that have not sent a request yet (opened ahead of one, as browsers and load
    // balancers do): Node counts them as busy, not idle, so a shutdown would wait the full 10 s
    // for them. A shutdown closes them, as it closes idle keep-alive ones.
    server.on('connection', (socket: Socket) => {
      unused.add(socket);
      socket.once('close', () => unused.delete(socket));
    });
    // Before the app: every response is known, so that a shutdown can end its connection after it.
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      unused.delete(req.socket);
      if (draining) {
        res.shouldKeepAlive = false;
        return;
      }
      responses.add(res);
      res.on('close', () => responses.delete(res));
    });
    server.on('request', app);
    server.on('clientError', answerClientError(log, publicBaseUrl, metrics?.http));
    server.on('connect', answerConnect(log, publicBaseUrl, metrics?.http));
    server.on('checkExpectation', answerExpectation(log, publicBaseUrl, metrics?.http));
    // Keep-alive longer than a typical load balancer's idle timeout, so it closes connections first.
    server.keepAliveTimeout = 65_000;
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(config.port, config.host, resolve);
    });
  }

  let url: string | undefined;
  if (server !== undefined) {
    const { port } = server.address() as AddressInfo;
    url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
    listeningUrl = url;
  }
  const metricsUrl = metrics === undefined ? undefined : await metrics.listen(config.metricsPort!, config.metricsHost);

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> =>
    (stopping ??= (async () => {
      if (server !== undefined) {
        // Stop accepting; let accepted requests finish, each answer closing its connection; close
        // keep-alive connections as soon as they are idle (at once, and as each answer ends).
        draining = true;
        // Event streams never end by themselves: end them (their clients reconnect elsewhere).
        await feed?.close();
        for (const res of responses) if (!res.headersSent) res.shouldKeepAlive = false;
        const closed = new Promise<void>((resolve) => server!.close(() => resolve()));
        const closeIdle = () => {
          server!.closeIdleConnections();
          for (const socket of unused) socket.destroy();
        };
        closeIdle();
        const sweep = setInterval(closeIdle, 50);
        const force = setTimeout(() => server!.closeAllConnections(), 10_000);
        await closed;
        clearInterval(sweep);
        clearTimeout(force);
      }
      rateLimitStore?.close?.();
      await keys?.close();
      await paymentCompletion?.stop();
      await moneyWork?.stop();
      await dispatcher?.stop();
      await boss.stop({ graceful: true, timeout: 10_000 });
      await metrics?.close();
      await orm.close();
    })());

  return { url, metricsUrl, orm, boss, stop };
}
