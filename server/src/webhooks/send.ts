// One HTTP attempt at a merchant's endpoint: POST the exact bytes, take any 2xx within the timeout
// as receipt, never follow a redirect, and read at most 4 KiB of the answer before hanging up.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isForbiddenAddress, urlProblem, type TargetPolicy } from './network-policy.ts';

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
    const bodyText = () => (received === 0 ? (status === null ? null : '') : Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT).toString('utf8'));
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
      lookup: request.policy.allowInsecure ? undefined : guardedLookup,
      ...(request.ca === undefined ? {} : { ca: request.ca }),
    });
    const timer = setTimeout(() => {
      // Headers in time: the status decides, with what body arrived. Otherwise it failed.
      if (status !== null) done(outcome());
      else done({ ok: false, status: null, body: null, error: `timed out after ${request.timeoutMs} ms without an answer` });
    }, request.timeoutMs);

    req.on('response', (res: IncomingMessage) => {
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
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'the host is unreachable';
    default:
      if (error.code?.startsWith('ERR_TLS') || /certificate|SSL|TLS/i.test(error.message)) return `TLS error: ${error.message}`;
      return error.message;
  }
}

// Resolves like dns.lookup, then refuses every forbidden address before a socket is opened.
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 4);
    const refused = addresses.find((a) => isForbiddenAddress(a.address));
    if (refused !== undefined || addresses.length === 0) {
      const why = new RefusedTarget(`refused target: ${hostname} resolves to ${refused?.address ?? 'nothing'}, which is not a public address`);
      return callback(why, '', 4);
    }
    if (options.all === true) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

