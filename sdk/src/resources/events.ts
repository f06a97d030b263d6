import { ListResult, startCursor } from '../list.ts';
import type { Transport } from '../transport.ts';
import type { Delivery, DeliveryList, EventListParams, EventResource, RequestOptions } from '../types.ts';

export class Events {
  readonly #t: Transport;

  /** @internal */
  constructor(transport: Transport) {
    this.#t = transport;
  }

  /** Newest first, optionally of one `type` or one `payment_intent`, whether or not they were delivered. */
  list(params: EventListParams = {}, options?: RequestOptions): ListResult<EventResource> {
    const { starting_after, ending_before, ...filters } = params;
    return new ListResult(
      (cursor) => this.#t.send((init) => this.#t.client.GET('/v1/events', { ...init, params: { query: { ...filters, ...cursor } } }), options, 'idempotent'),
      startCursor(starting_after, ending_before),
    );
  }

  retrieve(id: string, options?: RequestOptions): Promise<EventResource> {
    return this.#t.send((init) => this.#t.client.GET('/v1/events/{id}', { ...init, params: { path: { id } } }), options, 'idempotent');
  }

  /** The event's delivery attempts, oldest first. */
  deliveries(id: string, options?: RequestOptions): Promise<DeliveryList> {
    return this.#t.send((init) => this.#t.client.GET('/v1/events/{id}/deliveries', { ...init, params: { path: { id } } }), options, 'idempotent');
  }

  /**
   * One delivery attempt now, by hand; resolves with it, successful or not (see
   * `response_status` and `error`). Not retried after a timeout or a dropped connection, since the
   * attempt may have been made: look at `deliveries(id)` before trying again.
   */
  redeliver(id: string, options?: RequestOptions): Promise<Delivery> {
    return this.#t.send((init) => this.#t.client.POST('/v1/events/{id}/redeliver', { ...init, params: { path: { id } } }), options, 'once');
  }
}
