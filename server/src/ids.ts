import { hash, randomFillSync } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

// CSPRNG bytes are drawn 4 KiB at a time (as Node's own randomUUID does): one call per ~130 ids
// instead of one per character.
const pool = Buffer.alloc(4096);
let taken = pool.length;

/** Random base62 text from a CSPRNG, without modulo bias: a byte of 248 or more (62 x 4) is drawn again. */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    if (taken === pool.length) {
      randomFillSync(pool);
      taken = 0;
    }
    const byte = pool[taken++]!;
    if (byte < 248) out += BASE62[byte % 62];
  }
  return out;
}

export type IdPrefix = 'acct' | 'pi' | 're' | 'evt' | 'att' | 'whd' | 'req' | 'key' | 'we' | 'usr';

/** Object ids: prefix + 24 base62 characters (about 143 bits). */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomBase62(24)}`;
}

const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * A payout's id: `po_` and 24 lower-case letters and digits (about 124 bits). Lower case because
 * the id is also the transfer's reference at the processor, and Paystack's transfer references
 * must be lower case.
 */
export function newPayoutId(): string {
  let out = '';
  while (out.length < 24) {
    if (taken === pool.length) {
      randomFillSync(pool);
      taken = 0;
    }
    const byte = pool[taken++]!;
    if (byte < 252) out += BASE36[byte % 36];
  }
  return `po_${out}`;
}

export function newSecretKey(livemode: boolean): string {
  return `${livemode ? 'sk_live_' : 'sk_test_'}${randomBase62(32)}`;
}

export function newSigningSecret(): string {
  return `whsec_${randomBase62(32)}`;
}

export function newClientSecret(paymentIntentId: string): string {
  return `${paymentIntentId}_secret_${randomBase62(24)}`;
}

export function sha256Hex(text: string): string {
  return hash('sha256', text, 'hex');
}
