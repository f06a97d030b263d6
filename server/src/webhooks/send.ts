// One HTTP attempt at a merchant's endpoint: POST the exact bytes, take any 2xx within the timeout
// as receipt, never follow a redirect, and read at most 4 KiB of the answer before hanging up.
// Connections to an endpoint are kept open between attempts (see agentFor).
import type { LookupAddress } from 'node:dns';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { LookupFunction, Socket } from 'node:net';
import { isForbiddenAddress, urlProblem, type TargetPolicy } from '../domain/webhook-targets.ts';
import type { AttemptResult } from '../persistence/webhook-queue.ts';
import type { HostResolver } from './resolve.ts';

/** How much of the endpoint's answer is kept (and shown in the delivery log). */
export const RESPONSE_BODY_LIMIT = 4096;

export interface AttemptRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  policy: TargetPolicy;
  /** The trusted CA certificates (PEM), when not the system's alone. */
  ca?: string[];
  /** How the endpoint's host name becomes addresses (never Node's dns.lookup: see resolve.ts). */
  resolver: HostResolver;
}

class RefusedTarget extends Error {}

/** An idle connection is closed after this long (servers commonly close theirs after 5 s). */
const IDLE_MS = 4000;
/** A connection is not reused after this long, so that an endpoint's name is resolved (and its addresses checked) again. */
const MAX_AGE_MS = 60_000;

const agents = new Map<string, HttpAgent>();
const opened = new WeakMap<Socket, number>();

/**
 * The connection pool attempts to one kind of target go through: kept alive, per host and port
 * (an endpoint's attempts reuse its connections; its cap on attempts in flight bounds how many).
 * Every new connection's address is resolved and checked (lookupWith); a kept connection was
 * checked when it was opened and is retired after MAX_AGE_MS. One pool per policy, so that a
 * connection opened under the test-mode policy never carries a live-mode attempt.
 */
function agentFor(protocol: string, policy: TargetPolicy): HttpAgent {
  const key = `${protocol}${policy.allowInsecure ? ' insecure' : ''}`;
  let agent = agents.get(key);
  if (agent === undefined) {
    const options = { keepAlive: true, timeout: IDLE_MS, scheduling: 'lifo' as const, maxFreeSockets: 1024 };
    agent = protocol === 'https:' ? new HttpsAgent(options) : new HttpAgent(options);
    agent.on('free', (socket: Socket) => {
      if (performance.now() - (opened.get(socket) ?? 0) > MAX_AGE_MS) socket.destroy();
    });
    agents.set(key, agent);
  }
  return agent;
}

export async function postWebhook(request: AttemptRequest): Promise<AttemptResult> {
  const started = performance.now();
  const finish = (result: Omit<AttemptResult, 'durationMs'>): AttemptResult => ({
    ...result,
    durationMs: Math.round(performance.now() - started),
  });
  const problem = urlProblem(request.url, request.policy);
  if (problem !== null) return finish({ ok: false, status: null, body: null, error: `refused target: the URL ${problem}` });

  const url = new URL(request.url);
  let result = await send(request, url, true, request.timeoutMs);
  // A kept connection the endpoint closed just as it was reused: the reset came at once, before
  // any answer. The attempt is made again, once, on a new connection (which cannot be stale),
  // within what is left of the same time limit, so an attempt never outlasts its lease. (The
  // endpoint may have read the first request: delivery is at least once, and events carry ids.)
  const left = request.timeoutMs - (performance.now() - started);
  if (result === STALE && left > 0) result = await send(request, url, false, left);
  return finish(result === STALE ? { ok: false, status: null, body: null, error: 'connection reset before an answer' } : result);
}

const STALE = Symbol('stale connection');
/** A reset of a reused connection later than this after the request went out is the endpoint's doing, not staleness. */
const STALE_WITHIN_MS = 1000;

