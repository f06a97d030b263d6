// nf.webhooks: the @nairaflow/webhook-verifier functions, so one import covers both directions.
// In browsers and edge runtimes (the verifier's "browser" and "worker" export conditions) the
// synchronous functions need Node's crypto module and throw; the ...Async ones run on WebCrypto anywhere.
import {
  constructEvent,
  constructEventAsync,
  isTestEvent,
  signatureHeader,
  signatureHeaderAsync,
  verifySignature,
  verifySignatureAsync,
  WebhookVerificationError,
} from '@nairaflow/webhook-verifier';

export const webhooks = Object.freeze({
  /** Verifies the Service-Signature header against the raw body, then parses: the typed event. */
  constructEvent,
  /** constructEvent on WebCrypto: for edge runtimes. */
  constructEventAsync,
  /** Verifies without parsing. */
  verifySignature,
  /** verifySignature on WebCrypto. */
  verifySignatureAsync,
  /** A Service-Signature header for a payload, for your own tests. */
  signatureHeader,
  /** signatureHeader on WebCrypto. */
  signatureHeaderAsync,
  /** True for `webhook.test` events, which carry no payment. */
  isTestEvent,
  WebhookVerificationError,
});

export type Webhooks = typeof webhooks;
