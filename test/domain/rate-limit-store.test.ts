import { expect } from 'chai';
import { MemoryRateLimitStore } from '../../server/src/domain/rate-limit-store.ts';

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

  it('keeps an exact count for a large limit over a long run (old entries are dropped, never miscounted)', async () => {
    let now = 0;
    const store = new MemoryRateLimitStore(() => now);
    try {
      // 10 requests a second for three minutes against a limit of 1000: always 600 in the window.
      let last = await store.take('busy', 1000);
      for (let i = 1; i < 1800; i++) {
        now = i * 100;
        last = await store.take('busy', 1000);
        expect(last.allowed).to.equal(true);
      }
      expect(last.remaining).to.equal(1000 - 600);
      // A burst fills the window to the limit, and not one request more.
      let allowed = 0;
      for (let i = 0; i < 500; i++) if ((await store.take('busy', 1000)).allowed) allowed++;
      expect(allowed).to.equal(400);
    } finally {
      store.close();
    }
  });
});
