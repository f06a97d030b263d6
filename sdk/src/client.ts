import { Balance } from './resources/balance.ts';
import { Events } from './resources/events.ts';
import { PaymentIntents } from './resources/payment-intents.ts';
import { Refunds } from './resources/refunds.ts';
import { Banks, PayoutAccounts, Payouts } from './resources/payouts.ts';
import { Reports } from './resources/reports.ts';
import { TestHelpers } from './resources/test-helpers.ts';
import { WebhookEndpoint } from './resources/webhook-endpoint.ts';
import { Transport, type Fetch } from './transport.ts';
import { webhooks, type Webhooks } from './webhooks.ts';

export interface NairaflowOptions {
  /** Required: the Nairaflow server's origin, without `/v1`: `https://api.example.com` (`http://127.0.0.1:3000` for `npm start`). */
  baseUrl: string;
  /** Retries after the first attempt, for failures that are safe to retry. Default 2. */
  maxRetries?: number;
  /** Per attempt, reading the answer included. Default 30000. */
  timeoutMs?: number;
  /** A fetch to send requests with (a proxy agent's, a test double). Default: the global fetch. */
  fetch?: Fetch;
}

const KEY_PATTERN = /^sk_(test|live)_[0-9A-Za-z]+$/;

export class Nairaflow {
  /** True for a live key (`sk_live_...`): real money. */
  readonly livemode: boolean;
  readonly paymentIntents: PaymentIntents;
  readonly refunds: Refunds;
  readonly balance: Balance;
  /** Money from your available balance to your bank account. */
  readonly payouts: Payouts;
  /** Where payouts go. */
  readonly payoutAccount: PayoutAccounts;
  /** The banks a payout account can be at. */
  readonly banks: Banks;
  /** Figures for a range of days. */
  readonly reports: Reports;
  readonly events: Events;
  readonly webhookEndpoint: WebhookEndpoint;
  /** Test mode only (`topUp`). */
  readonly testHelpers: TestHelpers;
  /** Verify incoming webhooks (@nairaflow/webhook-verifier). */
  readonly webhooks: Webhooks = webhooks;
  readonly #transport: Transport;

  /** `new Nairaflow(process.env.NAIRAFLOW_SECRET_KEY!, { baseUrl: 'https://api.example.com' })`: `baseUrl` is required. */
  constructor(secretKey: string, options: NairaflowOptions) {
    // The key itself is never part of a message: it could end up in a log.
    const match = typeof secretKey === 'string' ? KEY_PATTERN.exec(secretKey) : null;
    if (match === null) {
      throw new TypeError('Nairaflow: the first argument must be your secret key (sk_test_... or sk_live_...), from the dashboard.');
    }
    this.livemode = match[1] === 'live';
    this.#transport = new Transport(secretKey, {
      baseUrl: checkBaseUrl(options?.baseUrl),
      maxRetries: checkCount('maxRetries', options.maxRetries ?? 2),
      timeoutMs: checkCount('timeoutMs', options.timeoutMs ?? 30_000),
      fetch: options.fetch,
    });
    this.paymentIntents = new PaymentIntents(this.#transport);
    this.refunds = new Refunds(this.#transport);
    this.balance = new Balance(this.#transport);
    this.payouts = new Payouts(this.#transport);
    this.payoutAccount = new PayoutAccounts(this.#transport);
    this.banks = new Banks(this.#transport);
    this.reports = new Reports(this.#transport);
    this.events = new Events(this.#transport);
    this.webhookEndpoint = new WebhookEndpoint(this.#transport);
    this.testHelpers = new TestHelpers(this.#transport);
  }

  /** What console.log and util.inspect show: never the key. */
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return `Nairaflow { livemode: ${this.livemode}, baseUrl: '${this.#transport.baseUrl}' }`;
  }

  toJSON(): { livemode: boolean; baseUrl: string } {
    return { livemode: this.livemode, baseUrl: this.#transport.baseUrl };
  }
}

function checkBaseUrl(baseUrl: unknown): string {
  // There is no default: a client that quietly called some other server would be worse than none.
  if (baseUrl === undefined || baseUrl === null || baseUrl === '') {
    throw new TypeError("Nairaflow: options.baseUrl is required: the Nairaflow server's URL, such as https://api.example.com (http://127.0.0.1:3000 for npm start).");
  }
  let url: URL;
  try {
    url = new URL(String(baseUrl));
  } catch {
    throw new TypeError(`Nairaflow: options.baseUrl must be the server's URL (https://api.example.com), not ${JSON.stringify(baseUrl)}.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TypeError('Nairaflow: options.baseUrl must be an http(s) URL.');
  const path = url.pathname.replace(/\/+$/, '');
  if (/\/v1$/.test(path)) throw new TypeError("Nairaflow: options.baseUrl is the server's origin without /v1 (the SDK adds it).");
  return `${url.origin}${path}`;
}

function checkCount(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 0) throw new TypeError(`Nairaflow: options.${name} must be an integer >= 0.`);
  return value;
}
