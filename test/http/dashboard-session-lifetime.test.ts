// How long a dashboard session lasts: it ends after DASHBOARD_IDLE_TIMEOUT_SECONDS without a
// request (kept alive by use), and 12 hours after sign-in whatever the use; "Sign out everywhere"
// ends every session of the user, in every browser.
import { expect } from 'chai';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';

describe('dashboard session lifetime', function () {
  this.timeout(30_000);
  let svc: TestService;
  let shop: TestMerchant;

  before(async () => {
    svc = await startTestService('dashboard-lifetime', { DASHBOARD_IDLE_TIMEOUT_SECONDS: '2' });
    shop = await svc.createMerchant();
  });
  after(() => svc.stop());

  const session = (login: Awaited<ReturnType<TestService['signIn']>>) => svc.request('GET', '/dashboard/api/session', { session: login });
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('ends a session left idle for DASHBOARD_IDLE_TIMEOUT_SECONDS, and keeps one in use alive', async () => {
    const idle = await svc.signIn(shop);
    const busy = await svc.signIn(shop);
    for (let i = 0; i < 6; i++) {
      await sleep(600);
      expect((await session(busy)).status, `request ${i}`).to.equal(200);
    }
    // 3.6 s since its last request: past the 2 s idle limit.
    const ended = await session(idle);
    expect(ended.status).to.equal(401);
    expect(ended.body.error.code).to.equal('authentication_required');
    expect((await svc.request('GET', '/v1/balance', { session: idle })).status).to.equal(401);
    expect((await session(busy)).status).to.equal(200);
  });

  it('ends a session 12 hours after sign-in, however busy', async () => {
    const login = await svc.signIn(shop);
    await svc.service.orm.em.fork().execute(`update dashboard_sessions set expires_at = now() - interval '1 second', last_seen_at = now()`);
    expect((await session(login)).status).to.equal(401);
  });

  it('signs out every browser at once with "Sign out everywhere", and only with the CSRF token', async () => {
    const laptop = await svc.signIn(shop);
    const phone = await svc.signIn(shop);
    const other = await svc.createMerchant('Other');
    const someoneElse = await svc.signIn(other);
    const forged = await svc.request('DELETE', '/dashboard/api/sessions', { session: { ...laptop, csrfToken: 'x'.repeat(43) } });
    expect(forged.status).to.equal(403);
    expect((await session(phone)).status).to.equal(200);

    const res = await svc.request('DELETE', '/dashboard/api/sessions', { session: laptop });
    expect(res.status).to.equal(204);
    expect(res.headers.get('set-cookie')).to.match(/Max-Age=0/);
    expect((await session(laptop)).status).to.equal(401);
    expect((await session(phone)).status).to.equal(401);
    expect((await session(someoneElse)).status).to.equal(200);
    // A key is no way in.
    expect((await svc.request('DELETE', '/dashboard/api/sessions', { key: shop.testKey })).status).to.equal(401);
  });
});

describe('the dashboard rate limit', function () {
  this.timeout(30_000);
  let svc: TestService;
  let shop: TestMerchant;

  before(async () => {
    svc = await startTestService('dashboard-rate', { RATE_LIMIT_PER_MINUTE: '5', DASHBOARD_RATE_LIMIT_PER_MINUTE: '8' });
    shop = await svc.createMerchant();
  });
  after(() => svc.stop());

  it("counts the dashboard's calls against its user, not against the address the API's clients share", async () => {
    const login = await svc.signIn(shop); // the sign-in itself is counted per address (1 of 5)
    for (let i = 0; i < 8; i++) {
      const res = await svc.request('GET', '/v1/balance', { session: login, headers: { 'Nairaflow-Mode': 'test' } });
      expect(res.status, `dashboard request ${i}`).to.equal(200);
      expect(res.headers.get('ratelimit-limit')).to.equal('8');
    }
    const ninth = await svc.request('GET', '/dashboard/api/session', { session: login });
    expect(ninth.status).to.equal(429);
    expect(ninth.body.error.message).to.match(/from one dashboard user/);
    // The address's own allowance is untouched by them.
    const byKey = await svc.request('GET', '/v1/balance', { key: shop.testKey });
    expect(byKey.status).to.equal(200);
    expect(byKey.headers.get('ratelimit-limit')).to.equal('5');
  });

  it('counts a made-up session cookie against the address: it is no way around the limit', async () => {
    const headers = { cookie: 'nf_session=made-up-token-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 'Nairaflow-Mode': 'test' };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await svc.request('GET', '/v1/balance', { headers })).status);
    expect(statuses).to.include(429);
    expect(statuses.filter((s) => s === 401).length).to.be.lessThan(6);
  });
});
