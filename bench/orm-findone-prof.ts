// Profiles MikroORM findOne alone (run with --cpu-prof): npx node --cpu-prof --cpu-prof-dir=bench/profiles-orm bench/orm-findone-prof.ts
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createMerchant } from '../server/src/domain/merchants.ts';
import { createPaymentIntent, retrievePaymentIntent } from '../server/src/domain/payment-intents.ts';
import { createOrm, migrate } from '../server/src/persistence/orm.ts';

const ADMIN = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `nf_bench_orm_${process.pid}_${randomBytes(3).toString('hex')}`;
const admin = new pg.Client({ connectionString: ADMIN });
await admin.connect();
await admin.query(`create database "${name}"`);
const url = new URL(ADMIN);
url.pathname = `/${name}`;
const orm = await createOrm({ databaseUrl: url.toString(), poolMax: 20 });
try {
  await migrate(orm);
  const { merchant } = await createMerchant(orm.em.fork(), { name: 'Bench' });
  const caller = { merchant: { id: merchant.id, name: 'Bench', logo_url: null }, livemode: false };
  const { intent } = await createPaymentIntent(orm.em.fork(), caller, { amount: 250000, currency: 'NGN' }, { ttlSeconds: 86400 });
  const mode = process.env.MODE ?? 'findone';
  let next = 0;
  const deadline = performance.now() + 30_000;
  await Promise.all(Array.from({ length: 10 }, async () => {
    while (next < 6000 && performance.now() < deadline) {
      next++;
      if (mode === 'findone') await retrievePaymentIntent(orm.em.fork(), caller, intent.id);
      else await orm.em.fork().transactional((tx) => createPaymentIntent(tx, caller, { amount: 250000, currency: 'NGN' }, { ttlSeconds: 86400 }));
    }
  }));
} finally {
  await orm.close();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
}
