// The open event streams of this API process (GET /v1/events/stream), woken when one of their
// merchant's events commits. One LISTEN connection per process, made when the first stream opens;
// a stream holds no database connection between reads. A stream reads on every wake, on every
// heartbeat, and whenever listening resumes after the database was away (a notification may have
// been missed then), so it can be late but never misses an event.
//
// The streams of the process read in turns, a few at a time (one page each), so that however many
// are catching up on a long backlog, most of the connection pool stays free for the API.
import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { eventsAfter, positionId, type StreamCursor } from '../domain/event-stream.ts';
import { ApiError } from '../domain/errors.ts';
import type { Caller } from '../domain/merchants.ts';
import { EVENT_STREAM_CHANNEL, eventStreamKey, listen, type Listener } from '../persistence/notifications.ts';
import type { Autocommit } from '../persistence/sql.ts';
import type { KeyCache } from './key-cache.ts';

export interface EventFeedOptions {
  /** A comment line this often keeps proxies from closing an idle stream; the key is checked again then too. */
  heartbeatMs: number;
  /** Open streams per merchant and mode in one process at most: each is a socket held open. */
  maxStreamsPerMerchant: number;
  /** Reads of the events table under way at once for all the streams of the process; the others wait their turn holding no connection. */
  maxConcurrentReads: number;
}

export const EVENT_FEED_DEFAULTS: EventFeedOptions = {
  heartbeatMs: 15_000,
  maxStreamsPerMerchant: 10,
  // Well below the connection pool (20 by default, see createOrm), which every request of the API
  // shares: one merchant's 20 streams catching up would otherwise hold it all, and other callers
  // would queue behind their pages. A page is read in about a millisecond, so four at a time still
  // send each new event within milliseconds of its turn, and catching-up streams take turns.
  maxConcurrentReads: 4,
};

/** Events read per statement (sent or not): a reader far behind catches up in pages, never in one huge read. */
const PAGE = 100;
/** The first wait before asking again while an older transaction is still running; doubled up to the heartbeat. */
const WAITING_RETRY_MS = 20;
/** The longest wait between looks while an older transaction runs: an event is sent within this of its turn. */
const MAX_WAITING_RETRY_MS = 500;
/** How soon a read that failed (the database away) is tried again. */
const FAILED_RETRY_MS = 1_000;
/** What a client waits before reconnecting after the stream ends (the SSE `retry` field). */
const CLIENT_RETRY_MS = 2_000;

export interface StreamRequest {
  caller: Caller;
  /** The key the stream was opened with: checked again at each heartbeat, so a revoked one ends it. */
  secretKey: string;
  cursor: StreamCursor;
  types: readonly string[] | null;
}

export interface EventFeed {
  /** Refuses (429) a stream beyond the merchant's limit; otherwise answers `res` with the stream until either side ends it. */
  serve(res: ServerResponse, request: StreamRequest): void;
  /** Ends every stream (the process is stopping) and stops listening. */
  close(): Promise<void>;
}

/**
 * At most `limit` holders at once; the others wait in the order they asked. `take` resolves with
 * the function that gives the turn back (to be called exactly once).
 */
function turns(limit: number): { take(): Promise<() => void> } {
  let held = 0;
  const waiting: (() => void)[] = [];
  const giveBack = () => {
    const next = waiting.shift();
    if (next === undefined) held--;
    else next();
  };
  return {
    take() {
      if (held < limit) {
        held++;
        return Promise.resolve(giveBack);
      }
      return new Promise((resolve) => waiting.push(() => resolve(giveBack)));
    },
  };
}

