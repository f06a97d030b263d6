// GET /v1/events/stream on a service started as its own process, read as a merchant's client reads
// it: each event as it arrives, with the time it arrived.
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

export async function openEventStream(baseUrl: string, key: string): Promise<EventStreamReader> {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/v1/events/stream`, {
    headers: { authorization: `Bearer ${key}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const events: StreamedEvent[] = [];
  let ended = false;
  if (res.ok) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        const reader = res.body!.getReader();
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
          buffer += decoder.decode(chunk.value, { stream: true });
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const fields = new Map(
              buffer
                .slice(0, end)
                .split('\n')
                .filter((line) => !line.startsWith(':'))
                .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)] as const),
            );
            buffer = buffer.slice(end + 2);
            if (fields.has('id') && fields.has('data')) events.push({ id: fields.get('id')!, event: fields.get('event')!, data: fields.get('data')!, at: Date.now() });
          }
        }
      } catch {
        // closed by us
      }
      ended = true;
    })();
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
