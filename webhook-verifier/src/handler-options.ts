// What the Express / node:http and Fetch handlers share: their options, checked once when the
// handler is made (a missing secret fails at startup, not on the first delivery), and running
// onEvent after the answer has gone.
import { RAW_BODY_RULE, WebhookVerificationError } from './errors.ts';
import type { NairaflowEvent } from './generated/events.ts';
import { toleranceOf, toSecrets, type Secrets } from './options.ts';

export interface HandlerOptions {
  /** The endpoint's signing secret (whsec_...), or several while a rolled secret is still active. */
  secret: Secrets;
  /**
   * Called with each verified event after the 200 has been sent (spec 6.3.1: answer quickly, do
   * slow work after). A throw or rejection goes to onError; Nairaflow has been answered already and
   * will not retry, so make this idempotent and recoverable (see the README).
   */
  onEvent: (event: NairaflowEvent) => unknown;
  /** Gets what onEvent threw. Default: console.error. Never crashes the process. */
  onError?: (error: unknown, event: NairaflowEvent) => void;
  /** Default 300. */
  toleranceSeconds?: number;
  /** Larger bodies get 413 without being buffered. Default 1 MiB; events are a few hundred bytes. */
  maxBodyBytes?: number;
}

export interface HandlerConfig {
  secrets: readonly string[];
  toleranceSeconds: number;
  maxBodyBytes: number;
  onEvent: (event: NairaflowEvent) => unknown;
  onError: ((error: unknown, event: NairaflowEvent) => void) | undefined;
}

const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export function handlerConfig(options: HandlerOptions): HandlerConfig {
  if (options === null || typeof options !== 'object') throw new TypeError('expected options { secret, onEvent }');
  if (typeof options.onEvent !== 'function') throw new TypeError('onEvent must be a function: it receives each verified event');
  if (options.onError !== undefined && typeof options.onError !== 'function') throw new TypeError('onError must be a function');
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes < 1) throw new TypeError(`maxBodyBytes must be a positive integer, got ${String(maxBodyBytes)}`);
  return {
    secrets: toSecrets(options.secret),
    toleranceSeconds: toleranceOf(options.toleranceSeconds),
    maxBodyBytes,
    onEvent: options.onEvent,
    onError: options.onError,
  };
}

/** Runs onEvent on a later turn of the event loop, so the response is written first. Never rejects. */
export function dispatchAfterResponse(config: HandlerConfig, event: NairaflowEvent): Promise<void> {
  return new Promise<void>((resolve) => setTimeout(resolve, 0))
    .then(() => config.onEvent(event))
    .then(
      () => undefined,
      (error: unknown) => {
        try {
          if (config.onError) config.onError(error, event);
          else console.error(`@nairaflow/webhook-verifier: onEvent failed for ${event.type} ${event.id}:`, error);
        } catch (reportError) {
          console.error('@nairaflow/webhook-verifier: onError threw:', reportError, 'while reporting:', error);
        }
      },
    );
}

export function rejectionText(error: WebhookVerificationError): string {
  return `Nairaflow webhook rejected (${error.code}): ${error.message}\n`;
}

export function bodyAlreadyRead(): WebhookVerificationError {
  return new WebhookVerificationError(
    'body_not_raw',
    'The request body was already read by another middleware (express.json() applied to every route?), so its exact bytes are gone ' +
      'and the signature cannot be checked. Mount the webhook route before app.use(express.json()), or keep the bytes with ' +
      'express.json({ verify: (req, _res, buf) => { req.rawBody = buf } }), which this handler uses when present. ' +
      RAW_BODY_RULE,
  );
}

export function tooLargeText(maxBodyBytes: number): string {
  return `Nairaflow webhook rejected: the body is larger than ${maxBodyBytes} bytes (maxBodyBytes)\n`;
}
