// @nairaflow/sdk: the typed Nairaflow client for merchants' servers.
export { Nairaflow, type NairaflowOptions } from './client.ts';
export {
  APIError,
  AuthenticationError,
  ConnectionError,
  IdempotencyError,
  InsufficientBalanceError,
  InvalidRequestError,
  NairaflowError,
  NotFoundError,
  PaymentIntentStateError,
  PermissionError,
  RateLimitError,
  ServiceUnavailableError,
} from './errors.ts';
export { ListResult, type Page } from './list.ts';
export type { Fetch } from './transport.ts';
export type * from './types.ts';
export { VERSION } from './version.ts';
export { API_VERSION } from './generated/api-version.ts';
export { webhooks, type Webhooks } from './webhooks.ts';
export {
  WebhookVerificationError,
  type NairaflowEvent,
  type NairaflowEventType,
  type PaymentIntentCanceledEvent,
  type PaymentIntentFailedEvent,
  type PaymentIntentSucceededEvent,
  type RefundSucceededEvent,
  type WebhookTestEvent,
} from '@nairaflow/webhook-verifier';
export type { components, operations, paths } from './generated/openapi.ts';
