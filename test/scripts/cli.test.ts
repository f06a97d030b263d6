import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { startTestService, type TestService } from '../support/service.ts';

describe('npm run cli -- merchant create', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService('cli');
  });
  after(() => svc.stop());

  const cli = (...args: string[]) =>
    spawnSync(process.execPath, ['scripts/cli.ts', ...args], {
      env: { ...process.env, DATABASE_URL: svc.database.url },
      encoding: 'utf8',
      timeout: 30_000,
    });

  it('prints the new merchant as JSON, with keys that work in their own mode', async () => {
    const run = cli('merchant', 'create', '--name', 'Suya Spot', '--logo-url', 'https://suya.example/logo.png', '--json');
    expect(run.status, run.stderr).to.equal(0);
    const out = JSON.parse(run.stdout);
    expect(Object.keys(out)).to.deep.equal([
      'merchant_id',
      'name',
      'test_secret_key',
      'live_secret_key',
      'dashboard_email',
      'dashboard_password',
    ]);
    expect(out.merchant_id).to.match(/^acct_[0-9A-Za-z]{24}$/);
    expect(out.name).to.equal('Suya Spot');
    expect(out.test_secret_key).to.match(/^sk_test_[0-9A-Za-z]{32}$/);
    expect(out.live_secret_key).to.match(/^sk_live_[0-9A-Za-z]{32}$/);

    const test = await svc.request('POST', '/v1/payment_intents', { key: out.test_secret_key, body: { amount: 500, currency: 'NGN' } });
    expect(test.body).to.include({ livemode: false, merchant_id: out.merchant_id, merchant_logo_url: 'https://suya.example/logo.png' });
    const live = await svc.request('GET', `/v1/payment_intents/${test.body.id}`, { key: out.live_secret_key });
    expect(live.status).to.equal(404);
  });

  it('gives the merchant a dashboard login that signs in, at the e-mail chosen or a generated one', async () => {
    const chosen = JSON.parse(cli('merchant', 'create', '--name', 'Ofada Kitchen', '--email', 'Owner@Ofada.example', '--json').stdout);
    expect(chosen.dashboard_email).to.equal('owner@ofada.example');
    expect(chosen.dashboard_password).to.match(/^[0-9A-Za-z]{20}$/);
    const generated = JSON.parse(cli('merchant', 'create', '--name', 'Zobo & Co', '--json').stdout);
    expect(generated.dashboard_email).to.match(/^zobo-co-[0-9a-z]{6}@dashboard\.nairaflow\.test$/);

    for (const out of [chosen, generated]) {
      const res = await svc.request('POST', '/dashboard/api/session', { body: { email: out.dashboard_email, password: out.dashboard_password } });
      expect(res.status, res.text).to.equal(201);
      expect(res.body.merchant).to.include({ id: out.merchant_id, name: out.name });
    }
    const again = cli('merchant', 'create', '--name', 'Copycat', '--email', 'owner@ofada.example', '--json');
    expect(again.status).to.equal(2);
    expect(again.stderr).to.include('a dashboard user with the e-mail owner@ofada.example already exists');
  });

  it('stores only hashes of the keys and the password', async () => {
    const out = JSON.parse(cli('merchant', 'create', '--name', 'Hashed', '--json').stdout);
    const rows = await svc.service.orm.em.fork().execute<{ key_hash: string }[]>('select key_hash from api_keys where merchant_id = ?', [
      out.merchant_id,
    ]);
    expect(rows).to.have.length(2);
    const dump = JSON.stringify(await svc.service.orm.em.fork().execute('select * from api_keys'));
    expect(dump).to.not.include(out.test_secret_key);
    expect(dump).to.not.include(out.live_secret_key.slice(8, 36));
    const users = JSON.stringify(await svc.service.orm.em.fork().execute('select * from dashboard_users'));
    expect(users).to.not.include(out.dashboard_password);
    expect(users).to.match(/"password_hash":"scrypt\$32768\$8\$1\$/);
  });

  it('explains what is missing when called wrongly', () => {
    for (const args of [['merchant', 'create'], ['merchant', 'create', '--name', '  '], ['merchant', 'delete'], ['merchant', 'create', '--name', 'X', '--logo-url', 'nope']]) {
      const run = cli(...args);
      expect(run.status, args.join(' ')).to.equal(2);
      expect(run.stderr).to.match(/^nairaflow cli: /);
    }
  });

  it('explains itself with --help, and exits 0', () => {
    const run = cli('--help');
    expect(run.status).to.equal(0);
    expect(run.stdout).to.include('npm run cli -- merchant create --name NAME').and.include('npm run cli -- ledger verify');
  });
});

describe('npm run db:migrate', () => {
  it('applies the migrations to an empty database, then finds nothing left to do', async () => {
    const { createTestDatabase } = await import('../support/database.ts');
    const db = await createTestDatabase('migrate');
    try {
      const run = () =>
        spawnSync(process.execPath, ['scripts/migrate.ts'], { env: { ...process.env, DATABASE_URL: db.url }, encoding: 'utf8', timeout: 30_000 });
      const first = run();
      expect(first.status, first.stderr).to.equal(0);
      expect(first.stdout).to.match(/^Applied: Migration\d+_foundation/);
      const second = run();
      expect(second.stdout.trim()).to.equal('The database is up to date.');
    } finally {
      await db.drop();
    }
  });
});
