// @nairaflow/webhook-verifier/web: everything that runs on WebCrypto alone, for edge runtimes,
// Deno, Bun and browsers. Nothing imported from here touches a node: module.
export { constructEventAsync, signatureHeaderAsync, verifySignatureAsync } from './web-crypto.ts';
export { fetchHandler, type WaitUntilContext } from './fetch-handler.ts';
export type { HandlerAnswer, HandlerOptions } from './handler-options.ts';
export { WebhookVerificationError, type WebhookVerificationErrorCode } from './errors.ts';
export { SIGNATURE_HEADER } from './header.ts';
export { DEFAULT_TOLERANCE_SECONDS, type Secrets, type VerifyOptions } from './options.ts';
export type { SignatureHeaderOptions } from './sign.ts';
export type { RawBody } from './body.ts';
export {
  isTestEvent,
  type NairaflowEvent,
  type NairaflowEventType,
  type PaymentIntentCanceledEvent,
  type PaymentIntentFailedEvent,
  type PaymentIntentSucceededEvent,
  type RefundSucceededEvent,
  type WebhookTestEvent,
} from './events.ts';
export {
  createDeduplicator,
  DEFAULT_DEDUPE_TTL_SECONDS,
  memoryStore,
  type DeduplicationStore,
  type Deduplicator,
  type MemoryStoreOptions,
} from './dedupe.ts';