export function eventFeed(databaseUrl: string, db: Autocommit, keys: KeyCache, log: Logger, options: EventFeedOptions = EVENT_FEED_DEFAULTS): EventFeed {
  const streams = new Map<string, Set<Stream>>();
  const reads = turns(options.maxConcurrentReads);
  let listener: Listener | undefined;
  let closed = false;

  const wake = (key: string) => {
    for (const stream of streams.get(key) ?? []) stream.read();
  };
  const wakeAll = () => {
    for (const group of streams.values()) for (const stream of group) stream.read();
  };

  class Stream {
    #cursor: StreamCursor;
    #reading = false;
    #again = false;
    #retry: NodeJS.Timeout | undefined;
    #waitingMs = WAITING_RETRY_MS;
    readonly #heartbeat: NodeJS.Timeout;
    #ended = false;

    readonly key: string;
    readonly res: ServerResponse;
    readonly request: StreamRequest;

    constructor(key: string, res: ServerResponse, request: StreamRequest) {
      this.key = key;
      this.res = res;
      this.request = request;
      this.#cursor = request.cursor;
      this.#heartbeat = setInterval(() => void this.#beat(), options.heartbeatMs);
      res.on('close', () => this.end());
    }

    /** Sends whatever can be sent now; called again while a read is under way, it reads once more after. */
    read(): void {
      if (this.#ended) return;
      if (this.#reading) {
        this.#again = true;
        return;
      }
      clearTimeout(this.#retry);
      this.#retry = undefined;
      this.#reading = true;
      void this.#drain().finally(() => {
        this.#reading = false;
        if (this.#again) {
          this.#again = false;
          this.read();
        }
      });
    }

    async #drain(): Promise<void> {
      try {
        // A key revoked since the last read ends the stream before anything more is sent (the
        // key cache forgets a revoked key the moment the database says so, so this costs no
        // round trip while the key is good).
        if ((await keys.authenticate(db, this.request.secretKey)) === null) {
          this.end();
          return;
        }
        for (;;) {
          // One page per turn: a stream far behind goes to the back of the line after each.
          const done = await reads.take();
          let page: Awaited<ReturnType<typeof eventsAfter>>;
          try {
            if (this.#ended) return;
            page = await eventsAfter(db, this.request.caller, this.#cursor, this.request.types, PAGE);
          } finally {
            done();
          }
          const { events, cursor, waiting, more } = page;
          if (this.#ended) return;
          let writable = true;
          for (const event of events) {
            // The payload is one line of JSON (JSON.stringify writes no raw line breaks).
            writable = this.res.write(`id: ${event.id}\nevent: ${event.type}\ndata: ${event.payload}\n\n`);
          }
          this.#cursor = cursor;
          // A reader that does not keep up is not read for: wait until its socket drains.
          if (!writable) await new Promise<void>((resolve) => this.res.once('drain', resolve).once('close', resolve));
          if (this.#ended) return;
          if (waiting) {
            this.#retryIn(this.#waitingMs);
            this.#waitingMs = Math.min(this.#waitingMs * 2, MAX_WAITING_RETRY_MS);
            return;
          }
          this.#waitingMs = WAITING_RETRY_MS;
          if (!more) return;
        }
      } catch (error) {
        log.warn({ err: error, merchant: this.request.caller.merchant.id }, 'event stream: reading events failed; retrying');
        this.#retryIn(FAILED_RETRY_MS);
      }
    }

    #retryIn(ms: number): void {
      clearTimeout(this.#retry);
      this.#retry = setTimeout(() => this.read(), ms);
    }

    async #beat(): Promise<void> {
      if (this.#ended) return;
      try {
        if ((await keys.authenticate(db, this.request.secretKey)) === null) {
          this.end();
          return;
        }
      } catch {
        // The database is away: the stream carries on, and the key is checked at the next beat.
      }
      if (this.#ended) return;
      // Not behind a reader who is not reading: that would only fill memory.
      if (this.res.writableNeedDrain) return;
      this.res.write(': keep-alive\n\n');
      this.read();
    }

    end(): void {
      if (this.#ended) return;
      this.#ended = true;
      clearInterval(this.#heartbeat);
      clearTimeout(this.#retry);
      const group = streams.get(this.key);
      group?.delete(this);
      if (group?.size === 0) streams.delete(this.key);
      if (!this.res.writableEnded) this.res.end();
    }
  }

  return {
    serve(res, request) {
      if (closed) throw new ApiError('service_unavailable', 'The service is restarting; reconnect in a moment.');
      const key = eventStreamKey(request.caller.merchant.id, request.caller.livemode);
      const group = streams.get(key) ?? new Set<Stream>();
      if (group.size >= options.maxStreamsPerMerchant) {
        throw new ApiError(
          'rate_limited',
          `Too many open event streams for this account in this mode (at most ${options.maxStreamsPerMerchant}). Close one before opening another.`,
        );
      }
      // The client may have gone while the stream was being opened (its key looked up, its
      // cursor read): its 'close' has fired already, and a stream made now would never end.
      if (res.destroyed || res.socket === null || res.socket.destroyed) return;
      listener ??= listen(databaseUrl, [{ name: EVENT_STREAM_CHANNEL, onNotify: wake, onListening: wakeAll }], log);
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        // Proxies that buffer answers (nginx) would hold the events back.
        'x-accel-buffering': 'no',
      });
      res.write(`retry: ${CLIENT_RETRY_MS}\n\n`);
      // A stream that starts from now names its start, so that a reader who loses the connection
      // before the first event resumes from there (an id with no data sets the reader's
      // Last-Event-ID and dispatches nothing). One that starts from a time names none: its reader
      // resumes with the same time until it has an event.
      if (request.cursor.id === '' && request.cursor.snapshot !== null) res.write(`id: ${positionId(request.cursor)}\n\n`);
      streams.set(key, group);
      const stream = new Stream(key, res, request);
      group.add(stream);
      stream.read();
    },
    async close() {
      closed = true;
      for (const group of [...streams.values()]) for (const stream of [...group]) stream.end();
      await listener?.close();
    },
  };
}
