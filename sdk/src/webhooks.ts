// nf.webhooks: the @nairaflow/webhook-verifier functions, so one import covers both directions.
import {
  constructEvent,
  constructEventAsync,
  isTestEvent,
  signatureHeader,
  verifySignature,
  WebhookVerificationError,
} from '@nairaflow/webhook-verifier';

export const webhooks = Object.freeze({
  /** Verifies the Service-Signature header against the raw body, then parses: the typed event. */
  constructEvent,
  /** constructEvent on WebCrypto. */
  constructEventAsync,
  /** Verifies without parsing. */
  verifySignature,
  /** A Service-Signature header for a payload, for your own tests. */
  signatureHeader,
  /** True for `webhook.test` events, which carry no payment. */
  isTestEvent,
  WebhookVerificationError,
});

export type Webhooks = typeof webhooks;
