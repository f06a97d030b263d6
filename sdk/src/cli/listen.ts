// `nairaflow listen`: the merchant's events, as they happen, from GET /v1/events/stream, each
// POSTed to a local URL signed like a real delivery. The stream is resumed after the last event
// handed on (Last-Event-ID), so a dropped connection loses nothing and repeats nothing; a new run
// picks up where an old one stopped with --since, which a stopped run prints.
import { API_VERSION } from '../generated/api-version.ts';
import { VERSION } from '../version.ts';
import type { ApiKey } from './args.ts';
import { pause, readEventStream, type StreamMessage } from '../event-stream.ts';
import { forwardEvent } from './forward.ts';
import { describeNetworkError } from './network-error.ts';
import { withoutPassword } from './shown-url.ts';
import { newSigningSecret } from './signing-secret.ts';

export interface ListenOptions {
  key: ApiKey;
  apiBase: string;
  forwardTo: string;
  /** Only these event types; undefined for all. */
  events: string[] | undefined;
  /** The signing secret to use; undefined for a new one. */
  secret?: string | undefined;
  /** Where to start; undefined for now. */
  since?: ListenStart | undefined;
  /** The lines that tell how to run listen again from `since` (an event id, a position or a time). */
  resumeCommand?: ((since: string) => string[]) | undefined;
}

/** After an event or a stream's position (sent as Last-Event-ID), or with the events created from a time. */
export type ListenStart = { after: string } | { time: string };

// Until the stream's own `retry` field says otherwise.
const DEFAULT_RETRY_MS = 2_000;
// Reconnects after repeated failures back off to this; a laptop's service may take a while to
// come back, and the next attempt should not lag its return by much.
const MAX_RETRY_MS = 30_000;
// Whatever a server's `retry` says: a reconnect loop never spins.
const MIN_RETRY_MS = 1_000;
// A stream that stayed open this long was working: the back-off starts over after it.
const HEALTHY_STREAM_MS = 30_000;
// The service sends a keep-alive comment every 15 s: three missed mean the connection is dead,
// even when no error says so (a laptop's sleep, a network change).
const SILENCE_LIMIT_MS = 45_000;

/** A refusal that reconnecting cannot fix; `listen` stops with it. */
class Refused extends Error {}

