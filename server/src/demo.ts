import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { authenticate, createMerchant } from './domain/merchants.ts';
import { Merchant } from './persistence/entities/index.ts';

export interface DemoMerchant {
  merchant_id: string;
  name: string;
  test_secret_key: string;
}

/**
 * The demo merchant of a development database: created on first boot, its test key kept in a
 * git-ignored file beside the embedded database so every later banner can show it again.
 */
export async function ensureDemoMerchant(em: EntityManager, file: string): Promise<DemoMerchant | null> {
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as DemoMerchant;
    const caller = await authenticate(em, saved.test_secret_key);
    if (caller?.merchant.id === saved.merchant_id) return saved;
  }
  if ((await em.count(Merchant, {})) > 0) return null; // a database with merchants of its own: leave it be
  const created = await createMerchant(em, { name: 'Demo Store' });
  const demo: DemoMerchant = {
    merchant_id: created.merchant.id,
    name: created.merchant.name,
    test_secret_key: created.testSecretKey,
  };
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(demo, null, 2)}\n`, { mode: 0o600 });
  return demo;
}
