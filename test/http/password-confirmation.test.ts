// Account changes a stolen session cookie must not be enough for: rolling a live key, setting or
// deleting the webhook endpoint, rolling or revealing its signing secret and changing the payout
// bank account ask a dashboard session for the password again (POST
// /dashboard/api/session/password_confirmation), which holds 5 minutes in that session only.
import { expect } from 'chai';
import { startReceiver, type Receiver } from '../support/receiver.ts';
import { startTestService, type DashboardLogin, type TestMerchant, type TestService } from '../support/service.ts';

describe('typing the password again for account changes', function () {
  this.timeout(30_000);
  let svc: TestService;
  let shop: TestMerchant;
  let receiver: Receiver;

  before(async () => {
    svc = await startTestService('password-confirmation', { RATE_LIMIT_PER_MINUTE: '1000' });
    shop = await svc.createMerchant('Adire & Co');
    receiver = await startReceiver();
    const created = await svc.request('PUT', '/v1/webhook_endpoint', { key: shop.testKey, body: { url: receiver.url } });
    expect(created.status, created.text).to.equal(201);
  });
  after(async () => {
    await receiver.close();
    await svc.stop();
  });

  const confirm = (login: DashboardLogin, password: string) =>
    svc.request('POST', '/dashboard/api/session/password_confirmation', { session: login, body: { password } });

  const liveKeyId = async (login: DashboardLogin) =>
    ((await svc.request('GET', '/dashboard/api/api_keys', { session: login })).body.data as { id: string; livemode: boolean }[]).find((k) => k.livemode)!.id;

  /** Each account change, as the dashboard sends it, with a look at what it would change. */
  const changes = (login: DashboardLogin) => [
    { what: 'roll the live key', send: async () => svc.request('POST', `/dashboard/api/api_keys/${await liveKeyId(login)}/roll`, { session: login }) },
    { what: 'change the webhook URL', send: () => svc.request('PUT', '/v1/webhook_endpoint', { session: login, body: { url: `${receiver.url}/moved` } }) },
    { what: 'roll the signing secret', send: () => svc.request('POST', '/v1/webhook_endpoint/roll_secret', { session: login, body: {} }) },
    { what: 'reveal the signing secret', send: () => svc.request('GET', '/v1/webhook_endpoint/secret', { session: login }) },
    { what: 'change the payout account', send: () => svc.request('PUT', '/v1/payout_account', { session: login, body: { bank_code: '058', account_number: '0123456789' } }) },
    { what: 'delete the webhook endpoint', send: () => svc.request('DELETE', '/v1/webhook_endpoint', { session: login }) },
  ];

  const snapshot = async () => {
    const em = svc.service.orm.em.fork();
    return {
      keys: await em.execute('select id, revoked_at from api_keys where merchant_id = ? order by id', [shop.id]),
      endpoint: await em.execute('select url from webhook_endpoints where merchant_id = ?', [shop.id]),
      secrets: await em.execute('select count(*)::int as n from webhook_secrets s join webhook_endpoints w on w.id = s.endpoint_id where w.merchant_id = ?', [shop.id]),
      payout: await em.execute('select count(*)::int as n from payout_accounts where merchant_id = ?', [shop.id]),
    };
  };

  it('refuses each change from a session that only signed in (a stolen cookie), with 403 password_confirmation_required, and changes nothing', async () => {
    const login = await svc.signIn(shop);
    const before = await snapshot();
    for (const { what, send } of changes(login)) {
      const res = await send();
      expect(res.status, `${what}: ${res.text}`).to.equal(403);
      expect(res.body.error.code, what).to.equal('password_confirmation_required');
      expect(res.body.error.message, what).to.match(/^Type your password again to .+: this account change needs it, and it holds for 5 minutes\.$/);
      expect(res.text, what).not.to.match(/whsec_|sk_live_/);
    }
    expect(await snapshot()).to.deep.equal(before);
    expect((await svc.request('GET', '/dashboard/api/session', { session: login })).body.password_confirmed_until).to.equal(null);
  });

  it('refuses a wrong password with 401, confirms nothing, and slows repeated guesses down', async () => {
    const login = await svc.signIn(shop);
    const wrong = await confirm(login, 'not-the-password');
    expect(wrong.status).to.equal(401);
    expect(wrong.body.error).to.include({ code: 'invalid_credentials', param: 'password' });
    expect((await svc.request('GET', '/v1/webhook_endpoint/secret', { session: login })).status).to.equal(403);
    // The session goes on.
    expect((await svc.request('GET', '/dashboard/api/session', { session: login })).status).to.equal(200);
    let slowed;
    for (let i = 0; i < 6 && slowed === undefined; i++) {
      const res = await confirm(login, `guess-${i}`);
      if (res.status === 429) slowed = res;
      else expect(res.status).to.equal(401);
    }
    expect(slowed, 'a guess slowed down').to.not.equal(undefined);
    expect(slowed!.body.error.code).to.equal('rate_limited');
    expect(Number(slowed!.headers.get('retry-after'))).to.be.at.least(1);
    // Even the right password waits its turn while slowed down.
    expect((await confirm(login, shop.dashboardPassword)).status).to.equal(429);
    await svc.service.orm.em.fork().execute('delete from dashboard_sign_in_attempts');
  });

  it('lets the session make each change once the password is typed again, and only that session', async () => {
    const login = await svc.signIn(shop);
    const other = await svc.signIn(shop);
    const res = await confirm(login, shop.dashboardPassword);
    expect(res.status, res.text).to.equal(200);
    const minutes = (Date.parse(res.body.password_confirmed_until) - Date.now()) / 60_000;
    expect(minutes).to.be.within(4.9, 5);
    expect((await svc.request('GET', '/dashboard/api/session', { session: login })).body.password_confirmed_until).to.equal(res.body.password_confirmed_until);

    // Another browser of the same user is still asked.
    expect((await svc.request('GET', '/v1/webhook_endpoint/secret', { session: other })).status).to.equal(403);

    const [rollKey, changeUrl, rollSecret, reveal, payout, remove] = changes(login);
    const rolledKey = await rollKey!.send();
    expect(rolledKey.status, rolledKey.text).to.equal(201);
    expect(rolledKey.body.secret).to.match(/^sk_live_/);
    expect((await changeUrl!.send()).status).to.equal(200);
    const rolled = await rollSecret!.send();
    expect(rolled.status).to.equal(200);
    const revealed = await reveal!.send();
    expect(revealed.status).to.equal(200);
    expect(revealed.headers.get('cache-control')).to.equal('no-store');
    // The current secret: the one just rolled.
    expect(revealed.body.secret).to.equal(rolled.body.secret);
    expect(revealed.body.url).to.equal(`${receiver.url}/moved`);
    expect((await payout!.send()).status).to.equal(200);
    expect((await remove!.send()).status).to.equal(200);
  });

  it('asks again once 5 minutes have passed', async () => {
    const login = await svc.signIn(shop);
    expect((await confirm(login, shop.dashboardPassword)).status).to.equal(200);
    await svc.service.orm.em.fork().execute("update dashboard_sessions set password_confirmed_at = now() - interval '5 minutes 1 second' where password_confirmed_at is not null");
    const res = await svc.request('POST', '/v1/webhook_endpoint/roll_secret', { session: login, body: {} });
    expect(res.status).to.equal(403);
    expect(res.body.error.code).to.equal('password_confirmation_required');
    expect((await svc.request('GET', '/dashboard/api/session', { session: login })).body.password_confirmed_until).to.equal(null);
  });

  it('asks nothing more of a secret key', async () => {
    await svc.request('PUT', '/v1/webhook_endpoint', { key: shop.testKey, body: { url: receiver.url } });
    const revealed = await svc.request('GET', '/v1/webhook_endpoint/secret', { key: shop.testKey });
    expect(revealed.status).to.equal(200);
    expect(revealed.body.secret).to.match(/^whsec_[0-9A-Za-z]{32}$/);
  });

  it('asks for the test key too: a new test key would make the password guard nothing in test mode', async () => {
    const login = await svc.signIn(shop);
    const testKey = ((await svc.request('GET', '/dashboard/api/api_keys', { session: login })).body.data as { id: string; livemode: boolean }[]).find((k) => !k.livemode)!;
    const refused = await svc.request('POST', `/dashboard/api/api_keys/${testKey.id}/roll`, { session: login });
    expect(refused.status).to.equal(403);
    expect(refused.body.error.code).to.equal('password_confirmation_required');
    expect((await svc.request('GET', '/v1/balance', { key: shop.testKey })).status).to.equal(200);
    expect((await confirm(login, shop.dashboardPassword)).status).to.equal(200);
    const rolled = await svc.request('POST', `/dashboard/api/api_keys/${testKey.id}/roll`, { session: login });
    expect(rolled.status, rolled.text).to.equal(201);
    shop.testKey = rolled.body.secret;
  });

  it('answers 404 for the secret of an endpoint that is not there', async () => {
    const other = await svc.createMerchant('No Endpoint');
    const res = await svc.request('GET', '/v1/webhook_endpoint/secret', { key: other.testKey });
    expect(res.status).to.equal(404);
    expect(res.body.error.code).to.equal('resource_missing');
  });

  it('needs the CSRF token to confirm, like every state change', async () => {
    const login = await svc.signIn(shop);
    const res = await confirm({ ...login, csrfToken: 'x'.repeat(43) }, shop.dashboardPassword);
    expect(res.status).to.equal(403);
    expect(res.body.error.code).to.equal('csrf_token_invalid');
    expect((await svc.request('GET', '/dashboard/api/session', { session: login })).body.password_confirmed_until).to.equal(null);
  });
});