/** Runs until `stop` aborts; answers the exit code. */
export async function listen(options: ListenOptions, stop: AbortSignal): Promise<number> {
  const secret = options.secret ?? newSigningSecret();
  const mode = options.key.livemode ? 'live' : 'test';
  console.log(`Your webhook signing secret is ${secret}`);
  if (options.secret === undefined) {
    console.log(`  (a new one each time listen starts: give it to your receiver, e.g. NAIRAFLOW_WEBHOOK_SECRET=${secret};`);
    console.log('   or export NAIRAFLOW_WEBHOOK_SECRET once and listen signs with it too)');
  } else {
    console.log('  (the one you gave: the same your receiver uses)');
  }

  // The last event handed on, or before the first one, the position the stream said it started
  // at (an id with no data): a connection that drops before the first event resumes from there.
  const given = options.since;
  let lastId: string | undefined = given !== undefined && 'after' in given ? given.after : undefined;
  // A stream from a time names no position: until it gives an event, a reconnect asks for the
  // same time again. Without --since, a run that never got a position resumes from its start.
  let since: string | undefined = given !== undefined && 'time' in given ? given.time : undefined;
  const startedAt = new Date();
  let retryMs = DEFAULT_RETRY_MS;
  let failures = 0;
  let connectedBefore = false;

  while (!stop.aborted) {
    const connection = new AbortController();
    const onStop = (): void => connection.abort();
    stop.addEventListener('abort', onStop, { once: true });
    let silence: ReturnType<typeof setTimeout> | undefined;
    const heard = (): void => {
      clearTimeout(silence);
      silence = setTimeout(() => connection.abort(new Error(`nothing heard for ${SILENCE_LIMIT_MS / 1000} s`)), SILENCE_LIMIT_MS);
    };
    let problem: string;
    let waitMs: number | undefined;
    try {
      heard();
      const response = await fetch(streamUrl(options, since), { headers: streamHeaders(options.key, lastId), signal: connection.signal });
      if (response.status !== 200) {
        const refusal = await readRefusal(response);
        problem = refusal.message;
        waitMs = refusal.retryAfterMs;
        if (refusal.forgotten) {
          console.error(
            `The service no longer has ${lastId} (events are kept for a limited time), so listen cannot resume after it: ` +
              'it streams from now on. List what came in between with GET /v1/events.',
          );
          lastId = undefined;
          continue;
        }
      } else if (!(response.headers.get('content-type') ?? '').startsWith('text/event-stream') || response.body === null) {
        await response.body?.cancel();
        throw new Refused(`${options.apiBase} did not answer with an event stream (Content-Type ${response.headers.get('content-type')}): is --api-base the Nairaflow API?`);
      } else {
        const openedAt = Date.now();
        let forwarded = false;
        if (!connectedBefore) {
          const filter = options.events === undefined ? 'all event types' : options.events.join(', ');
          console.log(`Ready! Forwarding ${mode}-mode events (${filter}) from ${withoutPassword(options.apiBase)} to ${withoutPassword(options.forwardTo)}. Ctrl-C to stop.`);
          if (given !== undefined && 'time' in given) console.log(`Starting with the events created since ${given.time}.`);
          else if (given !== undefined) console.log(given.after.startsWith('pos_') ? 'Starting where the earlier run stopped.' : `Starting after ${given.after}.`);
        } else {
          console.error(lastId === undefined || lastId.startsWith('pos_') ? 'Reconnected; resuming where the stream started.' : `Reconnected; resuming after ${lastId}.`);
        }
        connectedBefore = true;
        for await (const item of readEventStream(response.body, heard)) {
          if (item.kind === 'retry') {
            retryMs = item.ms;
            continue;
          }
          if (item.kind === 'position') {
            lastId = item.id;
            since = undefined;
            continue;
          }
          // Stopped while handing it on: it may not have arrived, so it is not counted (the
          // resumed run forwards it again rather than skip it).
          if (!(await handOn(item.message, options.forwardTo, secret, stop))) break;
          // Only now: an event read but not yet handed on comes again after a reconnect.
          if (item.message.id !== undefined) {
            lastId = item.message.id;
            since = undefined;
          }
          forwarded = true;
          heard();
        }
        // A stream that carried events, or stayed up a while, was a success: the back-off starts
        // over. One that opens and closes at once is a failure like any other (no tight loop).
        if (forwarded || Date.now() - openedAt >= HEALTHY_STREAM_MS) failures = 0;
        problem = 'the service closed the stream';
      }
    } catch (error) {
      if (error instanceof Refused) {
        console.error(`nairaflow listen: ${error.message}`);
        return 1;
      }
      if (stop.aborted) break;
      const reason: unknown = connection.signal.reason;
      problem = connection.signal.aborted && reason instanceof Error ? reason.message : describeNetworkError(error);
    } finally {
      clearTimeout(silence);
      stop.removeEventListener('abort', onStop);
      connection.abort();
    }
    if (stop.aborted) break;
    failures++;
    const delay = waitMs ?? backoffMs(retryMs, failures);
    const verb = connectedBefore ? 'Lost the event stream' : `Cannot open the event stream at ${options.apiBase}`;
    console.error(`${verb} (${problem}); reconnecting in ${(delay / 1000).toFixed(1)} s.`);
    await pause(delay, stop);
  }
  const resumeFrom = lastId ?? since ?? startedAt.toISOString();
  const resume = options.resumeCommand?.(resumeFrom) ?? [];
  console.error(resume.length === 0 ? 'Stopped.' : ['Stopped. To resume where it stopped, forwarding every event it had not finished forwarding, then the new ones:', ...resume].join('\n'));
  return 0;

  async function readRefusal(response: Response): Promise<{ message: string; retryAfterMs?: number; forgotten?: boolean }> {
    const text = await response.text().catch(() => '');
    let body: { error?: { code?: string; message?: string; param?: string } } | undefined;
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      body = undefined;
    }
    const said = body?.error?.message !== undefined ? `${response.status} ${body.error.code ?? ''}: ${body.error.message}` : `HTTP ${response.status}`;
    // The service's own trouble, or a rate limit: it will pass. Anything else is the request's.
    if (response.status === 429 || response.status >= 500) {
      const retryAfter = Number(response.headers.get('retry-after'));
      return { message: said, ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterMs: Math.min(retryAfter, 60) * 1000 } : {}) };
    }
    if (response.status === 400 && body?.error?.param === 'Last-Event-ID' && lastId !== undefined) {
      // The --since given names no event the service has for this key: nothing to resume after.
      if (given !== undefined && 'after' in given && lastId === given.after) {
        throw new Refused(
          `--since ${lastId} is not an event of this key's mode that the service still has (events are kept for a limited time), ` +
            `nor a position a stopped listen printed (${said}). Give a time instead, e.g. --since 2026-01-01T09:00:00Z.`,
        );
      }
      // The event to resume after is past the service's retention.
      return { message: said, forgotten: true };
    }
    if (response.status === 401) throw new Refused(`the API refused the key (${said}). Use a current secret key from the dashboard.`);
    if (response.status === 404 && body?.error?.code === 'resource_missing') {
      throw new Refused(`${options.apiBase} has no event stream (${said}). Is --api-base the Nairaflow API, and is it up to date?`);
    }
    throw new Refused(said);
  }
}

function streamUrl(options: ListenOptions, since: string | undefined): string {
  const url = new URL(`${options.apiBase}/v1/events/stream`);
  if (options.events !== undefined) url.searchParams.set('type', options.events.join(','));
  if (since !== undefined) url.searchParams.set('since', since);
  return url.href;
}

function streamHeaders(key: ApiKey, lastId: string | undefined): Record<string, string> {
  return {
    authorization: `Bearer ${key.value}`,
    accept: 'text/event-stream',
    'nairaflow-version': API_VERSION,
    'user-agent': `nairaflow-cli/${VERSION}`,
    ...(lastId === undefined ? {} : { 'last-event-id': lastId }),
  };
}

/**
 * Forwards one event and prints its line: time, type, id, the local answer and how long it took.
 * False when `stop` cut it short.
 */
async function handOn(message: StreamMessage, forwardTo: string, secret: string, stop: AbortSignal): Promise<boolean> {
  const at = new Date();
  const result = await forwardEvent(forwardTo, message.data, secret, stop);
  if (stop.aborted) return false;
  const id = message.id ?? idOf(message.data);
  console.log(`${clock(at)}  ${message.event.padEnd(24)}  ${id}  -> ${result.outcome} (${result.ms} ms)`);
  return true;
}

function idOf(data: string): string {
  try {
    const id = (JSON.parse(data) as { id?: unknown }).id;
    return typeof id === 'string' ? id : '?';
  } catch {
    return '?';
  }
}

function clock(at: Date): string {
  return [at.getHours(), at.getMinutes(), at.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}

/** The stream's `retry` (at least a second) after one failure, doubling after each further one, each between half and all of that. */
function backoffMs(retryMs: number, failures: number): number {
  const ceiling = Math.min(MAX_RETRY_MS, Math.max(MIN_RETRY_MS, retryMs) * 2 ** (failures - 1));
  return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
}
