// One HTTP attempt at a merchant's endpoint: POST the exact bytes, take any 2xx within the timeout
// as receipt, never follow a redirect, and read at most 4 KiB of the answer before hanging up.
import type { LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isForbiddenAddress, urlProblem, type TargetPolicy } from '../domain/webhook-targets.ts';
import type { HostResolver } from './resolve.ts';

/** How much of the endpoint's answer is kept (and shown in the delivery log). */
export const RESPONSE_BODY_LIMIT = 4096;

export interface AttemptResult {
  ok: boolean;
  status: number | null;
  body: string | null;
  error: string | null;
  durationMs: number;
}

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

export async function postWebhook(request: AttemptRequest): Promise<AttemptResult> {
  const started = performance.now();
  const finish = (result: Omit<AttemptResult, 'durationMs'>): AttemptResult => ({
    ...result,
    durationMs: Math.round(performance.now() - started),
  });
  const problem = urlProblem(request.url, request.policy);
  if (problem !== null) return finish({ ok: false, status: null, body: null, error: `refused target: the URL ${problem}` });

  const url = new URL(request.url);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const done = (result: Omit<AttemptResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(finish(result));
    };
    let status: number | null = null;
    const chunks: Buffer[] = [];
    let received = 0;
    let answer: IncomingMessage | undefined;
    const bodyText = () => (status === null ? null : excerpt(Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT), received, answer!));
    const outcome = (): Omit<AttemptResult, 'durationMs'> => {
      const code = status!;
      if (code >= 200 && code < 300) return { ok: true, status: code, body: bodyText(), error: null };
      if (code >= 300 && code < 400) return { ok: false, status: code, body: bodyText(), error: `redirect (${code}) not followed` };
      return { ok: false, status: code, body: bodyText(), error: `the endpoint answered ${code}` };
    };

    const req = send(url, {
      method: 'POST',
      headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
      // A fresh connection every attempt: the address is checked each time it is resolved.
      agent: false,
      lookup: lookupWith(request.resolver, request.policy),
      ...(request.ca === undefined ? {} : { ca: request.ca }),
    });
    const timer = setTimeout(() => {
      // Headers in time: the status decides, with what body arrived. Otherwise it failed.
      if (status !== null) done(outcome());
      else done({ ok: false, status: null, body: null, error: `timed out after ${request.timeoutMs} ms without an answer` });
    }, request.timeoutMs);

    req.on('response', (res: IncomingMessage) => {
      answer = res;
      status = res.statusCode ?? 0;
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        received += chunk.length;
        if (received >= RESPONSE_BODY_LIMIT) done(outcome());
      });
      res.on('end', () => done(outcome()));
      res.on('error', () => done(outcome()));
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (status !== null) return done(outcome());
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
