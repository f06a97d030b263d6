// The dashboard's secret-key operations: see the keys by prefix and last four, roll one.
import { expect } from 'chai';
import { startTestService, type DashboardLogin, type TestMerchant, type TestService } from '../support/service.ts';

describe('secret keys in the dashboard', () => {
  let svc: TestService;
  let shop: TestMerchant;
  let login: DashboardLogin;

  before(async () => {
    svc = await startTestService('api_keys');
    shop = await svc.createMerchant('Adire & Co');
    login = await svc.signIn(shop);
  });
  after(() => svc.stop());

  const listKeys = async () => {
    const res = await svc.request('GET', '/dashboard/api/api_keys', { session: login });
    expect(res.status, res.text).to.equal(200);
    return res.body.data as { id: string; livemode: boolean; prefix: string; last4: string }[];
  };

  it('lists each mode\'s active key by its prefix and last four characters, never the key', async () => {
    const res = await svc.request('GET', '/dashboard/api/api_keys', { session: login });
    expect(res.body).to.include({ object: 'list', has_more: false });
    expect(res.body.data.map((k: { prefix: string; last4: string; livemode: boolean }) => [k.prefix, k.last4, k.livemode])).to.deep.equal([
      ['sk_test_', shop.testKey.slice(-4), false],
      ['sk_live_', shop.liveKey.slice(-4), true],
    ]);
    expect(res.text).to.not.include(shop.testKey.slice(8, 30));
  });

  it('rolls a key: the new key is shown once and works, the old one stops at once, the other mode\'s is untouched', async () => {
    const merchant = await svc.createMerchant('Roller');
    const session = await svc.signIn(merchant);
    const [testKey] = (await svc.request('GET', '/dashboard/api/api_keys', { session })).body.data;
    await svc.request('POST', '/dashboard/api/session/password_confirmation', { session, body: { password: merchant.dashboardPassword } });
    const res = await svc.request('POST', `/dashboard/api/api_keys/${testKey.id}/roll`, { session });
    expect(res.status, res.text).to.equal(201);
    expect(res.headers.get('cache-control')).to.equal('no-store');
    const rolled = res.body;
    expect(rolled).to.include({ livemode: false, prefix: 'sk_test_' });
    expect(rolled.secret).to.match(/^sk_test_[0-9A-Za-z]{32}$/);
    expect(rolled.last4).to.equal(rolled.secret.slice(-4));
    expect(rolled.id).to.not.equal(testKey.id);

    const old = await svc.request('GET', '/v1/balance', { key: merchant.testKey });
    expect(old.status).to.equal(401);
    expect(old.body.error.code).to.equal('invalid_api_key');
    const fresh = await svc.request('GET', '/v1/balance', { key: rolled.secret });
    expect(fresh.status).to.equal(200);
    expect(fresh.body.livemode).to.equal(false);
    expect((await svc.request('GET', '/v1/balance', { key: merchant.liveKey })).status).to.equal(200);

    const listed = (await svc.request('GET', '/dashboard/api/api_keys', { session })).body.data;
    expect(listed.map((k: { id: string }) => k.id)).to.include(rolled.id).and.not.include(testKey.id);
    // Only the new key's hash is stored.
    const stored = JSON.stringify(await svc.service.orm.em.fork().execute('select * from api_keys where merchant_id = ?', [merchant.id]));
    expect(stored).to.not.include(rolled.secret);
  });

  it('lets one of six racing rolls of the same key win; the others are 404 and one active key is left', async () => {
    const merchant = await svc.createMerchant('Racer');
    const session = await svc.signIn(merchant);
    const [, liveKey] = (await svc.request('GET', '/dashboard/api/api_keys', { session })).body.data;
    // A live key asks for the password again first (see password-confirmation.test.ts).
    await svc.request('POST', '/dashboard/api/session/password_confirmation', { session, body: { password: merchant.dashboardPassword } });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => svc.request('POST', `/dashboard/api/api_keys/${liveKey.id}/roll`, { session })),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).to.deep.equal([201, 404, 404, 404, 404, 404]);
    const winner = answers.find((r) => r.status === 201)!.body;
    const active = await svc.service.orm.em
      .fork()
      .execute<{ id: string }[]>('select id from api_keys where merchant_id = ? and livemode and revoked_at is null', [merchant.id]);
    expect(active.map((r) => r.id)).to.deep.equal([winner.id]);
    expect((await svc.request('GET', '/v1/balance', { key: winner.secret })).status).to.equal(200);
  });

  it('answers 404 for another merchant\'s key, which keeps working', async () => {
    const other = await svc.createMerchant('Neighbour');
    const theirs = (await svc.request('GET', '/dashboard/api/api_keys', { session: await svc.signIn(other) })).body.data[0];
    const res = await svc.request('POST', `/dashboard/api/api_keys/${theirs.id}/roll`, { session: login });
    expect(res.status).to.equal(404);
    expect(res.body.error.code).to.equal('resource_missing');
    expect((await svc.request('GET', '/v1/balance', { key: other.testKey })).status).to.equal(200);
    expect((await listKeys()).map((k) => k.last4)).to.deep.equal([shop.testKey.slice(-4), shop.liveKey.slice(-4)]);
  });

  it('answers a malformed key id as one that does not exist (404), without echoing what looks like a secret key', async () => {
    const res = await svc.request('POST', '/dashboard/api/api_keys/sk_test_nope/roll', { session: login });
    expect(res.status).to.equal(404);
    expect(res.body.error).to.include({ code: 'resource_missing', param: 'id' });
    expect(res.body.error.message).to.equal('No such API key: (an id of another shape).');
  });

  describe('with another API process that has the key cached', () => {
    let other: TestService;
    before(async () => {
      other = await startTestService('api_keys_b', {}, { sharing: svc });
    });
    after(() => other.stop());

    const answersThere = async (key: string) => (await other.request('GET', '/v1/balance', { key })).status;
    const soon = async (check: () => Promise<boolean>) => {
      const deadline = Date.now() + 1000;
      while (!(await check())) {
        if (Date.now() > deadline) return false;
        await new Promise((r) => setTimeout(r, 20));
      }
      return true;
    };

    it('stops the old key there too, within moments of the roll', async () => {
      const merchant = await svc.createMerchant('Two Processes');
      const session = await svc.signIn(merchant);
      expect(await answersThere(merchant.testKey)).to.equal(200); // now cached in the other process
      expect(await answersThere(merchant.testKey)).to.equal(200);
      const keys = (await svc.request('GET', '/dashboard/api/api_keys', { session })).body.data as { id: string; livemode: boolean }[];
      await svc.request('POST', '/dashboard/api/session/password_confirmation', { session, body: { password: merchant.dashboardPassword } });
      const rolled = await svc.request('POST', `/dashboard/api/api_keys/${keys.find((k) => !k.livemode)!.id}/roll`, { session });
      expect(rolled.status).to.equal(201);
      expect(await soon(async () => (await answersThere(merchant.testKey)) === 401)).to.equal(true);
      expect(await answersThere(rolled.body.secret)).to.equal(200);
    });

    it('stops a key revoked by any means (here, by hand in SQL), within moments', async () => {
      const merchant = await svc.createMerchant('Revoked By Hand');
      expect(await answersThere(merchant.liveKey)).to.equal(200);
      await svc.service.orm.em.fork().execute('update api_keys set revoked_at = now() where merchant_id = ? and livemode = true', [merchant.id]);
      expect(await soon(async () => (await answersThere(merchant.liveKey)) === 401)).to.equal(true);
    });
  });
});
