// What a secret key authenticates as, kept for a few seconds per API process, so that a request
// costs one database round trip (its own work) instead of two. A key stops working everywhere the
// moment it is revoked: the database tells every process (a trigger's NOTIFY at commit), and one
// that cannot hear it (its LISTEN connection is down) neither keeps nor trusts anything.
import type { Logger } from 'pino';
import { authenticate, type Caller } from '../domain/merchants.ts';
import { sha256Hex } from '../ids.ts';
import type { Runner } from '../persistence/sql.ts';
import { API_KEYS_CHANNEL, listen, type Listener } from '../persistence/notifications.ts';

/** The longest a cached key is trusted without asking the database again. */
const TTL_MS = 10_000;
/** Enough for every active key of a large deployment; beyond it the oldest are forgotten. */
const MAX_ENTRIES = 50_000;

export interface KeyCache {
  /** The caller `secretKey` authenticates as, or null for a malformed, unknown or revoked key. */
  authenticate(runner: Runner, secretKey: string): Promise<Caller | null>;
  /** Forgets everything (this process just revoked a key: it need not wait for the notification). */
  forgetAll(): void;
  close(): Promise<void>;
}

export function keyCache(databaseUrl: string, log: Logger): KeyCache {
  const cached = new Map<string, { caller: Caller; until: number }>();
  // Counts every revocation heard: a lookup that overlapped one (read before it, answered after)
  // is not kept, since it may be the very key just revoked.
  let revocations = 0;
  const forget = (hash: string) => {
    revocations++;
    if (hash === '*') cached.clear();
    else cached.delete(hash);
  };
  const listener: Listener = listen(
    databaseUrl,
    // Whatever was revoked while it was not listening is unknown: it starts afresh.
    [{ name: API_KEYS_CHANNEL, onNotify: forget, onListening: () => forget('*') }],
    log,
  );
  return {
    async authenticate(runner, secretKey) {
      const hash = sha256Hex(secretKey);
      const hit = cached.get(hash);
      if (hit !== undefined && hit.until > Date.now() && listener.listening) return hit.caller;
      const before = revocations;
      const caller = await authenticate(runner, secretKey);
      if (caller === null) {
        cached.delete(hash);
        return null;
      }
      if (listener.listening && revocations === before) {
        if (cached.size >= MAX_ENTRIES) cached.delete(cached.keys().next().value!);
        cached.set(hash, { caller, until: Date.now() + TTL_MS });
      }
      return caller;
    },
    forgetAll: () => forget('*'),
    close: () => listener.close(),
  };
}
