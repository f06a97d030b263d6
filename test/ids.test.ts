import { expect } from 'chai';
import { newClientSecret, newId, randomBase62, sha256Hex } from '../server/src/ids.ts';

describe('ids', () => {
  it('are a prefix and 24 base62 characters, never the same twice', () => {
    const ids = Array.from({ length: 5000 }, () => newId('pi'));
    for (const id of ids) expect(id).to.match(/^pi_[0-9A-Za-z]{24}$/);
    expect(new Set(ids).size).to.equal(ids.length);
    expect(newClientSecret('pi_x')).to.match(/^pi_x_secret_[0-9A-Za-z]{24}$/);
  });

  it('draw every base62 character about equally often (no modulo bias)', () => {
    const text = randomBase62(620_000);
    expect(text).to.have.length(620_000);
    const counts = new Map<string, number>();
    for (const c of text) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).to.equal(62);
    // Expected 10,000 each; a bias of 248 -> 256 would show as ~3% more for the first 8 characters.
    const chiSquare = [...counts.values()].reduce((sum, n) => sum + (n - 10_000) ** 2 / 10_000, 0);
    expect(chiSquare).to.be.below(120); // 61 degrees of freedom: p < 0.00001 by chance
    const first8 = [...'01234567'].reduce((sum, c) => sum + counts.get(c)!, 0) / 8;
    expect(first8).to.be.within(9_700, 10_300);
  });

  it('hash to lowercase hex SHA-256', () => {
    expect(sha256Hex('abc')).to.equal('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
