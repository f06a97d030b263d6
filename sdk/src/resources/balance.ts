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

  /**
   * Every entry of the balance, newest first, as the text of a CSV file for a spreadsheet (UTF-8
   * with a byte-order mark): each with its gross, fee, net and the running balance after it.
   */
  exportEntriesCsv(options?: RequestOptions): Promise<string> {
    return this.#t.send((init) => this.#t.client.GET('/v1/balance/entries/export.csv', { ...init, parseAs: 'text' }), options, 'idempotent');
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
