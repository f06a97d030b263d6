import { wireAmount } from '../amount.ts';
import { ListResult, startCursor } from '../list.ts';
import type { Transport } from '../transport.ts';
import type { CreateOptions, Refund, RefundCreateParams, RefundListParams, RequestOptions } from '../types.ts';
import { idempotencyKey } from './idempotency.ts';

export class Refunds {
  readonly #t: Transport;

  /** @internal */
  constructor(transport: Transport) {
    this.#t = transport;
  }

  /**
   * Refunds a succeeded intent, in full (no `amount`) or in part, from your balance to the
   * customer's. Sent with an Idempotency-Key that retries reuse, so money moves at most once.
   */
  async create(params: RefundCreateParams, options?: CreateOptions): Promise<Refund> {
    const { amount, ...rest } = params;
    const body = amount === undefined ? rest : { ...rest, amount: wireAmount(amount) };
    const key = idempotencyKey(options);
    return this.#t.send(
      (init) => this.#t.client.POST('/v1/refunds', { ...init, body, params: { header: { 'Idempotency-Key': key } } }),
      options,
      'idempotent',
    );
  }

  retrieve(id: string, options?: RequestOptions): Promise<Refund> {
    return this.#t.send((init) => this.#t.client.GET('/v1/refunds/{id}', { ...init, params: { path: { id } } }), options, 'idempotent');
  }

  /** Newest first, optionally only one intent's (`payment_intent`). */
  list(params: RefundListParams = {}, options?: RequestOptions): ListResult<Refund> {
    const { starting_after, ending_before, ...filters } = params;
    return new ListResult(
      (cursor) => this.#t.send((init) => this.#t.client.GET('/v1/refunds', { ...init, params: { query: { ...filters, ...cursor } } }), options, 'idempotent'),
      startCursor(starting_after, ending_before),
    );
  }
}