function send(request: AttemptRequest, url: URL, reuse: boolean, timeoutMs: number): Promise<Omit<AttemptResult, 'durationMs'> | typeof STALE> {
  const sentAt = performance.now();
  const sendRequest = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    /** `keep`: the answer was read to its end, and its connection may carry the next attempt. */
    const done = (result: Omit<AttemptResult, 'durationMs'> | typeof STALE, keep = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (!keep) req.destroy();
      resolve(result);
    };
    let status: number | null = null;
    const chunks: Buffer[] = [];
    let received = 0;
    let answer: IncomingMessage | undefined;
    const bodyText = () => (status === null ? null : excerpt(Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT), received, answer!));
    let clockSkewSeconds: number | null = null;
    const outcome = (): Omit<AttemptResult, 'durationMs'> => {
      const code = status!;
      if (code >= 200 && code < 300) return { ok: true, status: code, body: bodyText(), error: null, clockSkewSeconds };
      if (code >= 300 && code < 400) return { ok: false, status: code, body: bodyText(), error: `redirect (${code}) not followed`, clockSkewSeconds };
      return { ok: false, status: code, body: bodyText(), error: `the endpoint answered ${code}`, clockSkewSeconds };
    };

    const req = sendRequest(url, {
      method: 'POST',
      headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
      agent: reuse ? agentFor(url.protocol, request.policy) : false,
      lookup: lookupWith(request.resolver, request.policy),
      ...(request.ca === undefined ? {} : { ca: request.ca }),
    });
    req.once('socket', (socket: Socket) => {
      if (!opened.has(socket)) opened.set(socket, performance.now());
    });
    const timer = setTimeout(() => {
      // Headers in time: the status decides, with what body arrived. Otherwise it failed.
      if (status !== null) done(outcome());
      else done({ ok: false, status: null, body: null, error: `timed out after ${request.timeoutMs} ms without an answer` });
    }, timeoutMs);

    req.on('response', (res: IncomingMessage) => {
      answer = res;
      status = res.statusCode ?? 0;
      clockSkewSeconds = skewOf(res.headers.date, Date.now());
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        received += chunk.length;
        if (received >= RESPONSE_BODY_LIMIT) done(outcome());
      });
      res.on('end', () => done(outcome(), true));
      res.on('error', () => done(outcome()));
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (status !== null) return done(outcome());
      const soon = performance.now() - sentAt < STALE_WITHIN_MS;
      if (req.reusedSocket && soon && (error.code === 'ECONNRESET' || error.code === 'EPIPE')) return done(STALE);
      done({ ok: false, status: null, body: null, error: describeError(error) });
    });
    req.end(request.body);
  });
}

/**
 * What is kept of an answer's body, to be stored and shown in the delivery log: its first 4 KiB
 * as text, with control characters (NUL above all, which PostgreSQL text cannot hold) shown as
 * U+FFFD. A compressed or binary answer is named, not stored: its bytes mean nothing as text.
 */
function excerpt(head: Buffer, received: number, res: IncomingMessage): string {
  const size = `${received}${received > head.length ? '+' : ''} bytes`;
  const encoding = res.headers['content-encoding']?.trim().toLowerCase();
  if (encoding !== undefined && encoding !== '' && encoding !== 'identity') return `[${encoding}-encoded answer, ${size}, not shown]`;
  // A multi-byte character cut off at the 4 KiB mark is not a sign of binary: stream mode holds it back.
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    return `[binary answer (${res.headers['content-type'] ?? 'no content type'}), ${size}, not shown]`;
  }
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '\ufffd');
}

function describeError(error: NodeJS.ErrnoException): string {
  if (error instanceof RefusedTarget) return error.message;
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ECONNRESET':
      return 'connection reset before an answer';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the host name did not resolve';
    case 'ETIMEOUT':
      return 'the host name did not resolve in time';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'the host is unreachable';
    default:
      if (error.code?.startsWith('ERR_TLS') || /certificate|SSL|TLS/i.test(error.message)) return `TLS error: ${error.message}`;
      return error.message;
  }
}

/**
 * A `lookup` for http.request over our resolver. Unless insecure targets are allowed, every
 * address is checked before a socket is opened, and a name with any forbidden address is refused.
 */
function lookupWith(resolver: HostResolver, policy: TargetPolicy): LookupFunction {
  return (hostname, options, callback) => {
    resolver.resolve(hostname).then(
      (found) => {
        const addresses = options.family === 4 || options.family === 6 ? found.filter((a) => a.family === options.family) : found;
        const refused = policy.allowInsecure ? undefined : addresses.find((a) => isForbiddenAddress(a.address));
        if (refused !== undefined || addresses.length === 0) {
          // Which private address a name resolves to is the network's business, not the merchant's.
          const why = new RefusedTarget(`refused target: ${hostname} ${refused === undefined ? 'resolves to no address' : 'resolves to a private address'}`);
          return callback(why, '', 4);
        }
        if (options.all === true) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
        callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 4),
    );
  };
}

/**
 * The receiver's clock minus ours, in whole seconds, from an answer's Date header read at `now`
 * (ms). The header drops the fraction of its second, so the receiver's time was half a second
 * later on average. Null when there is no Date, or it is not an HTTP date.
 */
export function skewOf(date: string | undefined, now: number): number | null {
  if (date === undefined) return null;
  const at = Date.parse(date);
  if (Number.isNaN(at)) return null;
  // A receiver's clock decades off (a Date in the year 2100, or 0001) is still shown as far off,
  // but within the column's range: the reading must never be what fails to record an attempt.
  return Math.max(-MAX_SKEW_SECONDS, Math.min(MAX_SKEW_SECONDS, Math.round((at + 500 - now) / 1000)));
}

/** The largest skew recorded, either way: PostgreSQL's integer (about 68 years). */
const MAX_SKEW_SECONDS = 2 ** 31 - 1;
