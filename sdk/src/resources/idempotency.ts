import type { CreateOptions } from '../types.ts';

/**
 * The key for one create call: the caller's, else a new UUID v4. Chosen once, before the first
 * attempt. Web Crypto's global `crypto`, not Node's module, so the SDK runs in browsers and edge
 * runtimes too.
 */
export function idempotencyKey(options: CreateOptions | undefined): string {
  return options?.idempotencyKey ?? crypto.randomUUID();
}
