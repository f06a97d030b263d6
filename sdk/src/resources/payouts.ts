import { wireAmount } from '../amount.ts';
import { ListResult, startCursor } from '../list.ts';
import type { Transport } from '../transport.ts';
import type { BankList, CreateOptions, Payout, PayoutAccount, PayoutAccountUpdateParams, PayoutCreateParams, PayoutListParams, RequestOptions } from '../types.ts';
import { idempotencyKey } from './idempotency.ts';

export class Payouts {
  readonly #t: Transport;

  /** @internal */
  constructor(transport: Transport) {
    this.#t = transport;
  }

  /**
   * Pays `amount` kobo of your available balance out to your payout account. Answers the payout
   * `pending`; `payout.paid` or `payout.failed` says how it ended. Sent with an Idempotency-Key
   * that retries reuse, so money moves at most once.
   */
  async create(params: PayoutCreateParams, options?: CreateOptions): Promise<Payout> {
    const body = { ...params, amount: wireAmount(params.amount) };
    const key = idempotencyKey(options);
    return this.#t.send(
      (init) => this.#t.client.POST('/v1/payouts', { ...init, body, params: { header: { 'Idempotency-Key': key } } }),
      options,
      'idempotent',
    );
  }

  retrieve(id: string, options?: RequestOptions): Promise<Payout> {
    return this.#t.send((init) => this.#t.client.GET('/v1/payouts/{id}', { ...init, params: { path: { id } } }), options, 'idempotent');
  }

  /** Newest first. `for await` it for every payout. */
  list(params: PayoutListParams = {}, options?: RequestOptions): ListResult<Payout> {
    const { starting_after, ending_before, ...rest } = params;
    return new ListResult(
      (cursor) => this.#t.send((init) => this.#t.client.GET('/v1/payouts', { ...init, params: { query: { ...rest, ...cursor } } }), options, 'idempotent'),
      startCursor(starting_after, ending_before),
    );
  }
}

export class PayoutAccounts {
  readonly #t: Transport;

  /** @internal */
  constructor(transport: Transport) {
    this.#t = transport;
  }

  /** Sets where payouts go; the account is looked up at its bank first (a number that does not resolve is refused). */
  update(params: PayoutAccountUpdateParams, options?: RequestOptions): Promise<PayoutAccount> {
    return this.#t.send((init) => this.#t.client.PUT('/v1/payout_account', { ...init, body: params }), options, 'idempotent');
  }

  retrieve(options?: RequestOptions): Promise<PayoutAccount> {
    return this.#t.send((init) => this.#t.client.GET('/v1/payout_account', init), options, 'idempotent');
  }
}

export class Banks {
  readonly #t: Transport;

  /** @internal */
  constructor(transport: Transport) {
    this.#t = transport;
  }

  /** Every bank a payout can go to, by name, with the `code` a payout account names it by. */
  list(options?: RequestOptions): Promise<BankList> {
    return this.#t.send((init) => this.#t.client.GET('/v1/banks', init), options, 'idempotent');
  }
}
