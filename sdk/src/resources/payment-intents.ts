import { wireAmount } from '../amount.ts';
import { ListResult, startCursor } from '../list.ts';
import type { Transport } from '../transport.ts';
import type {
  CreatedPaymentIntent,
  CreateOptions,
  PaymentAttemptList,
  PaymentIntent,
  PaymentIntentCreateParams,
  PaymentIntentExportParams,
  PaymentIntentListParams,
  RequestOptions,
} from '../types.ts';
import { idempotencyKey } from './idempotency.ts';

export class PaymentIntents {
  readonly #t: Transport;

  /** @internal */
  constructor(transport: Transport) {
    this.#t = transport;
  }

  /**
   * Creates an intent in `requires_authentication`. The answer is the only one that carries the
   * `client_secret` for the customer's payment sheet. Sent with an Idempotency-Key (yours or a
   * new UUID) that retries reuse, so a retry never creates a second intent.
   */
  async create(params: PaymentIntentCreateParams, options?: CreateOptions): Promise<CreatedPaymentIntent> {
    const body = { ...params, amount: wireAmount(params.amount) };
    const key = idempotencyKey(options);
    return this.#t.send(
      (init) => this.#t.client.POST('/v1/payment_intents', { ...init, body, params: { header: { 'Idempotency-Key': key } } }),
      options,
      'idempotent',
    );
  }

  retrieve(id: string, options?: RequestOptions): Promise<PaymentIntent> {
    return this.#t.send((init) => this.#t.client.GET('/v1/payment_intents/{id}', { ...init, params: { path: { id } } }), options, 'idempotent');
  }

  /** Cancels an unpaid intent; cancelling a canceled one returns it unchanged (so retries are safe). */
  cancel(id: string, options?: RequestOptions): Promise<PaymentIntent> {
    return this.#t.send((init) => this.#t.client.POST('/v1/payment_intents/{id}/cancel', { ...init, params: { path: { id } } }), options, 'idempotent');
  }

  /** Every attempt to pay the intent, oldest first: the card's brand and last four, and how it ended. */
  attempts(id: string, options?: RequestOptions): Promise<PaymentAttemptList> {
    return this.#t.send((init) => this.#t.client.GET('/v1/payment_intents/{id}/attempts', { ...init, params: { path: { id } } }), options, 'idempotent');
  }

  /**
   * Every intent the filters find (`status`, `created[gte]`, `created[lt]`, `q`, as for `list`),
   * as the text of a CSV file for a spreadsheet (UTF-8 with a byte-order mark).
   */
  exportCsv(params: PaymentIntentExportParams = {}, options?: RequestOptions): Promise<string> {
    return this.#t.send(
      (init) => this.#t.client.GET('/v1/payment_intents/export.csv', { ...init, params: { query: params }, parseAs: 'text' }),
      options,
      'idempotent',
    );
  }

  /** Newest first. Await it for one page; `for await` it for every intent. */
  list(params: PaymentIntentListParams = {}, options?: RequestOptions): ListResult<PaymentIntent> {
    const { starting_after, ending_before, ...filters } = params;
    return new ListResult(
      (cursor) => this.#t.send((init) => this.#t.client.GET('/v1/payment_intents', { ...init, params: { query: { ...filters, ...cursor } } }), options, 'idempotent'),
      startCursor(starting_after, ending_before),
    );
  }
}
