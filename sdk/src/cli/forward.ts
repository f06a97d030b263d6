// One event handed to the merchant's local receiver, exactly as a real delivery would hand it
// (server/src/webhooks/deliver.ts): the same body bytes, headers and Service-Signature.
import { signatureHeaderAsync } from '@nairaflow/webhook-verifier/web';
import { describeNetworkError } from './network-error.ts';

// A real delivery's User-Agent, so the receiver cannot tell the two apart.
const USER_AGENT = 'Nairaflow-Webhooks/1';
// A real delivery fails when no status line arrives within 10 s (README, Webhooks).
const TIMEOUT_MS = 10_000;

export interface ForwardResult {
  /** The status, or what went wrong instead. */
  outcome: string;
  /** Until the status line, or the failure. */
  ms: number;
}

/** POSTs `body` to `url`, signed now with `secret`; never throws. */
export async function forwardEvent(url: string, body: string, secret: string, stop: AbortSignal): Promise<ForwardResult> {
  const signature = await signatureHeaderAsync(body, secret);
  const attempt = new AbortController();
  const timer = setTimeout(() => attempt.abort(), TIMEOUT_MS);
  const onStop = (): void => attempt.abort();
  stop.addEventListener('abort', onStop, { once: true });
  const started = performance.now();
  const elapsed = (): number => Math.round(performance.now() - started);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT, 'service-signature': signature },
      body,
      redirect: 'manual',
      signal: attempt.signal,
    });
    const ms = elapsed();
    const redirect = response.status >= 300 && response.status < 400 ? ' (redirects are not followed)' : '';
    // As for a real delivery, the status line is the answer. A refusal's first words are shown
    // (a receiver's 400 usually says why: the signature did not match), read for a moment at most.
    const reason = response.ok ? '' : await firstWords(response.body);
    if (response.ok) await response.body?.cancel().catch(() => {});
    return { outcome: `${response.status}${redirect}${reason === '' ? '' : `: ${reason}`}`, ms };
  } catch (error) {
    const ms = elapsed();
    if (attempt.signal.aborted && !stop.aborted) return { outcome: `no answer within ${TIMEOUT_MS / 1000} s`, ms };
    return { outcome: describeNetworkError(error), ms };
  } finally {
    clearTimeout(timer);
    stop.removeEventListener('abort', onStop);
  }
}

/** The start of a body on one line (at most ~120 characters, read for at most a second); '' if none. */
async function firstWords(body: ReadableStream<Uint8Array> | null): Promise<string> {
  if (body === null) return '';
  const reader = body.getReader();
  const timer = setTimeout(() => void reader.cancel().catch(() => {}), 1_000);
  let text = '';
  try {
    const decoder = new TextDecoder();
    while (text.length < 120) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // Cut off: what came is enough.
  } finally {
    clearTimeout(timer);
    await reader.cancel().catch(() => {});
  }
  const line = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return line.length > 120 ? `${line.slice(0, 117)}...` : line;
}
