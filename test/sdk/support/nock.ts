// nock for the SDK's unit tests, active only inside the describe blocks that ask for it. nock
// patches fetch and http on import; the rest of the suite (the real servers, webhook delivery)
// runs in the same process, so it is switched off again at once and only on around these tests.
import nock from 'nock';
import { Nairaflow, type NairaflowOptions } from '../../../sdk/src/index.ts';

nock.restore();

export const BASE = 'https://api.nairaflow.test';
export const KEY = 'sk_test_Unit0Test0Key0Never0Sent0Anywhere';

export interface Seen {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  at: number;
}

/** Registers the hooks; returns `api()`, a nock scope on BASE that records each request it answers in `seen`. */
export function useNock(): { api: () => nock.Scope; seen: Seen[] } {
  const seen: Seen[] = [];
  before(() => {
    if (!nock.isActive()) nock.activate();
    nock.disableNetConnect();
  });
  afterEach(() => {
    seen.length = 0;
    nock.abortPendingRequests();
    nock.cleanAll();
  });
  after(() => {
    nock.cleanAll();
    nock.enableNetConnect();
    nock.restore();
  });
  const api = (): nock.Scope =>
    nock(BASE).on('request', (request: Request, _interceptor: unknown, body: string) => {
      const url = new URL(request.url);
      const headers: Record<string, string> = {};
      request.headers.forEach((value, name) => (headers[name] = value));
      seen.push({ method: request.method, path: url.pathname + url.search, headers, body, at: Date.now() });
    });
  return { api, seen };
}

export function client(options: Partial<NairaflowOptions> = {}): Nairaflow {
  return new Nairaflow(KEY, { baseUrl: BASE, ...options });
}

/** A reply in the API's error shape, with the request id in the body and the header. */
export function apiError(status: number, code: string, message: string, param?: string, headers: Record<string, string> = {}): [number, unknown, Record<string, string>] {
  const requestId = `req_${code.replace(/_/g, '').slice(0, 12)}${'0'.repeat(12)}`;
  return [status, { error: { code, message, ...(param === undefined ? {} : { param }), doc_url: `https://pay.example.com/docs#section/${code}`, request_id: requestId } }, { 'x-request-id': requestId, ...headers }];
}

export const intent = (id: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  id,
  livemode: false,
  merchant_id: 'acct_0000000000000000000000000',
  merchant_name: 'Test Shop',
  merchant_logo_url: null,
  amount: '250000',
  currency: 'NGN',
  description: '',
  status: 'requires_authentication',
  method: null,
  metadata: {},
  expires_at: '2026-01-02T12:00:00.000Z',
  succeeded_at: null,
  created_at: '2026-01-01T12:00:00.000Z',
  canceled_at: null,
  customer: null,
  amount_refunded: '0',
  service_fee: null,
  cancellation_reason: null,
  last_error: null,
  next_action: null,
  return_url: null,
  ...extra,
});

// nock 15 cannot fail a fetch: replyWithError leaves it hanging, and aborting a delayed reply
// trips an assertion inside undici. Connection failures and timeouts are therefore injected
// through the SDK's `fetch` option, in front of the (nock-patched) global fetch.

/** What undici throws for a dropped connection. */
export function connectionReset(): TypeError {
  return new TypeError('fetch failed', { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) });
}

/** A fetch whose first `failures` calls throw `error()` without sending; later ones go to the global fetch. */
export function failingFirst(failures: number, error: () => unknown = connectionReset): { fetch: (request: Request) => Promise<Response>; calls: () => number } {
  let calls = 0;
  return {
    fetch: async (request) => {
      calls++;
      if (calls <= failures) throw error();
      return globalThis.fetch(request);
    },
    calls: () => calls,
  };
}

/** A fetch whose first `hangs` calls never answer (they end only when their signal aborts). */
export function hangingFirst(hangs: number): { fetch: (request: Request) => Promise<Response>; calls: () => number } {
  let calls = 0;
  return {
    fetch: (request) => {
      calls++;
      if (calls > hangs) return globalThis.fetch(request);
      return new Promise((_resolve, reject) => {
        request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
      });
    },
    calls: () => calls,
  };
}
