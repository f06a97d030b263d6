// Receiving with the Fetch API (Request -> Response): Cloudflare Workers, Deno, Bun, Next.js route
// handlers, Hono. WebCrypto only.
import { WebhookVerificationError } from './errors.ts';
import {
  bodyAlreadyRead,
  dispatchAfterResponse,
  HANDLER_FAILED_TEXT,
  handlerConfig,
  rejectionText,
  runOnEvent,
  tooLargeText,
  type HandlerOptions,
} from './handler-options.ts';
import { SIGNATURE_HEADER } from './header.ts';
import { constructEventAsync } from './web-crypto.ts';

/** The runtime's way to keep work alive after the response (Cloudflare's ctx, Vercel's event). */
export interface WaitUntilContext {
  waitUntil?(promise: Promise<unknown>): void;
}

/**
 * `export const POST = fetchHandler({ secret, onEvent })`, or on Cloudflare
 * `fetch: (request, env, ctx) => handler(request, ctx)` so onEvent may outlive the response.
 */
export function fetchHandler(options: HandlerOptions): (request: Request, context?: WaitUntilContext) => Promise<Response> {
  const config = handlerConfig(options);
  return async (request, context) => {
    if (request.method !== 'POST') return text(405, 'Nairaflow webhooks are POST requests\n', { Allow: 'POST' });
    if (request.bodyUsed) return text(400, rejectionText(bodyAlreadyRead()));
    if (Number(request.headers.get('content-length')) > config.maxBodyBytes) return text(413, tooLargeText(config.maxBodyBytes));
    const body = new Uint8Array(await request.arrayBuffer());
    if (body.length > config.maxBodyBytes) return text(413, tooLargeText(config.maxBodyBytes));
    let event;
    try {
      event = await constructEventAsync(body, request.headers.get(SIGNATURE_HEADER), config.secrets, { toleranceSeconds: config.toleranceSeconds });
    } catch (error) {
      if (error instanceof WebhookVerificationError) return text(400, rejectionText(error));
      throw error;
    }
    if (config.answer === 'after_handler') return (await runOnEvent(config, event)) ? text(200, 'ok\n') : text(500, HANDLER_FAILED_TEXT);
    const work = dispatchAfterResponse(config, event);
    if (typeof context?.waitUntil === 'function') context.waitUntil(work);
    return text(200, 'ok\n');
  };
}

function text(status: number, body: string, headers?: Record<string, string>): Response {
  return new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...headers } });
}
