// Server-Sent Events, read as the HTML standard's parser does (lines end in CRLF, LF or CR; a
// field is `name: value`; a blank line dispatches; a line starting with ':' is a comment), over
// web-standard streams only.

export interface StreamMessage {
  /** The message's `id` field, when it had one. */
  id: string | undefined;
  /** The `event` field; `message` when absent, as the standard says. */
  event: string;
  /** The `data` lines, joined with '\n'. */
  data: string;
}

/**
 * A message, a new reconnection delay, or an id sent without data: a position in the stream (a
 * stream opened without Last-Event-ID sends where it started), to resume from, that is no event.
 */
export type StreamItem = { kind: 'message'; message: StreamMessage } | { kind: 'retry'; ms: number } | { kind: 'position'; id: string };

export class EventStreamParser {
  #buffer = '';
  // A chunk may end between the CR and the LF of one line ending.
  #skipLeadingLf = false;
  #id: string | undefined;
  #event = '';
  #data: string[] = [];

  /** Feeds decoded text; answers what it completed. */
  push(text: string): StreamItem[] {
    const items: StreamItem[] = [];
    if (text === '') return items;
    let input = this.#buffer + text;
    if (this.#skipLeadingLf && input.startsWith('\n')) input = input.slice(1);
    this.#skipLeadingLf = false;
    let start = 0;
    for (let i = 0; i < input.length; i++) {
      const char = input[i];
      if (char !== '\n' && char !== '\r') continue;
      this.#line(input.slice(start, i), items);
      if (char === '\r') {
        if (i + 1 === input.length) this.#skipLeadingLf = true;
        else if (input[i + 1] === '\n') i++;
      }
      start = i + 1;
    }
    this.#buffer = input.slice(start);
    return items;
  }

  #line(line: string, items: StreamItem[]): void {
    if (line === '') {
      if (this.#data.length > 0) items.push({ kind: 'message', message: { id: this.#id, event: this.#event || 'message', data: this.#data.join('\n') } });
      else if (this.#id !== undefined) items.push({ kind: 'position', id: this.#id });
      this.#id = undefined;
      this.#event = '';
      this.#data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const name = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (name === 'data') this.#data.push(value);
    else if (name === 'event') this.#event = value;
    else if (name === 'id' && !value.includes('\0')) this.#id = value;
    else if (name === 'retry' && /^\d+$/.test(value)) items.push({ kind: 'retry', ms: Number(value) });
  }
}

/**
 * The items of an event stream's body, as they arrive. `onBytes` hears every chunk, comments
 * (keep-alives) included, so a caller can tell a quiet stream from a dead connection.
 */
export async function* readEventStream(body: ReadableStream<Uint8Array>, onBytes: () => void): AsyncGenerator<StreamItem> {
  const reader = body.getReader();
  // The standard's decoding: UTF-8, a leading byte order mark dropped.
  const decoder = new TextDecoder('utf-8');
  const parser = new EventStreamParser();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      onBytes();
      yield* parser.push(decoder.decode(value, { stream: true }));
    }
  } finally {
    // Also when the caller stops early: the connection is not left open behind it.
    await reader.cancel().catch(() => {});
  }
}

/** Waits `ms` between reconnects, or less if `signal` aborts first; never rejects. */
export function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
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
