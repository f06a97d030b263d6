// The verifier's hot paths (a one-pass parser for the header as Nairaflow writes it, and HMAC from
// one-shot hashes) must agree with the general code they shortcut, whatever they are given.
import { expect } from 'chai';
import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { parseSignatureHeader } from '../../webhook-verifier/src/header.ts';
import { hmacSha256 } from '../../webhook-verifier/src/hmac-node.ts';

const hex64 = () => randomBytes(32).toString('hex');

describe('webhook-verifier: fast paths agree with the general code', () => {
  it('computes the same HMAC-SHA256 as node:crypto for 2000 random secrets and bodies (text and bytes, up to 70 KiB)', () => {
    for (let i = 0; i < 2000; i++) {
      const secret = i % 7 === 0 ? randomBytes(randomInt(1, 200)).toString('latin1') : `whsec_${randomBytes(24).toString('base64url')}`;
      const prefix = `${randomInt(0, 2 ** 40)}.`;
      const size = i % 50 === 0 ? randomInt(60_000, 72_000) : randomInt(0, 2000);
      const bytes = randomBytes(size);
      const body = i % 2 === 0 ? bytes : `${bytes.toString('base64')}₦é😀`;
      const expected = createHmac('sha256', secret).update(prefix).update(body).digest('hex');
      expect(hmacSha256(secret, prefix, body).toString('hex'), `case ${i}`).to.equal(expected);
    }
  });

  it('parses the canonical header exactly as its spaced-out spelling, which takes the general parser', () => {
    for (let i = 0; i < 2000; i++) {
      const t = String(randomInt(0, 2 ** 40));
      const v1 = Array.from({ length: randomInt(1, 4) }, hex64);
      const canonical = [`t=${t}`, ...v1.map((v) => `v1=${v}`)].join(',');
      const spaced = [` t = ${t} `, ...v1.map((v) => ` v1 = ${v} `)].join(' , ');
      expect(parseSignatureHeader(canonical)).to.deep.equal(parseSignatureHeader(spaced));
      expect(parseSignatureHeader(canonical)).to.deep.equal({ t, timestamp: Number(t), signatures: v1 });
    }
  });

  it('refuses, as the general parser does, near-canonical headers with one thing wrong', () => {
    const v = hex64();
    for (const header of [`t=12,v1=${v.toUpperCase()}`, `t=12,v1=${v.slice(1)}`, `t=1x,v1=${v}`, `t=12,t=13,v1=${v}`, `t=12`, `v1=${v}`, `t=12,v1=${v}g`]) {
      expect(() => parseSignatureHeader(header), header).to.throw().with.property('code', 'malformed_header');
    }
  });
});
