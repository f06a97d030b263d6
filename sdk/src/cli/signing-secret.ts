// The secret `listen` signs forwarded events with: the shape of a real endpoint's secret
// (server/src/ids.ts), so receivers' configuration and checks take it as they would a real one.

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const LENGTH = 32;

export function newSigningSecret(): string {
  let out = '';
  while (out.length < LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(LENGTH * 2))) {
      // 248 = 62 x 4: a byte of 248 or more is drawn again, so every character is equally likely.
      if (byte < 248 && out.length < LENGTH) out += BASE62[byte % 62];
    }
  }
  return `whsec_${out}`;
}
