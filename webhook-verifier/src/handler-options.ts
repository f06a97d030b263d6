// What the Express / node:http and Fetch handlers share: their options, checked once when the
// handler is made (a missing secret fails at startup, not on the first delivery), and running
// onEvent: after the answer has gone, or before it when the merchant asks.
import { RAW_BODY_RULE, WebhookVerificationError } from './errors.ts';
import type { NairaflowEvent } from './generated/events.ts';
import { describe, toleranceOf, toSecrets, type Secrets } from './options.ts';

export interface HandlerOptions {
  /** The endpoint's signing secret (whsec_...), or several while a rolled secret is still active. */
  secret: Secrets;
  /**
   * Called with each verified event, by default after the 200 has been sent (spec 6.3.1: answer
   * quickly, do slow work after). A throw or rejection goes to onError; Nairaflow has then been
   * answered already and will not retry, so make this idempotent and recoverable (see the README),
   * or set `answer: 'after_handler'`.
   */
  onEvent: (event: NairaflowEvent) => unknown;
  /** Gets what onEvent threw. Default: console.error. Never crashes the process. */
  onError?: (error: unknown, event: NairaflowEvent) => void;
  /**
   * When Nairaflow is answered. `'first'` (the default, as spec 6.3.1 asks): 200 as soon as the
   * event is verified, then onEvent. `'after_handler'`: 200 once onEvent has finished, 500 when it
   * throws or rejects, so that Nairaflow retries the event. onEvent must then finish well within
   * Nairaflow's 10 seconds: a later answer counts as a failure, and the event comes again.
   */
  answer?: HandlerAnswer;
  /** Default 300. */
  toleranceSeconds?: number;
  /** Larger bodies get 413 without being buffered. Default 1 MiB; events are a few hundred bytes. */
  maxBodyBytes?: number;
}

export type HandlerAnswer = 'first' | 'after_handler';

export interface HandlerConfig {
  secrets: readonly string[];
  toleranceSeconds: number;
  maxBodyBytes: number;
  onEvent: (event: NairaflowEvent) => unknown;
  onError: ((error: unknown, event: NairaflowEvent) => void) | undefined;
  answer: HandlerAnswer;
}

const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export function handlerConfig(options: HandlerOptions): HandlerConfig {
  if (options === null || typeof options !== 'object') throw new TypeError('expected options { secret, onEvent }');
  if (typeof options.onEvent !== 'function') throw new TypeError('onEvent must be a function: it receives each verified event');
  if (options.onError !== undefined && typeof options.onError !== 'function') throw new TypeError('onError must be a function');
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes < 1) throw new TypeError(`maxBodyBytes must be a positive integer, got ${String(maxBodyBytes)}`);
  const answer = options.answer ?? 'first';
  if (answer !== 'first' && answer !== 'after_handler') throw new TypeError(`answer must be 'first' or 'after_handler', got ${describe(answer)}`);
  return {
    secrets: toSecrets(options.secret),
    toleranceSeconds: toleranceOf(options.toleranceSeconds),
    maxBodyBytes,
    onEvent: options.onEvent,
    onError: options.onError,
    answer,
  };
}

/** Runs onEvent on a later turn of the event loop, so the response is written first. Never rejects. */
export function dispatchAfterResponse(config: HandlerConfig, event: NairaflowEvent): Promise<void> {
  return new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => runOnEvent(config, event)).then(() => undefined);
}

/** Runs onEvent to its end; false when it threw or rejected (reported to onError). Never rejects. */
export function runOnEvent(config: HandlerConfig, event: NairaflowEvent): Promise<boolean> {
  return Promise.resolve()
    .then(() => config.onEvent(event))
    .then(
      () => true,
      (error: unknown) => {
        try {
          if (config.onError) config.onError(error, event);
          else console.error(`@nairaflow/webhook-verifier: onEvent failed for ${event.type} ${event.id}:`, error);
        } catch (reportError) {
          console.error('@nairaflow/webhook-verifier: onError threw:', reportError, 'while reporting:', error);
        }
        return false;
      },
    );
}

/**
 * The body of the 500 when onEvent failed under `answer: 'after_handler'`. Nairaflow shows it in
 * the delivery's `response_body`, so it says where to look and never what the error was.
 */
export const HANDLER_FAILED_TEXT = 'Nairaflow webhook: onEvent failed (see your logs); answering 500 so that Nairaflow retries the event\n';

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
