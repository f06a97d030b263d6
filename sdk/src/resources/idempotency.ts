import { randomUUID } from 'node:crypto';
import type { CreateOptions } from '../types.ts';

/** The key for one create call: the caller's, else a new UUID v4. Chosen once, before the first attempt. */
export function idempotencyKey(options: CreateOptions | undefined): string {
  return options?.idempotencyKey ?? randomUUID();
}
