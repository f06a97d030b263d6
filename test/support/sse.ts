// Server-Sent Events as a client reads them (readFrames), and GET /v1/events/stream on a service
// started as its own process, read as a merchant's client reads it: each event as it arrives,
// with the time it arrived.
export interface StreamedEvent {
  id: string;
  event: string;
  data: string;
  at: number;
}

export interface EventStreamReader {
  status: number;
  events: StreamedEvent[];
  /** Whether the server ended the stream. */
  readonly ended: boolean;
  /** Resolves once `n` events have arrived; rejects after `timeoutMs`. */
  until(n: number, timeoutMs?: number): Promise<StreamedEvent[]>;
  close(): void;
}

/**
 * Reads a Server-Sent Events body frame by frame as it arrives (comments left out of `fields`),
 * until it ends or is aborted, then calls `onEnd`.
 */
export function readFrames(res: Response, onFrame: (frame: string, fields: Record<string, string>) => void, onEnd: () => void): void {
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      const reader = res.body!.getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        buffer += decoder.decode(chunk.value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = Object.fromEntries(
            frame
              .split('\n')
              .filter((line) => !line.startsWith(':'))
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
          );
          onFrame(frame, fields);
        }
      }
    } catch {
      // aborted by the reader
    }
    onEnd();
  })();
}

export async function openEventStream(baseUrl: string, key: string): Promise<EventStreamReader> {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/v1/events/stream`, {
    headers: { authorization: `Bearer ${key}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const events: StreamedEvent[] = [];
  let ended = false;
  if (res.ok) {
    readFrames(
      res,
      (_frame, fields) => {
        if (fields['id'] !== undefined && fields['data'] !== undefined) events.push({ id: fields['id'], event: fields['event']!, data: fields['data'], at: Date.now() });
      },
      () => {
        ended = true;
      },
    );
  } else {
    await res.body?.cancel();
  }
  return {
    status: res.status,
    events,
    get ended() {
      return ended;
    },
    async until(n, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (events.length < n) {
        if (Date.now() > deadline) throw new Error(`${events.length} of ${n} events arrived on the stream within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 10));
      }
      return events;
    },
    close: () => controller.abort(),
  };
}
