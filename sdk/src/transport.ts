// One call to the API: the typed request that openapi-fetch builds, sent with the key, a
// per-attempt timeout and, when safe, retries with exponential backoff and jitter. Answers that
// are not 2xx become typed errors.
import createClient, { type Client } from 'openapi-fetch';
import { ConnectionError, errorFromResponse, IdempotencyError, NairaflowError, RateLimitError, ServiceUnavailableError } from './errors.ts';
import type { paths } from './generated/openapi.ts';
import { toJson } from './json.ts';
import type { RequestOptions } from './types.ts';
import { VERSION } from './version.ts';
import { API_VERSION } from './generated/api-version.ts';

export type Fetch = (input: Request) => Promise<Response>;

export interface TransportConfig {
  baseUrl: string;
  maxRetries: number;
  timeoutMs: number;
  fetch: Fetch | undefined;
}

/** What one attempt gives openapi-fetch on top of the operation's own parameters. */
export type AttemptInit = {
  headers: Record<string, string>;
  signal: AbortSignal;
};

/** openapi-fetch's result: data on a 2xx, else the parsed error body. */
interface Outcome<D> {
  data?: D;
  error?: unknown;
  response: Response;
}

/**
 * `idempotent`: repeating the request cannot do the thing twice (reads, cancel, PUT/DELETE, and
 * creates, which carry an Idempotency-Key), so connection errors, timeouts, 5xx and 409
 * idempotency_key_in_use are retried. `once`: repeating it might (a redelivery is a second HTTP
 * call to the merchant's endpoint, a second roll retires the first new secret); only a 429, which
 * the API answers before doing anything, is retried.
 */
export type Repeatable = 'idempotent' | 'once';

// Backoff: 0.5 s, 1 s, 2 s ... (each between half and all of that, at random, so that clients
// failing together do not retry together), never more than 8 s.
const INITIAL_DELAY_MS = 500;
const MAX_DELAY_MS = 8_000;
// The API never asks for more than 60 s (openapi.yaml, Rate limits); a longer ask is cut to this.
const MAX_RETRY_AFTER_MS = 60_000;

const USER_AGENT = `nairaflow-node/${VERSION}${typeof process === 'object' && process.version ? ` node/${process.version}` : ''}`;

