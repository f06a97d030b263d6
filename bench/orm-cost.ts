// Client-side CPU per operation of the service's data layer (MikroORM, as the handlers use it) versus
// the same SQL sent with plain pg, in one process, without HTTP:
//   npx node bench/orm-cost.ts            (admin server: DATABASE_URL or the local 127.0.0.1:5432)
// Each variant runs a fixed number of operations, 10 at a time, after a warm-up; the figure is
// process CPU (user+system) per operation, which unlike wall time hardly depends on other load.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { authenticate, createMerchant } from '../server/src/domain/merchants.ts';
import { createPaymentIntent, retrievePaymentIntent } from '../server/src/domain/payment-intents.ts';
import { presentPaymentIntent } from '../server/src/http/presenters/payment-intent.ts';
import { newClientSecret, newId, sha256Hex } from '../server/src/ids.ts';
import { createOrm, migrate } from '../server/src/persistence/orm.ts';

const ADMIN = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CONCURRENCY = 10;
const OPS = Number(process.env.OPS ?? 3000);
const WARMUP_OPS = 1000;
const MAX_SECONDS = 60; // per variant, whatever OPS says

const name = `nf_bench_orm_${process.pid}_${randomBytes(3).toString('hex')}`;
const admin = new pg.Client({ connectionString: ADMIN });
await admin.connect();
await admin.query(`create database "${name}"`);
const url = new URL(ADMIN);
url.pathname = `/${name}`;
const dbUrl = url.toString();

const orm = await createOrm({ databaseUrl: dbUrl, poolMax: 20 });
const pool = new pg.Pool({ connectionString: dbUrl, max: CONCURRENCY });
try {
  await migrate(orm);
  const { merchant, testSecretKey: key } = await createMerchant(orm.em.fork(), { name: 'Bench' });
  const caller = { merchant: { id: merchant.id, name: merchant.name, logo_url: null }, livemode: false };
  const { intent } = await createPaymentIntent(orm.em.fork(), caller, { amount: 250000, currency: 'NGN', description: 'bench' }, { ttlSeconds: 86400 });

  async function measure(label: string, op: () => Promise<void>): Promise<void> {
    const run = async (count: number): Promise<{ cpuUs: number; wallMs: number; done: number }> => {
      let next = 0;
      const deadline = performance.now() + MAX_SECONDS * 1000;
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < count && performance.now() < deadline) {
            next++;
            await op();
          }
        }),
      );
      const cpu = process.cpuUsage(cpu0);
      return { cpuUs: cpu.user + cpu.system, wallMs: performance.now() - t0, done: next };
    };
    await run(WARMUP_OPS);
    const r = await run(OPS);
    console.log(`${label.padEnd(58)} ${(r.cpuUs / r.done).toFixed(0).padStart(5)} µs CPU/op   ${((r.done / r.wallMs) * 1000).toFixed(0).padStart(6)} op/s (wall, 1 process)`);
  }

  const AUTH_SQL = `select k.livemode, m.id, m.name, m.logo_url from api_keys k join merchants m on m.id = k.merchant_id where k.key_hash = $1 and k.revoked_at is null`;
  const INSERT_SQL = `insert into payment_intents (id, merchant_id, livemode, amount, currency, description, metadata, status, method, customer_email, customer_phone, client_secret_hash, amount_refunded, service_fee, last_error, next_action, cancellation_reason, created_at, expires_at, succeeded_at, canceled_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)`;

  const pgCreate = async (): Promise<void> => {
    const c = await pool.connect();
    try {
      const { rows } = await c.query({ name: 'auth', text: AUTH_SQL, values: [sha256Hex(key)] });
      const row = rows[0] as { id: string; livemode: boolean };
      const now = new Date();
      const id = newId('pi');
      await c.query('begin');
      await c.query({ name: 'ins', text: INSERT_SQL, values: [id, row.id, row.livemode, '250000', 'NGN', 'bench', '{}', 'requires_authentication', null, null, null, sha256Hex(newClientSecret(id)), '0', null, null, null, null, now, new Date(now.getTime() + 86400e3), null, null] });
      await c.query('commit');
    } finally {
      c.release();
    }
  };
  const pgRetrieve = async (): Promise<void> => {
    const c = await pool.connect();
    try {
      const { rows } = await c.query({ name: 'auth', text: AUTH_SQL, values: [sha256Hex(key)] });
      const row = rows[0] as { id: string; livemode: boolean };
      await c.query({ name: 'get', text: 'select * from payment_intents where id = $1 and merchant_id = $2 and livemode = $3', values: [intent.id, row.id, row.livemode] });
    } finally {
      c.release();
    }
  };

  const body = { amount: 250000, currency: 'NGN' as const, description: 'bench' };
  console.log(`client-side CPU per operation, ${CONCURRENCY} concurrent, ${OPS} ops after ${WARMUP_OPS} warm-up`);
  await measure('pg (prepared): auth + begin/insert/commit', pgCreate);
  await measure('MikroORM as the service: fork + authenticate + transactional create', async () => {
    const em = orm.em.fork();
    const who = await authenticate(em, key);
    const created = await em.transactional((tx) => createPaymentIntent(tx, who!, body, { ttlSeconds: 86400 }));
    JSON.stringify(presentPaymentIntent(created.intent, who!.merchant, created.clientSecret));
  });
  await measure('pg (prepared): auth + select', pgRetrieve);
  await measure('MikroORM as the service: fork + authenticate + findOne', async () => {
    const em = orm.em.fork();
    const who = await authenticate(em, key);
    const found = await retrievePaymentIntent(em, who!, intent.id);
    JSON.stringify(presentPaymentIntent(found, who!.merchant));
  });
  await measure('  of which MikroORM fork + authenticate (em.execute) alone', async () => {
    await authenticate(orm.em.fork(), key);
  });
  await measure('  pg (prepared) auth alone', async () => {
    await pool.query({ name: 'auth', text: AUTH_SQL, values: [sha256Hex(key)] });
  });
  const fixedCaller = { merchant: { id: merchant.id, name: 'Bench', logo_url: null }, livemode: false };
  await measure('  MikroORM findOne alone (fresh fork)', async () => {
    await retrievePaymentIntent(orm.em.fork(), fixedCaller, intent.id);
  });
  await measure('  MikroORM em.execute(select *) alone (fresh fork)', async () => {
    await orm.em.fork().execute('select * from payment_intents where id = ? and merchant_id = ? and livemode = ?', [intent.id, merchant.id, false]);
  });
  await measure('  MikroORM transactional create alone (fresh fork)', async () => {
    await orm.em.fork().transactional((tx) => createPaymentIntent(tx, fixedCaller, body, { ttlSeconds: 86400 }));
  });
  await measure('  MikroORM em.fork() alone', async () => {
    orm.em.fork();
  });
} finally {
  await pool.end();
  await orm.close();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
}
