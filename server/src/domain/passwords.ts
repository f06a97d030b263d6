import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// scrypt at N = 2^15, r = 8, p = 1: 32 MiB and roughly 50 ms a guess on our machines, the cost
// OWASP's password storage guidance lists for scrypt. The parameters are stored with each hash, so
// raising them later only changes new hashes.
const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

// scrypt runs on libuv's thread pool (4 threads), which DNS lookups for webhook deliveries share.
// At most 2 derivations run at once, so a flood of sign-ins waits its turn instead of taking
// every thread (and 32 MiB each).
const MAX_CONCURRENT = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  // A finishing derivation hands its slot straight to the next waiter, so none can slip in between.
  if (running < MAX_CONCURRENT) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    // 128 * N * r bytes are needed; the default maxmem (32 MiB) is exactly too small for N = 2^15.
    const options: ScryptOptions = { N: n, r, p, maxmem: 256 * n * r };
    return await new Promise((resolve, reject) => {
      scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (err, key) => (err === null ? resolve(key) : reject(err)));
    });
  } finally {
    const next = waiting.shift();
    if (next === undefined) running--;
    else next();
  }
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `password` matches `stored`, compared in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || salt === undefined || hash === undefined) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let decoy: Promise<string> | undefined;

/**
 * A hash no password is known for. Checking a password against it for an unknown e-mail address
 * costs what a real check costs, so the answer's timing does not tell which addresses exist.
 */
export function decoyHash(): Promise<string> {
  return (decoy ??= hashPassword(randomBytes(32).toString('base64url')));
}