/** The wait before retry number `retry` (1 for the first retry). */
export function backoffDelayMs(retry: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_DELAY_MS, INITIAL_DELAY_MS * 2 ** (retry - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export class Transport {
  /**
   * @internal Left out of the published .d.ts (stripInternal), so a merchant's type check never
   * reads openapi-fetch's declarations, which need a newer TypeScript than the SDK's own.
   */
  readonly client: Client<paths>;
  readonly #key: string;
  readonly #config: TransportConfig;

  constructor(key: string, config: TransportConfig) {
    this.#key = key;
    this.#config = config;
    this.client = createClient<paths>({
      baseUrl: config.baseUrl,
      // Resolved per request, not captured now: the global fetch may be replaced later (by a
      // test's HTTP mock, an APM agent).
      fetch: (request) => (config.fetch ?? globalThis.fetch)(request),
      bodySerializer: toJson,
    });
  }

  get baseUrl(): string {
    return this.#config.baseUrl;
  }

  /** Runs `attempt` until it succeeds, fails for good, or the retries run out. */
  async send<D>(attempt: (init: AttemptInit) => Promise<Outcome<D>>, options: RequestOptions | undefined, repeatable: Repeatable): Promise<D> {
    const maxRetries = options?.maxRetries ?? this.#config.maxRetries;
    const timeoutMs = options?.timeoutMs ?? this.#config.timeoutMs;
    const userSignal = options?.signal;
    const headers = { authorization: `Bearer ${this.#key}`, 'user-agent': USER_AGENT, accept: 'application/json', 'nairaflow-version': API_VERSION };

    for (let retry = 0; ; retry++) {
      userSignal?.throwIfAborted();
      let error: NairaflowError;
      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(), timeoutMs);
      const onUserAbort = (): void => timeout.abort();
      userSignal?.addEventListener('abort', onUserAbort, { once: true });
      try {
        // The timer covers the whole attempt, reading the body included.
        const outcome = await attempt({ headers, signal: timeout.signal });
        if (outcome.response.ok) return outcome.data as D;
        error = errorFromResponse(outcome.response, outcome.error, this.#redact);
      } catch (cause) {
        if (userSignal?.aborted) throw userSignal.reason;
        const timedOut = timeout.signal.aborted;
        error = new ConnectionError({
          message: timedOut
            ? `No complete answer from ${this.#config.baseUrl} within ${timeoutMs} ms.`
            : `Could not reach ${this.#config.baseUrl}: ${this.#redact(describeCause(cause))}`,
          timedOut,
          cause,
        });
      } finally {
        clearTimeout(timer);
        userSignal?.removeEventListener('abort', onUserAbort);
      }
      if (retry >= maxRetries || !shouldRetry(error, repeatable)) throw error;
      await sleep(retryDelayMs(error, retry + 1), userSignal);
    }
  }

  /**
   * One request whose answer is a stream (an event stream): `timeoutMs` covers only the wait for
   * the answer's headers, and `options.signal` ends the stream whenever it aborts. A non-2xx
   * answer becomes a typed error. Not retried: the caller decides when to reconnect.
   */
  async open(
    attempt: (init: AttemptInit) => Promise<Outcome<ReadableStream<Uint8Array> | null | undefined>>,
    options: RequestOptions | undefined,
  ): Promise<ReadableStream<Uint8Array>> {
    const timeoutMs = options?.timeoutMs ?? this.#config.timeoutMs;
    const userSignal = options?.signal;
    userSignal?.throwIfAborted();
    const connection = new AbortController();
    const onUserAbort = (): void => connection.abort(userSignal!.reason);
    userSignal?.addEventListener('abort', onUserAbort, { once: true });
    const timer = setTimeout(() => connection.abort(), timeoutMs);
    const headers = { authorization: `Bearer ${this.#key}`, 'user-agent': USER_AGENT, accept: 'text/event-stream', 'nairaflow-version': API_VERSION };
    try {
      const outcome = await attempt({ headers, signal: connection.signal });
      if (!outcome.response.ok) throw errorFromResponse(outcome.response, outcome.error, this.#redact);
      if (outcome.data === null || outcome.data === undefined) throw new ConnectionError({ message: `${this.#config.baseUrl} answered without a body.` });
      return outcome.data;
    } catch (cause) {
      userSignal?.removeEventListener('abort', onUserAbort);
      if (cause instanceof NairaflowError) throw cause;
      if (userSignal?.aborted) throw userSignal.reason;
      throw new ConnectionError({
        message: connection.signal.aborted
          ? `No answer from ${this.#config.baseUrl} within ${timeoutMs} ms.`
          : `Could not reach ${this.#config.baseUrl}: ${this.#redact(describeCause(cause))}`,
        timedOut: connection.signal.aborted,
        cause,
      });
    } finally {
      clearTimeout(timer);
    }
  }

  /** Never let the key into a message, whatever a server or a network stack puts there. */
  readonly #redact = (text: string): string => text.split(this.#key).join('sk_***');
}

function shouldRetry(error: NairaflowError, repeatable: Repeatable): boolean {
  if (error instanceof RateLimitError) return true;
  if (repeatable === 'once') return false;
  if (error instanceof ConnectionError) return true;
  if (error instanceof IdempotencyError) return error.code === 'idempotency_key_in_use';
  return error.status !== undefined && error.status >= 500;
}

function retryDelayMs(error: NairaflowError, retry: number): number {
  // The API says when to come back after a 429 or a 503 (openapi.yaml, Errors).
  if ((error instanceof RateLimitError || error instanceof ServiceUnavailableError) && error.retryAfter !== undefined) {
    return Math.min(error.retryAfter * 1000, MAX_RETRY_AFTER_MS);
  }
  return backoffDelayMs(retry);
}

function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  // undici says "fetch failed" and puts the reason (ECONNREFUSED ...) in cause.
  const inner = cause.cause instanceof Error ? `: ${cause.cause.message}` : '';
  return cause.message + inner;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
