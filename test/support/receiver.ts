// A real webhook receiver on 127.0.0.1 (HTTP or HTTPS) that records what arrives and answers as
// each test tells it to.
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingMessage['headers'];
  /** The exact bytes that arrived. */
  body: Buffer;
  at: number;
}

/** Decides the answer to the n-th request (0-based); may hold the response open. */
export type Responder = (request: Received, index: number, res: ServerResponse) => void;

export const answer =
  (status: number, body = 'ok'): Responder =>
  (_req, _i, res) => {
    res.writeHead(status, { 'content-type': 'text/plain' }).end(body);
  };

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** TCP connections opened to it so far. */
  connections: number;
  respond: Responder;
  /** Resolves when `count` requests have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(options: { tls?: { key: string; cert: string }; respond?: Responder } = {}): Promise<Receiver> {
  const received: Received[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry: Received = { headers: req.headers, body: Buffer.concat(chunks), at: Date.now() };
      const index = received.push(entry) - 1;
      receiver.respond(entry, index, res);
      for (const w of waiters.filter((w) => received.length >= w.count)) w.resolve();
    });
  };
  const server: Server = options.tls === undefined ? createHttpServer(handler) : createHttpsServer(options.tls, handler);
  server.on(options.tls === undefined ? 'connection' : 'secureConnection', () => receiver.connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const receiver: Receiver = {
    url: `${options.tls === undefined ? 'http' : 'https'}://127.0.0.1:${port}/webhooks`,
    port,
    received,
    connections: 0,
    respond: options.respond ?? answer(200),
    waitFor(count, timeoutMs = 15_000) {
      if (received.length >= count) return Promise.resolve(received.slice(0, count));
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`only ${received.length} of ${count} webhook requests arrived`)), timeoutMs);
        waiters.push({ count, resolve: () => (clearTimeout(timer), resolve(received.slice(0, count))) });
      });
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  return receiver;
}
