import { createHash, randomInt } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Random base62 text from a CSPRNG, without modulo bias. */
export function randomBase62(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += BASE62[randomInt(62)];
  return out;
}

export type IdPrefix = 'acct' | 'pi' | 're' | 'evt' | 'att' | 'whd' | 'req' | 'key' | 'we' | 'usr';

/** Object ids: prefix + 24 base62 characters (about 143 bits). */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomBase62(24)}`;
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
  return createHash('sha256').update(text).digest('hex');
}
