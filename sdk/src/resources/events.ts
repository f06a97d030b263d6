import { ListResult, startCursor } from '../list.ts';
import type { Transport } from '../transport.ts';
import type { NairaflowEvent } from '@nairaflow/webhook-verifier';
import { ConnectionError, NairaflowError, RateLimitError } from '../errors.ts';
import { readEventStream } from '../event-stream.ts';
import { backoffDelayMs } from '../transport.ts';
import type { Delivery, DeliveryList, EventListParams, EventResource, EventStreamParams, RequestOptions } from '../types.ts';
import { asEvent, asEventList } from './event-answers.ts';

export class Events {
  readonly #t: Transport;

  /** @internal */
  constructor(transport: Transport) {
    this.#t = transport;
  }

  /**
   * Newest first, whether or not they were delivered; optionally only those of one `type`, about
   * one `payment_intent`, in one `delivery_status`, or created in a time range (`created[gte]`,
   * `created[lt]`, Unix seconds). Each event is typed by its `type`, as a delivered one is: it can
   * go to your webhook handler as it is.
   */
  list(params: EventListParams = {}, options?: RequestOptions): ListResult<EventResource> {
    const { starting_after, ending_before, ...filters } = params;
    return new ListResult(
      (cursor) =>
        asEventList(this.#t.send((init) => this.#t.client.GET('/v1/events', { ...init, params: { query: { ...filters, ...cursor } } }), options, 'idempotent')),
      startCursor(starting_after, ending_before),
    );
  }

  /**
   * Your events as they are committed (GET /v1/events/stream), typed as delivered, for as long as
   * you iterate: `for await (const event of nf.events.stream({}, { signal }))`. A dropped
   * connection is reopened by itself (with backoff), resuming after the last event it gave you, so
   * none is missed or given twice; it ends quietly when `signal` aborts, and throws on a refusal
   * that reconnecting cannot fix (a revoked key: AuthenticationError). The mode is the key's.
   */
  async *stream(params: EventStreamParams = {}, options?: Omit<RequestOptions, 'maxRetries'>): AsyncGenerator<NairaflowEvent, void, undefined> {
    const type = Array.isArray(params.type) ? params.type.join(',') : params.type;
    let lastId = params.lastEventId;
    let retryMs = 2_000;
    let failures = 0;
    const aborted = () => options?.signal?.aborted === true;
    while (!aborted()) {
      try {
        const body = await this.#t.open(
          (init) =>
            this.#t.client.GET('/v1/events/stream', {
              ...init,
              params: { query: type === undefined ? {} : { type }, header: lastId === undefined ? {} : { 'Last-Event-ID': lastId } },
              parseAs: 'stream',
            }),
          options,
        );
        failures = 0;
        for await (const item of readEventStream(body, () => {})) {
          if (item.kind === 'retry') retryMs = item.ms;
          else if (item.kind === 'position') lastId = item.id;
          else {
            yield JSON.parse(item.message.data) as NairaflowEvent;
            // Only once you have had it: an event not yet given comes again after a reconnect.
            lastId = item.message.id ?? lastId;
          }
        }
      } catch (error) {
        if (aborted()) return;
        const passing = error instanceof RateLimitError || !(error instanceof NairaflowError) || error instanceof ConnectionError || (error.status ?? 0) >= 500;
        if (!passing) throw error;
      }
      failures++;
      await pause(Math.max(retryMs, backoffDelayMs(failures)), options?.signal);
    }
  }

  retrieve(id: string, options?: RequestOptions): Promise<EventResource> {
    return asEvent(this.#t.send((init) => this.#t.client.GET('/v1/events/{id}', { ...init, params: { path: { id } } }), options, 'idempotent'));
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

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
