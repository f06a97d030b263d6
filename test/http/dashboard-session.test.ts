// Dashboard sign-in, sessions and their protections, through the API the dashboard's pages call.
import { expect } from 'chai';
import { sampleRequests } from '../support/operations.ts';
import { startTestService, type DashboardLogin, type TestMerchant, type TestService } from '../support/service.ts';

describe('dashboard sessions', () => {
  let svc: TestService;
  let shop: TestMerchant;

  before(async () => {
    svc = await startTestService('dashboard_session');
    shop = await svc.createMerchant('Adire & Co');
  });
  after(() => svc.stop());

  const signInAs = (email: string, password: string, headers: Record<string, string> = {}) =>
    svc.request('POST', '/dashboard/api/session', { body: { email, password }, headers });

  describe('signing in', () => {
    it('opens a session in an HttpOnly, SameSite=Strict cookie and answers with the user, the merchant and a CSRF token', async () => {
      const res = await signInAs(shop.dashboardEmail, shop.dashboardPassword);
      expect(res.status, res.text).to.equal(201);
      const cookie = res.headers.get('set-cookie')!;
      expect(cookie).to.match(/^nf_session=[0-9A-Za-z_-]{43}; Path=\/; Max-Age=43200; HttpOnly; SameSite=Strict$/);
      expect(res.body.user).to.deep.include({ email: shop.dashboardEmail });
      expect(res.body.merchant).to.deep.equal({ id: shop.id, name: 'Adire & Co', logo_url: null });
      expect(res.body.csrf_token).to.match(/^[0-9A-Za-z_-]{43}$/);
      const hours = (Date.parse(res.body.expires_at) - Date.now()) / 3_600_000;
      expect(hours).to.be.within(11.9, 12);
      // The token in the cookie is not stored: only its hash.
      const token = /^nf_session=([^;]+)/.exec(cookie)![1]!;
      const stored = JSON.stringify(await svc.service.orm.em.fork().execute('select * from dashboard_sessions'));
      expect(stored).to.not.include(token);
    });

    it('ignores the case and surrounding spaces of the e-mail address', async () => {
      const res = await signInAs(`  ${shop.dashboardEmail.toUpperCase()} `, shop.dashboardPassword);
      expect(res.status, res.text).to.equal(201);
    });

    it('gives a wrong password and an unknown e-mail address the same 401 invalid_credentials, and no cookie', async () => {
      const wrong = await signInAs(shop.dashboardEmail, 'not-the-password');
      const unknown = await signInAs('nobody@example.com', shop.dashboardPassword);
      for (const res of [wrong, unknown]) {
        expect(res.status).to.equal(401);
        expect(res.body.error).to.include({ code: 'invalid_credentials', message: 'That e-mail address and password do not match a dashboard user.' });
        expect(res.headers.get('set-cookie')).to.equal(null);
      }
    });

    it('refuses a malformed sign-in with 400 naming the field', async () => {
      const res = await svc.request('POST', '/dashboard/api/session', { body: { email: shop.dashboardEmail } });
      expect(res.status).to.equal(400);
      expect(res.body.error).to.include({ code: 'invalid_request', param: 'password' });
    });

    it('refuses a sign-in posted from another site\'s page', async () => {
      const res = await signInAs(shop.dashboardEmail, shop.dashboardPassword, { origin: 'https://evil.example' });
      expect(res.status).to.equal(403);
      expect(res.body.error.code).to.equal('csrf_token_invalid');
      expect(res.headers.get('set-cookie')).to.equal(null);
    });
  });

  describe('repeated wrong passwords', () => {
    it('lets four wrong passwords pass without a wait: the fifth attempt, with the right password, signs in', async () => {
      const merchant = await svc.createMerchant('Four Typos');
      for (let i = 1; i <= 4; i++) expect((await signInAs(merchant.dashboardEmail, `typo-${i}`)).status, `attempt ${i}`).to.equal(401);
      const res = await signInAs(merchant.dashboardEmail, merchant.dashboardPassword);
      expect(res.status, res.text).to.equal(201);
    });

    it('makes the attempt right after five wrong passwords wait 1 s, even with the right password, then lets it in', async () => {
      const merchant = await svc.createMerchant('Slow Lane');
      for (let i = 1; i <= 5; i++) {
        const res = await signInAs(merchant.dashboardEmail, `guess-${i}`);
        expect(res.status, `attempt ${i}`).to.equal(401);
      }
      const held = await signInAs(merchant.dashboardEmail, merchant.dashboardPassword);
      expect(held.status, held.text).to.equal(429);
      expect(held.body.error.code).to.equal('rate_limited');
      expect(held.body.error.message).to.equal('Too many failed sign-ins; try again in 1 second.');
      expect(held.headers.get('retry-after')).to.equal('1');
      expect(held.headers.get('set-cookie')).to.equal(null);

      await new Promise((r) => setTimeout(r, 1100));
      const after = await signInAs(merchant.dashboardEmail, merchant.dashboardPassword);
      expect(after.status, after.text).to.equal(201);
      // A correct password cleared the count: the next typo is an ordinary 401 again.
      expect((await signInAs(merchant.dashboardEmail, 'typo')).status).to.equal(401);
    });

    it('makes the sixth wrong password, sent after the wait, open a 2 s wait', async () => {
      const merchant = await svc.createMerchant('Sixth Guess');
      for (let i = 1; i <= 5; i++) expect((await signInAs(merchant.dashboardEmail, `guess-${i}`)).status).to.equal(401);
      await new Promise((r) => setTimeout(r, 1100));
      expect((await signInAs(merchant.dashboardEmail, 'guess-6')).status).to.equal(401);
      const held = await signInAs(merchant.dashboardEmail, merchant.dashboardPassword);
      expect(held.status).to.equal(429);
      expect(held.headers.get('retry-after')).to.equal('2');
    });

    it('double the wait with each further attempt', async () => {
      const email = 'doubling@example.com';
      expect((await signInAs(email, 'x')).status).to.equal(401);
      // As if eight more had failed since.
      await svc.service.orm.em.fork().execute(`update dashboard_sign_in_attempts set failures = 9 where subject like 'doubling@example.com from %'`);
      await svc.service.orm.em.fork().execute(`update dashboard_sign_in_attempts set blocked_until = null where subject like 'doubling@example.com from %'`);
      expect((await signInAs(email, 'x')).status).to.equal(401); // the tenth failure: a 2^5 s wait follows
      const held = await signInAs(email, 'x');
      expect(held.status).to.equal(429);
      expect(Number(held.headers.get('retry-after'))).to.be.within(31, 32);
    });

    it('are counted when sent all at once: of twenty parallel guesses, five are checked, then one per wait that ran out', async () => {
      const merchant = await svc.createMerchant('Parallel Guess');
      const started = Date.now();
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => signInAs(merchant.dashboardEmail, `parallel-${i}`)));
      // On a busy machine the burst can outlast the first waits (1 s after the fifth failure, then
      // 2 s more, ...): a guess that arrives after one is over is checked, as it should be.
      const elapsedMs = Date.now() - started;
      const waitsOver = [1_000, 3_000, 7_000, 15_000].filter((endsAt) => elapsedMs >= endsAt).length;
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 401).length, `checked during a burst of ${elapsedMs} ms`).to.be.at.most(5 + waitsOver);
      expect(statuses.filter((s) => s === 429).length).to.be.at.least(15 - waitsOver);
      expect(statuses.every((s) => s === 401 || s === 429)).to.equal(true);
    });
  });

  describe('behind a proxy, over HTTPS', () => {
    let proxied: TestService;
    let user: TestMerchant;
    before(async () => {
      proxied = await startTestService('dashboard_session_proxy', { TRUST_PROXY: '1', PUBLIC_BASE_URL: 'https://pay.example.com' });
      user = await proxied.createMerchant('Proxied Shop');
    });
    after(() => proxied.stop());

    const from = (ip: string, email: string, password: string) =>
      proxied.request('POST', '/dashboard/api/session', { body: { email, password }, headers: { 'x-forwarded-for': ip } });

    it('does not let someone else\'s wrong guesses lock a user out: the waits are per client', async () => {
      for (let i = 0; i < 5; i++) await from('203.0.113.66', user.dashboardEmail, `guess-${i}`);
      expect((await from('203.0.113.66', user.dashboardEmail, user.dashboardPassword)).status).to.equal(429);
      const own = await from('198.51.100.7', user.dashboardEmail, user.dashboardPassword);
      expect(own.status, own.text).to.equal(201);
    });

    it('slows a client that tries one password against many addresses', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) statuses.push((await from('203.0.113.99', `user${i}@example.com`, 'Password1')).status);
      expect(statuses.slice(0, 30)).to.deep.equal(Array(30).fill(401));
      expect(statuses[30]).to.equal(429);
      // Another client is not held back, and the right password from the slowed one still waits.
      expect((await from('198.51.100.8', user.dashboardEmail, user.dashboardPassword)).status).to.equal(201);
      expect((await from('203.0.113.99', user.dashboardEmail, user.dashboardPassword)).status).to.equal(429);
    });

    it('names the cookie __Host-nf_session and makes it Secure, and reads no other', async () => {
      const res = await from('198.51.100.9', user.dashboardEmail, user.dashboardPassword);
      const cookie = res.headers.get('set-cookie')!;
      expect(cookie).to.match(/^__Host-nf_session=[0-9A-Za-z_-]{43}; Path=\/; Max-Age=43200; HttpOnly; SameSite=Strict; Secure$/);
      const token = /^__Host-nf_session=([^;]+)/.exec(cookie)![1]!;
      // A plain nf_session (which a sibling subdomain could plant) is not a session here.
      const planted = await proxied.request('GET', '/dashboard/api/session', { headers: { cookie: `nf_session=${token}` } });
      expect(planted.status).to.equal(401);
      const real = await proxied.request('GET', '/dashboard/api/session', { headers: { cookie: `nf_session=${'x'.repeat(43)}; __Host-nf_session=${token}` } });
      expect(real.status).to.equal(200);
      // The public origin's pages may change things.
      const login = { cookie: `__Host-nf_session=${token}`, csrfToken: real.body.csrf_token };
      const created = await proxied.request('POST', '/v1/payment_intents', { session: login, headers: { origin: 'https://pay.example.com' }, body: { amount: 1000, currency: 'NGN' } });
      expect(created.status, created.text).to.equal(201);
    });
  });

  describe('a signed-in session', () => {
    let login: DashboardLogin;
    before(async () => {
      login = await svc.signIn(shop);
    });

    it('retrieves itself, with the same CSRF token, never cached', async () => {
      const res = await svc.request('GET', '/dashboard/api/session', { session: login });
      expect(res.status).to.equal(200);
      expect(res.headers.get('cache-control')).to.equal('no-store');
      expect((await svc.request('GET', '/v1/balance', { session: login })).headers.get('cache-control')).to.equal('no-store');
      expect(res.body.csrf_token).to.equal(login.csrfToken);
      expect(res.body.merchant.id).to.equal(shop.id);
    });

    it('calls the /v1 operations as its merchant, in the mode Nairaflow-Mode names (test by default)', async () => {
      const created = await svc.request('POST', '/v1/payment_intents', { session: login, body: { amount: 150000, currency: 'NGN' } });
      expect(created.status, created.text).to.equal(201);
      expect(created.body).to.include({ merchant_id: shop.id, livemode: false });
      const live = await svc.request('POST', '/v1/payment_intents', {
        session: login,
        headers: { 'nairaflow-mode': 'live' },
        body: { amount: 99000, currency: 'NGN' },
      });
      expect(live.body).to.include({ livemode: true });
      // The API keys see exactly what the session made, each in its own mode.
      expect((await svc.request('GET', `/v1/payment_intents/${created.body.id}`, { key: shop.testKey })).status).to.equal(200);
      expect((await svc.request('GET', `/v1/payment_intents/${live.body.id}`, { key: shop.liveKey })).status).to.equal(200);
      const listed = await svc.request('GET', '/v1/payment_intents', { session: login, headers: { 'nairaflow-mode': 'live' } });
      expect(listed.body.data.map((i: { id: string }) => i.id)).to.deep.equal([live.body.id]);
    });

    it('refuses a mode other than test or live with 400 on every /v1 operation, changing nothing', async () => {
      const before = await svc.service.orm.em.fork().execute('select count(*)::int as n from payment_intents where merchant_id = ?', [shop.id]);
      for (const { method, path, hasBody } of sampleRequests().filter((op) => op.takesSecretKey && op.takesSession)) {
        const res = await svc.request(method, path, {
          session: login,
          headers: { 'nairaflow-mode': 'LIVE' },
          ...(hasBody ? { body: { amount: 1000, currency: 'NGN' } } : {}),
        });
        expect(res.status, `${method} ${path}`).to.equal(400);
        expect(res.body.error).to.include({ code: 'invalid_request', param: 'Nairaflow-Mode', message: 'Nairaflow-Mode must be "test" or "live" (got "LIVE").' });
      }
      const after = await svc.service.orm.em.fork().execute('select count(*)::int as n from payment_intents where merchant_id = ?', [shop.id]);
      expect(after).to.deep.equal(before);
    });

    it('sees only its own merchant\'s objects', async () => {
      const other = await svc.createMerchant('Kente Corner');
      const theirs = await svc.request('POST', '/v1/payment_intents', { key: other.testKey, body: { amount: 5000, currency: 'NGN' } });
      const res = await svc.request('GET', `/v1/payment_intents/${theirs.body.id}`, { session: login });
      expect(res.status).to.equal(404);
    });

    it('gives way to an Authorization header: a request with a key is the key\'s alone', async () => {
      const other = await svc.createMerchant('Key Holder');
      const res = await svc.request('POST', '/v1/payment_intents', {
        session: { ...login, csrfToken: 'ignored' },
        key: other.testKey,
        body: { amount: 7000, currency: 'NGN' },
      });
      expect(res.status).to.equal(201);
      expect(res.body.merchant_id).to.equal(other.id);
      const bad = await svc.request('GET', '/v1/payment_intents', { session: login, key: 'sk_test_0123456789abcdefghijABCDEFGHIJ12' });
      expect(bad.status).to.equal(401);
      expect(bad.body.error.code).to.equal('invalid_api_key');
    });
  });

  describe('CSRF protection', () => {
    const stateChanging = sampleRequests().filter((op) => op.takesSession && op.method !== 'GET');

    it('covers every operation a session can call that changes something', () => {
      expect(stateChanging.map((op) => op.operationId).sort()).to.deep.equal([
        'cancelPaymentIntent',
        'confirmPassword',
        'createPaymentIntent',
        'createPayout',
        'createRefund',
        'deleteWebhookEndpoint',
        'recoverWebhookEndpoint',
        'redeliverEvent',
        'rollApiKey',
        'rollWebhookEndpointSecret',
        'sendWebhookTestEvent',
        'signOut',
        'signOutEverywhere',
        'topUpBalance',
        'updatePayoutAccount',
        'updateWebhookEndpoint',
      ]);
    });

    for (const [what, headers] of [
      ['without X-CSRF-Token', {}],
      ['with another X-CSRF-Token', { 'x-csrf-token': 'A'.repeat(43) }],
      ['with the right token but from another site\'s page', { origin: 'https://evil.example' }],
    ] as const) {
      it(`refuses every state change ${what} with 403 csrf_token_invalid, and changes nothing`, async () => {
        const login = await svc.signIn(shop);
        const before = await svc.service.orm.em.fork().execute('select count(*)::int as n from payment_intents where merchant_id = ?', [shop.id]);
        for (const { method, path, hasBody } of stateChanging) {
          const res = await svc.request(method, path, {
            headers: { cookie: login.cookie, ...headers, ...('origin' in headers ? { 'x-csrf-token': login.csrfToken } : {}) },
            ...(hasBody ? { body: { amount: 1000, currency: 'NGN' } } : {}),
          });
          expect(res.status, `${method} ${path}: ${res.text}`).to.equal(403);
          expect(res.body.error.code).to.equal('csrf_token_invalid');
        }
        const after = await svc.service.orm.em.fork().execute('select count(*)::int as n from payment_intents where merchant_id = ?', [shop.id]);
        expect(after).to.deep.equal(before);
        // The session itself survived (sign-out was refused too).
        expect((await svc.request('GET', '/dashboard/api/session', { session: login })).status).to.equal(200);
      });
    }

    it('accepts the page\'s own origin', async () => {
      const login = await svc.signIn(shop);
      const res = await svc.request('POST', '/v1/payment_intents', { session: login, headers: { origin: svc.url }, body: { amount: 1000, currency: 'NGN' } });
      expect(res.status, res.text).to.equal(201);
    });
  });

  describe('ending a session', () => {
    it('signs out: the cookie is cleared and stops working everywhere at once', async () => {
      const login = await svc.signIn(shop);
      const other = await svc.signIn(shop); // another browser stays signed in
      const res = await svc.request('DELETE', '/dashboard/api/session', { session: login });
      expect(res.status).to.equal(204);
      expect(res.headers.get('set-cookie')).to.match(/^nf_session=; Path=\/; Max-Age=0; HttpOnly; SameSite=Strict$/);
      for (const [method, path] of [
        ['GET', '/dashboard/api/session'],
        ['GET', '/v1/payment_intents'],
        ['DELETE', '/dashboard/api/session'],
      ] as const) {
        const after = await svc.request(method, path, { session: login });
        expect(after.status, `${method} ${path}`).to.equal(401);
        expect(after.body.error).to.include({ code: 'authentication_required', message: 'Your dashboard session has ended. Sign in again.' });
      }
      expect((await svc.request('GET', '/dashboard/api/session', { session: other })).status).to.equal(200);
    });

    it('tells a dashboard page whose cookie is gone that the session ended, not that a key is missing', async () => {
      for (const headers of [{ 'nairaflow-mode': 'test' }, { 'x-csrf-token': 'A'.repeat(43) }] as Record<string, string>[]) {
        const res = await svc.request('GET', '/v1/payment_intents', { headers });
        expect(res.status).to.equal(401);
        expect(res.body.error.code).to.equal('authentication_required');
      }
    });

    it('ends by itself after twelve hours', async () => {
      const login = await svc.signIn(shop);
      await svc.service.orm.em.fork().execute(`update dashboard_sessions set expires_at = now() - interval '1 second'`);
      const res = await svc.request('GET', '/v1/balance', { session: login });
      expect(res.status).to.equal(401);
      expect(res.body.error.code).to.equal('authentication_required');
    });

    it('asks for a session on the dashboard\'s own operations, whatever key is sent', async () => {
      for (const [method, path] of [
        ['GET', '/dashboard/api/session'],
        ['GET', '/dashboard/api/api_keys'],
        ['POST', '/dashboard/api/api_keys/key_000000000000000000000000/roll'],
        ['GET', '/dashboard/api/reconciliation'],
      ] as const) {
        const res = await svc.request(method, path, { key: shop.testKey });
        expect(res.status, `${method} ${path}`).to.equal(401);
        expect(res.body.error.code).to.equal('authentication_required');
      }
      const garbled = await svc.request('GET', '/dashboard/api/session', { headers: { cookie: 'nf_session=not-a-token' } });
      expect(garbled.status).to.equal(401);
    });
  });
});
