import type { RequestHandler } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../../config.ts';
import type { PaymentsContext } from '../../domain/settlement.ts';
import type { PayoutsContext } from '../../domain/payouts.ts';
import type { WebhookSender } from '../../domain/webhook-deliveries.ts';
import type { EventFeed } from '../event-feed.ts';
import type { KeyCache } from '../key-cache.ts';

/** What every operation's handler is made with. */
export interface OperationDeps {
  config: Config;
  payments: PaymentsContext;
  payouts: PayoutsContext;
  /** How merchants' endpoints are reached and checked. */
  webhooks: WebhookSender;
  publicBaseUrl: () => string;
  keys: KeyCache;
  /** The open event streams of this process (GET /v1/events/stream). */
  eventFeed: EventFeed;
  /** For what reads more than one request's worth at once (exports, through a cursor of their own). */
  orm: MikroORM;
}

/**
 * One operation's handler. Each is a function named after its operationId, so that a stack
 * trace, a CPU profile and a metric name the operation.
 */
// The request's parameters, query and body are typed by each handler from the generated contract.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type OperationHandler = RequestHandler<any>;
