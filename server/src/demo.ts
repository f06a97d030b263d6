import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { authenticate, createMerchant } from './domain/merchants.ts';
import { createDashboardUser } from './domain/dashboard-users.ts';
import { Merchant } from './persistence/entities/index.ts';
import { sql } from './persistence/sql.ts';

/** What the demo file keeps (git-ignored, mode 0600, beside the development database). */
interface DemoFile {
  merchant_id: string;
  name: string;
  test_secret_key: string;
  dashboard_email?: string;
  dashboard_password?: string;
}

export interface DemoMerchant {
  merchantId: string;
  name: string;
  /** Null once the key has been rolled in the dashboard: the new one was shown there, once. */
  testSecretKey: string | null;
  dashboardEmail: string;
  dashboardPassword: string;
}

const DEMO_EMAIL = 'demo@dashboard.nairaflow.test';

/**
 * The demo merchant of a development database: created on first boot, its test key and dashboard
 * login kept in a git-ignored file beside the database so every later banner can show them again.
 */
export async function ensureDemoMerchant(em: EntityManager, file: string): Promise<DemoMerchant | null> {
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as DemoFile;
    const merchant = await em.findOne(Merchant, { id: saved.merchant_id });
    if (merchant !== null) {
      if (saved.dashboard_email === undefined || saved.dashboard_password === undefined) {
        // A demo made before the dashboard existed: give it its login now.
        const existing = await sql(em, 'select 1 from dashboard_users where email = $1', [DEMO_EMAIL]);
        if (existing.length === 0) {
          const user = await createDashboardUser(em, merchant.id, DEMO_EMAIL);
          Object.assign(saved, { dashboard_email: user.email, dashboard_password: user.password });
          await save(file, saved);
        }
      }
      if (saved.dashboard_email !== undefined && saved.dashboard_password !== undefined) {
        const caller = await authenticate(em, saved.test_secret_key);
        return {
          merchantId: merchant.id,
          name: merchant.name,
          testSecretKey: caller?.merchant.id === merchant.id ? saved.test_secret_key : null,
          dashboardEmail: saved.dashboard_email,
          dashboardPassword: saved.dashboard_password,
        };
      }
    }
  }
  if ((await em.count(Merchant, {})) > 0) return null; // a database with merchants of its own: leave it be
  const created = await createMerchant(em, { name: 'Demo Store', dashboardEmail: DEMO_EMAIL });
  const demo: DemoFile = {
    merchant_id: created.merchant.id,
    name: created.merchant.name,
    test_secret_key: created.testSecretKey,
    dashboard_email: created.dashboardUser!.email,
    dashboard_password: created.dashboardUser!.password,
  };
  await save(file, demo);
  return {
    merchantId: demo.merchant_id,
    name: demo.name,
    testSecretKey: demo.test_secret_key,
    dashboardEmail: demo.dashboard_email!,
    dashboardPassword: demo.dashboard_password!,
  };
}

async function save(file: string, demo: DemoFile): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(demo, null, 2)}\n`, { mode: 0o600 });
}
