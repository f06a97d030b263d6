// One request to Paystack's API: the secret key as a bearer token, JSON both ways, a timeout on
// every call. What cannot tell us what happened (no answer in time, a reset, a 5xx, a 429, a body
// that is not Paystack's envelope) is a ProcessorUnavailableError: ask again later. A refusal (any
// other 4xx) is a PaystackRefusal, with Paystack's own words for the log. The key is never part of
// an error, a log line or anything else that leaves this file.
import { ProcessorUnavailableError } from '../processor.ts';
import { readShape, type Envelope } from './wire.ts';

export interface PaystackSettings {
  /** PAYSTACK_SECRET_KEY: `sk_live_...` (or `sk_test_...` against Paystack's test mode). */
  secretKey: string;
  /** PAYSTACK_BASE_URL: https://api.paystack.co, or the local fake the tests run. */
  baseUrl: string;
  /** How long one call may take before it counts as unanswered. */
  timeoutMs: number;
}

export const PAYSTACK_BASE_URL = 'https://api.paystack.co';

/** Paystack said no: the request was understood and refused (a 4xx other than 429). */
export class PaystackRefusal extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly envelope: Envelope | undefined;
  constructor(status: number, what: string, envelope: Envelope | undefined) {
    super(`Paystack refused ${what} (${status}): ${envelope?.message ?? 'no message'}`);
    this.name = 'PaystackRefusal';
    this.status = status;
    this.code = envelope?.code;
    this.envelope = envelope;
  }
}

export interface PaystackRequest {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: Record<string, unknown>;
}

/** Sends one request and answers Paystack's envelope (its `status` may still say false: read `data`). */
export async function paystackCall(settings: PaystackSettings, request: PaystackRequest): Promise<Envelope> {
  const url = new URL(settings.baseUrl.replace(/\/+$/, '') + request.path);
  for (const [name, value] of Object.entries(request.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
  const what = `${request.method} ${request.path}`;
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: request.method,
      headers: {
        authorization: `Bearer ${settings.secretKey}`,
        accept: 'application/json',
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(settings.timeoutMs),
      redirect: 'error',
    });
    text = await response.text();
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    throw new ProcessorUnavailableError(
      timedOut ? `Paystack did not answer ${what} within ${settings.timeoutMs} ms` : `Paystack could not be reached for ${what}: ${causeOf(error)}`,
    );
  }
  if (response.status >= 500 || response.status === 429) {
    throw new ProcessorUnavailableError(`Paystack answered ${what} with ${response.status}`);
  }
  let envelope: Envelope | undefined;
  try {
    envelope = readShape('envelope', JSON.parse(text));
  } catch {
    envelope = undefined;
  }
  if (response.status >= 400) throw new PaystackRefusal(response.status, what, envelope);
  if (envelope === undefined) throw new ProcessorUnavailableError(`Paystack's answer to ${what} (${response.status}) is not its JSON envelope`);
  return envelope;
}

/** A refusal of our credentials (401, 403) is ours to fix, not the request's fault: thrown as "ask again later". */
export function throwIfCredentialsRefused(error: PaystackRefusal): void {
  if (error.status === 401 || error.status === 403) throw new ProcessorUnavailableError(`Paystack refused our credentials (${error.status}): check PAYSTACK_SECRET_KEY`);
}

/** Whether an envelope says the request itself succeeded (`status` true, or the string "true"). */
export const succeeded = (envelope: Envelope): boolean => envelope.status === true || envelope.status === 'true';

// fetch's own message is "fetch failed"; the reason (ECONNRESET, ECONNREFUSED) is its cause's.
const causeOf = (error: unknown): string => {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
};
