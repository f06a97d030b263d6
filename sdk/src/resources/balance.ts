import type { Transport } from '../transport.ts';
import { ListResult, startCursor } from '../list.ts';
import type { Balance as BalanceData, BalanceEntry, BalanceEntryListParams, RequestOptions } from '../types.ts';

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

  /** The ledger entries behind the balance, newest first (refunds negative). `for await` it for every entry. */
  entries(params: BalanceEntryListParams = {}, options?: RequestOptions): ListResult<BalanceEntry> {
    const { starting_after, ending_before, ...rest } = params;
    return new ListResult(
      (cursor) => this.#t.send((init) => this.#t.client.GET('/v1/balance/entries', { ...init, params: { query: { ...rest, ...cursor } } }), options, 'idempotent'),
      startCursor(starting_after, ending_before),
    );
  }
}
