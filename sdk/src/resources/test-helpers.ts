import { wireAmount } from '../amount.ts';
import type { Transport } from '../transport.ts';
import type { Balance, CreateOptions, TopUpParams } from '../types.ts';
import { idempotencyKey } from './idempotency.ts';

/** Test mode only: the API answers 404 to a live key. */
export class TestHelpers {
  readonly #t: Transport;

  /** @internal */
  constructor(transport: Transport) {
    this.#t = transport;
  }

  /** Adds `amount` kobo to your test balance (to test refunds). Idempotent like every create. */
  async topUp(params: TopUpParams, options?: CreateOptions): Promise<Balance> {
    const body = { ...params, amount: wireAmount(params.amount) };
    const key = idempotencyKey(options);
    return this.#t.send(
      (init) => this.#t.client.POST('/v1/test_helpers/top_up', { ...init, body, params: { header: { 'Idempotency-Key': key } } }),
      options,
      'idempotent',
    );
  }
}
