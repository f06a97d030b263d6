import { expect } from 'chai';
import { sampleRequests } from '../support/operations.ts';
import { startTestService, type TestService } from '../support/service.ts';

describe('per-IP rate limit', () => {
  describe('memory store (one process)', () => {
    let svc: TestService;
    before(async () => {
      svc = await startTestService('rate_limit_memory', { RATE_LIMIT_PER_MINUTE: '5' });
    });
    after(() => svc.stop());

    it('allows the limit within a minute, refuses the next with 429 rate_limited and Retry-After', async () => {
      const shop = await svc.createMerchant();
      const remaining: string[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await svc.request('GET', '/v1/payment_intents', { key: shop.testKey });
        expect(res.status).to.equal(200);
        expect(res.headers.get('ratelimit-limit')).to.equal('5');
        remaining.push(res.headers.get('ratelimit-remaining')!);
        const reset = Number(res.headers.get('ratelimit-reset'));
        expect(reset).to.be.within(1, 60);
      }
      expect(remaining).to.deep.equal(['4', '3', '2', '1', '0']);
      const refused = await svc.request('GET', '/v1/payment_intents', { key: shop.testKey });
      expect(refused.status).to.equal(429);
      expect(refused.body.error).to.include({ code: 'rate_limited', request_id: refused.headers.get('x-request-id') });
      expect(Number(refused.headers.get('retry-after'))).to.be.within(1, 60);
      expect(refused.headers.get('ratelimit-remaining')).to.equal('0');
    });

    it('counts every /v1 request, authenticated or not, and refuses every operation past the limit', async () => {
      // The previous test used up this client's window.
      for (const { method, path, hasBody } of sampleRequests()) {
        const res = await svc.request(method, path, { key: 'sk_test_nope', ...(hasBody ? { body: {} } : {}) });
        expect(res.status, `${method} ${path}`).to.equal(429);
        expect(res.body.error.code).to.equal('rate_limited');
      }
    });

    it('does not count or limit pages outside /v1', async () => {
      const res = await svc.request('GET', '/openapi.yaml');
      expect(res.status).to.equal(200);
      expect(res.headers.get('ratelimit-limit')).to.equal(null);
    });
  });

  describe('postgres store (shared by many processes)', () => {
    let a: TestService;
    let b: TestService;
    before(async () => {
      a = await startTestService('rate_limit_pg', { RATE_LIMIT_PER_MINUTE: '6', RATE_LIMIT_STORE: 'postgres' });
      // A second API process on the same database.
      b = await startTestService('rate_limit_pg_b', { RATE_LIMIT_PER_MINUTE: '6', RATE_LIMIT_STORE: 'postgres' }, { sharing: a });
    });
    after(async () => {
      await b.stop();
      await a.stop();
    });

    it('shares one window between processes, and holds the limit when requests race', async () => {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? a : b).request('GET', '/v1/payment_intents/pi_000000000000000000000000')),
      );
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 401)).to.have.length(6);
      expect(statuses.filter((s) => s === 429)).to.have.length(4);
    });

    it('lets requests through again once the earlier ones are a minute old', async () => {
      await a.service.orm.em.fork().execute("update rate_limit_hits set hit_at = hit_at - interval '61 seconds'");
      const res = await b.request('GET', '/v1/payment_intents/pi_000000000000000000000000');
      expect(res.status).to.equal(401);
      expect(res.headers.get('ratelimit-remaining')).to.equal('5');
    });
  });

  describe('behind proxies (TRUST_PROXY)', () => {
    const rotating = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i}` });

    it('ignores X-Forwarded-For from a client that is not one of the named proxies: a rotating header changes nothing', async () => {
      const svc = await startTestService('rate_limit_untrusted', { RATE_LIMIT_PER_MINUTE: '5', TRUST_PROXY: '10.0.0.0/8' });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 7; i++) statuses.push((await svc.request('GET', '/v1/balance', { headers: rotating(i) })).status);
        expect(statuses).to.deep.equal([401, 401, 401, 401, 401, 429, 429]);
      } finally {
        await svc.stop();
      }
    });

    it('takes the address a named proxy forwards, and counts IPv6 clients per /64', async () => {
      const svc = await startTestService('rate_limit_ipv6', { RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: 'loopback' });
      try {
        const from = async (ip: string) => (await svc.request('GET', '/v1/balance', { headers: { 'x-forwarded-for': ip } })).status;
        // Three addresses of one /64 share its window; the fourth request from it is refused.
        expect(await from('2001:db8:aa:1::1')).to.equal(401);
        expect(await from('2001:db8:aa:1:ffff:ffff:ffff:fffe')).to.equal(401);
        expect(await from('2001:0db8:00aa:0001::abcd')).to.equal(401);
        expect(await from('2001:db8:aa:1:1234::9')).to.equal(429);
        // The next /64 is someone else.
        expect(await from('2001:db8:aa:2::1')).to.equal(401);
        // IPv4 clients are counted per address, however they are written.
        expect(await from('203.0.113.5')).to.equal(401);
        expect(await from('::ffff:203.0.113.5')).to.equal(401);
        expect(await from('203.0.113.5')).to.equal(401);
        expect(await from('::ffff:203.0.113.5')).to.equal(429);
        expect(await from('203.0.113.6')).to.equal(401);
      } finally {
        await svc.stop();
      }
    });

    it('slows sign-in guesses from rotating addresses of one /64 as one client', async () => {
      const svc = await startTestService('sign_in_ipv6', { TRUST_PROXY: 'loopback' });
      try {
        const shop = await svc.createMerchant('IPv6 Shop');
        const statuses: number[] = [];
        for (let i = 1; i <= 6; i++) {
          const res = await svc.request('POST', '/dashboard/api/session', {
            body: { email: shop.dashboardEmail, password: i === 6 ? shop.dashboardPassword : `guess-${i}` },
            headers: { 'x-forwarded-for': `2001:db8:77:5::${i.toString(16)}` },
          });
          statuses.push(res.status);
        }
        expect(statuses).to.deep.equal([401, 401, 401, 401, 401, 429]);
      } finally {
        await svc.stop();
      }
    });
  });
});
