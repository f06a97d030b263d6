import { ListResult, startCursor } from '../list.ts';
import type { Transport } from '../transport.ts';
import type { NairaflowEvent } from '@nairaflow/webhook-verifier';
import { ConnectionError, NairaflowError, RateLimitError } from '../errors.ts';
import { pause, readEventStream } from '../event-stream.ts';
import { backoffDelayMs } from '../transport.ts';
import type { Delivery, DeliveryList, EventListParams, EventResource, EventStreamParams, RequestOptions } from '../types.ts';
import { asEvent, asEventList } from './event-answers.ts';

/** The service sends a keep-alive every 15 s: this long without a byte is a dead connection. */
const SILENCE_LIMIT_MS = 45_000;
/** Whatever the service's `retry` says, reconnects are at least this far apart. */
const MIN_RETRY_MS = 1_000;
/** A stream open this long was working: the back-off starts over after it. */
const HEALTHY_STREAM_MS = 30_000;

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
   * With `since`, it starts with every event created at or after that time; with `lastEventId`,
   * after that event.
   */
  async *stream(params: EventStreamParams = {}, options?: Omit<RequestOptions, 'maxRetries'>): AsyncGenerator<NairaflowEvent, void, undefined> {
    const type = Array.isArray(params.type) ? params.type.join(',') : params.type;
    const signal = options?.signal;
    let lastId = params.lastEventId;
    // Sent until the stream gives an event (a stream from a time names no position of its own):
    // from then on, Last-Event-ID alone resumes it.
    let since = params.since instanceof Date ? params.since.toISOString() : params.since;
    let retryMs = 2_000;
    let failures = 0;
    const stopped = (): boolean => signal?.aborted === true;
    while (!stopped()) {
      // One connection: ended by the caller's signal, or by silence (the service sends a
      // keep-alive every 15 s, so three missed mean a dead connection nothing else reported).
      const connection = new AbortController();
      const onAbort = (): void => connection.abort(signal?.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
      let silence: ReturnType<typeof setTimeout> | undefined;
      const heard = (): void => {
        clearTimeout(silence);
        silence = setTimeout(() => connection.abort(), SILENCE_LIMIT_MS);
      };
      const openedAt = Date.now();
      let given = false;
      try {
        heard();
        const body = await this.#t.open(
          (init) =>
            this.#t.client.GET('/v1/events/stream', {
              ...init,
              params: {
                query: { ...(type === undefined ? {} : { type }), ...(since === undefined ? {} : { since }) },
                header: lastId === undefined ? {} : { 'Last-Event-ID': lastId },
              },
              parseAs: 'stream',
            }),
          { ...options, signal: connection.signal },
        );
        for await (const item of readEventStream(body, heard)) {
          if (item.kind === 'retry') retryMs = item.ms;
          else if (item.kind === 'position') {
            lastId = item.id;
            since = undefined;
          } else {
            const event = JSON.parse(item.message.data) as NairaflowEvent;
            yield event;
            // Only once you have had it: an event not yet given comes again after a reconnect.
            if (item.message.id !== undefined) {
              lastId = item.message.id;
              since = undefined;
            }
            given = true;
          }
        }
      } catch (error) {
        if (stopped()) return;
        // A refusal reconnecting cannot fix (a revoked key, a bad Last-Event-ID) is yours to see.
        if (error instanceof NairaflowError && !(error instanceof ConnectionError) && !(error instanceof RateLimitError) && (error.status ?? 0) < 500) throw error;
        if (error instanceof SyntaxError) throw error;
      } finally {
        clearTimeout(silence);
        signal?.removeEventListener('abort', onAbort);
        connection.abort();
      }
      // A stream that gave events or stayed up a while was working: the back-off starts over.
      if (given || Date.now() - openedAt >= HEALTHY_STREAM_MS) failures = 0;
      failures++;
      await pause(Math.max(retryMs, MIN_RETRY_MS, backoffDelayMs(failures)), signal);
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
