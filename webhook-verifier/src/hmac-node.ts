// HMAC-SHA256 for the synchronous verifier's hot path, on node:crypto. Node entry only: the
// WebCrypto entry (web.ts) never imports this file.
//
// createHmac() builds a stream-capable Hmac object and sets the key up afresh on every call; for a
// webhook of a few hundred bytes that set-up costs more than the hashing. This is the same
// HMAC-SHA256 (RFC 2104: H((K ^ opad) || H((K ^ ipad) || message))) with the padded keys prepared
// once per secret and both hashes done by node:crypto's one-shot hash() (Node >= 20.12 / 21.7):
// no object per call. It is used only when a self-test at load (SHA-256 of "abc") passes;
// createHmac remains the path on older Nodes and for bodies over MAX_FAST_BODY_BYTES.
import * as nodeCrypto from 'node:crypto';

const BLOCK_BYTES = 64;
const DIGEST_BYTES = 32;
/** Larger bodies go through createHmac, so no scratch buffer that large is kept per secret. */
const MAX_FAST_BODY_BYTES = 64 * 1024;
/** Secrets whose padded keys are kept; beyond it, the least recently added is dropped. */
const MAX_KEYS = 64;

type OneShotHash = (algorithm: string, data: Uint8Array, outputEncoding: 'buffer') => Buffer;

interface KeyState {
  /** K ^ ipad, then room for `<t>.` and the body: the inner hash's whole input, written in place. */
  inner: Buffer;
  /** K ^ opad, then the inner digest. */
  outer: Buffer;
}

// Buffer.alloc (never the shared pool of allocUnsafe), so key-derived bytes stay in buffers of
// their own.
const keys = new Map<string, KeyState>();

function keyState(secret: string): KeyState {
  let state = keys.get(secret);
  if (state === undefined) {
    let key = Buffer.from(secret, 'utf8');
    if (key.length > BLOCK_BYTES) key = nodeCrypto.createHash('sha256').update(key).digest();
    const inner = Buffer.alloc(BLOCK_BYTES + 1024, 0x36);
    const outer = Buffer.alloc(BLOCK_BYTES + DIGEST_BYTES, 0x5c);
    for (let i = 0; i < key.length; i++) {
      inner[i]! ^= key[i]!;
      outer[i]! ^= key[i]!;
    }
    key.fill(0);
    if (keys.size >= MAX_KEYS) keys.delete(keys.keys().next().value as string);
    state = { inner, outer };
    keys.set(secret, state);
  }
  return state;
}

/** HMAC-SHA256 keyed with the UTF-8 bytes of `secret`, of `prefix` (ASCII) followed by `body`. */
export function hmacSha256(secret: string, prefix: string, body: string | Uint8Array): Buffer {
  if (oneShot !== undefined) {
    const bodyBytes = typeof body === 'string' ? Buffer.byteLength(body, 'utf8') : body.byteLength;
    if (bodyBytes <= MAX_FAST_BODY_BYTES) {
      const state = keyState(secret);
      const length = BLOCK_BYTES + prefix.length + bodyBytes;
      let inner = state.inner;
      if (inner.length < length) {
        const grown = Buffer.alloc(Math.max(length, inner.length * 2));
        inner.copy(grown, 0, 0, BLOCK_BYTES);
        state.inner = inner = grown;
      }
      // Synchronous from here to the digest, so no other call can write this buffer meanwhile.
      // `<t>.` is ASCII (the header parser admits digits only), one byte per character.
      for (let i = 0; i < prefix.length; i++) inner[BLOCK_BYTES + i] = prefix.charCodeAt(i);
      if (typeof body === 'string') inner.write(body, BLOCK_BYTES + prefix.length, 'utf8');
      else inner.set(body, BLOCK_BYTES + prefix.length);
      state.outer.set(oneShot('sha256', inner.subarray(0, length), 'buffer'), BLOCK_BYTES);
      return oneShot('sha256', state.outer, 'buffer');
    }
  }
  return nodeCrypto.createHmac('sha256', secret).update(prefix).update(body).digest();
}

/** node:crypto's hash(), if this Node has it and it agrees with createHmac; else undefined. */
function detectOneShot(): OneShotHash | undefined {
  const hash = (nodeCrypto as { hash?: unknown }).hash;
  if (typeof hash !== 'function') return undefined;
  try {
    const candidate = hash as OneShotHash;
    const abc = candidate('sha256', Buffer.from('abc'), 'buffer');
    if (!Buffer.isBuffer(abc) || abc.toString('hex') !== 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad') return undefined;
    return candidate;
  } catch {
    return undefined;
  }
}

const oneShot: OneShotHash | undefined = detectOneShot();
