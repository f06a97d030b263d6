import { expect } from 'chai';
import { MemoryRateLimitStore } from '../../server/src/http/rate-limit.ts';

describe('rate limit window', () => {
  it('is a sliding 60 seconds: a slot frees exactly when the oldest request is a minute old', async () => {
    let now = 1_000_000;
    const store = new MemoryRateLimitStore(() => now);
    try {
      for (let i = 0; i < 3; i++) {
        expect((await store.take('1.2.3.4', 3)).allowed).to.equal(true);
        now += 10_000; // requests at 0 s, 10 s and 20 s
      }
      now = 1_000_000 + 59_999;
      const refused = await store.take('1.2.3.4', 3);
      expect(refused).to.deep.equal({ allowed: false, remaining: 0, resetSeconds: 1 });
      now = 1_000_000 + 60_000;
      expect((await store.take('1.2.3.4', 3)).allowed).to.equal(true);
      // Not a clock minute or a refilling bucket: the requests at 10 s and 20 s still count.
      expect((await store.take('1.2.3.4', 3)).allowed).to.equal(false);
      expect((await store.take('5.6.7.8', 3)).allowed, 'another client has its own window').to.equal(true);
    } finally {
      store.close();
    }
  });
});
