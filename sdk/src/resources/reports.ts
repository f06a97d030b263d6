import type { Transport } from '../transport.ts';
import type { ReportSummary, ReportSummaryParams, RequestOptions } from '../types.ts';

export class Reports {
  readonly #t: Transport;

  /** @internal */
  constructor(transport: Transport) {
    this.#t = transport;
  }

  /**
   * What your money did from `from` to `to` (YYYY-MM-DD, both included, in your time zone): the
   * range's totals (`volume`, `count`, `fees`, `refunded`, `net`) and `days`, one per day.
   */
  summary(params: ReportSummaryParams, options?: RequestOptions): Promise<ReportSummary> {
    return this.#t.send((init) => this.#t.client.GET('/v1/reports/summary', { ...init, params: { query: params } }), options, 'idempotent');
  }
}
