import type { Transport } from '../transport.ts';
import type { Balance as BalanceData, RequestOptions } from '../types.ts';

export class Balance {
  readonly #t: Transport;

  /** @internal */
  constructor(transport: Transport) {
    this.#t = transport;
  }

  /** Your available balance in the key's mode (`available` in kobo, a decimal string). */
  retrieve(options?: RequestOptions): Promise<BalanceData> {
    return this.#t.send((init) => this.#t.client.GET('/v1/balance', init), options, 'idempotent');
  }
}
