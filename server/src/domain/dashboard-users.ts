import type { EntityManager } from '@mikro-orm/postgresql';
import { newId, randomBase62 } from '../ids.ts';
import { sql } from '../persistence/sql.ts';
import { hashPassword } from './passwords.ts';

export interface CreatedDashboardUser {
  id: string;
  email: string;
  /** Shown once: only its hash is stored. */
  password: string;
}

/** A deliberately loose check: one @, something on each side, no spaces. The mailbox decides the rest. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A dashboard user of the merchant, with a generated password (20 letters and digits, ~119 bits). */
export async function createDashboardUser(em: EntityManager, merchantId: string, email: string): Promise<CreatedDashboardUser> {
  const normalized = normalizeEmail(email);
  if (!EMAIL_SHAPE.test(normalized) || normalized.length > 254) throw new Error(`not an e-mail address: "${email}"`);
  const password = randomBase62(20);
  const id = newId('usr');
  await sql(em, 'insert into dashboard_users (id, merchant_id, email, password_hash, created_at) values ($1, $2, $3, $4, now())', [
    id,
    merchantId,
    normalized,
    await hashPassword(password),
  ]);
  return { id, email: normalized, password };
}

/** The address `merchant create` gives a merchant's first dashboard user when none is chosen. */
export function defaultDashboardEmail(merchantName: string, merchantId: string): string {
  const slug = merchantName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'merchant';
  return `${slug}-${merchantId.slice(-6).toLowerCase()}@dashboard.nairaflow.test`;
}
