import type { Config } from '../../config.ts';
import type { PaymentsContext } from '../../domain/payments.ts';
import type { WebhookSettings } from '../../webhooks/deliver.ts';
import type { EventFeed } from '../event-feed.ts';
import type { KeyCache } from '../key-cache.ts';

/** What every operation's handler is made with. */
export interface OperationDeps {
  config: Config;
  payments: PaymentsContext;
  webhooks: WebhookSettings;
  publicBaseUrl: () => string;
  keys: KeyCache;
  /** The open event streams of this process (GET /v1/events/stream). */
  eventFeed: EventFeed;
}
