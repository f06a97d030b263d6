// Receiving over node:http and Express: reads the raw body itself, verifies, answers, then hands
// the event to onEvent. Typed structurally, so neither express nor @types/node is needed.
import { WebhookVerificationError } from './errors.ts';
import {
  bodyAlreadyRead,
  dispatchAfterResponse,
  HANDLER_FAILED_TEXT,
  handlerConfig,
  rejectionText,
  runOnEvent,
  tooLargeText,
  type HandlerConfig,
  type HandlerOptions,
} from './handler-options.ts';
import { SIGNATURE_HEADER } from './header.ts';
import { constructEvent } from './node-crypto.ts';

/** What the handler reads of a request: node:http's IncomingMessage and Express's Request fit. */
export interface NodeRequestLike extends AsyncIterable<unknown> {
  method?: string | undefined;
  headers: Record<string, string | string[] | undefined>;
  /** Set by body parsers (a Buffer from express.raw is used as is). */
  body?: unknown;
  /** Set by e.g. express.json({ verify }) or some frameworks: the bytes before parsing. */
  rawBody?: unknown;
  readableEnded?: boolean;
}

/** What the handler uses of a response: node:http's ServerResponse and Express's Response fit. */
export interface NodeResponseLike {
  statusCode: number;
  headersSent?: boolean;
  setHeader(name: string, value: string): unknown;
  end(chunk: string): unknown;
}

/**
 * For Express (or Connect, Polka...): `app.post('/webhooks/nairaflow', webhookHandler({ secret, onEvent }))`.
 * Answers 200 to a verified event, then calls onEvent; 400 with the reason when verification fails.
 */
export function webhookHandler(options: HandlerOptions): (req: NodeRequestLike, res: NodeResponseLike, next?: (error?: unknown) => void) => void {
  const config = handlerConfig(options);
  return (req, res, next) => {
    handle(config, req, res).catch((error: unknown) => {
      if (next) next(error);
      else answerUnexpected(res, error);
    });
  };
}

/** For a plain node:http server: `http.createServer(nodeHandler({ secret, onEvent }))`. Resolves once answered. */
export function nodeHandler(options: HandlerOptions): (req: NodeRequestLike, res: NodeResponseLike) => Promise<void> {
  const config = handlerConfig(options);
  return (req, res) => handle(config, req, res).catch((error: unknown) => answerUnexpected(res, error));
}

async function handle(config: HandlerConfig, req: NodeRequestLike, res: NodeResponseLike): Promise<void> {
  if (req.method !== undefined && req.method !== 'POST') {
    res.setHeader('Allow', 'POST');
    return reply(res, 405, 'Nairaflow webhooks are POST requests\n');
  }
  const body = await readRawBody(req, config.maxBodyBytes);
  if (body === 'too_large') return reply(res, 413, tooLargeText(config.maxBodyBytes));
  if (body === 'already_read') return reply(res, 400, rejectionText(bodyAlreadyRead()));
  let event;
  try {
    event = constructEvent(body, req.headers[SIGNATURE_HEADER], config.secrets, { toleranceSeconds: config.toleranceSeconds });
  } catch (error) {
    if (error instanceof WebhookVerificationError) return reply(res, 400, rejectionText(error));
    throw error;
  }
  if (config.answer === 'after_handler') {
    const handled = await runOnEvent(config, event);
    return handled ? reply(res, 200, 'ok\n') : reply(res, 500, HANDLER_FAILED_TEXT);
  }
  reply(res, 200, 'ok\n');
  void dispatchAfterResponse(config, event);
}

async function readRawBody(req: NodeRequestLike, maxBodyBytes: number): Promise<string | Uint8Array | 'too_large' | 'already_read'> {
  // Bytes an earlier middleware kept: req.rawBody (express.json's verify hook, some frameworks),
  // or req.body when express.raw / express.text ran.
  for (const kept of [req.rawBody, req.body]) {
    if (typeof kept === 'string' || kept instanceof Uint8Array) {
      return kept.length > maxBodyBytes ? 'too_large' : kept;
    }
  }
  // A body parser consumed the stream and kept only its parse.
  if (req.readableEnded === true || (req as { _body?: unknown })._body === true) return 'already_read';

  const declared = Number(req.headers['content-length']);
  if (declared > maxBodyBytes) return 'too_large';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of req) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Uint8Array);
    size += bytes.length;
    // Past the limit, keep draining (so the 413 can be sent on this connection) but stop buffering.
    if (size <= maxBodyBytes) chunks.push(bytes);
  }
  if (size > maxBodyBytes) return 'too_large';
  // An empty stream beside a parsed body: something parsed it without marking the stream ended.
  if (size === 0 && req.body !== undefined && req.body !== null) return 'already_read';
  return Buffer.concat(chunks);
}

function reply(res: NodeResponseLike, status: number, text: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.end(text);
}

function answerUnexpected(res: NodeResponseLike, error: unknown): void {
  // Mostly a client that hung up mid-body: nobody is left to answer.
  if (!res.headersSent) {
    try {
      reply(res, 400, `Nairaflow webhook: could not read the request (${error instanceof Error ? error.message : String(error)})\n`);
    } catch {
      // the connection is gone
    }
  }
}
