import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiKey, Merchant } from '../persistence/entities/index.ts';
import { newId, newSecretKey, sha256Hex } from '../ids.ts';
import { sql, type Runner } from '../persistence/sql.ts';
import { createDashboardUser, defaultDashboardEmail, type CreatedDashboardUser } from './dashboard-users.ts';

/** Who is calling: the merchant behind the secret key, and the key's mode. */
export interface Caller {
  merchant: Pick<Merchant, 'id' | 'name' | 'logo_url'>;
  livemode: boolean;
}

export interface CreatedMerchant {
  merchant: Merchant;
  /** Shown once: only their hashes are stored. */
  testSecretKey: string;
  liveSecretKey: string;
  /** The merchant's first dashboard user, with its password (shown once); null when none was asked for. */
  dashboardUser: CreatedDashboardUser | null;
}

/**
 * A merchant with a secret key for each mode and, unless `dashboardEmail` is null, a dashboard
 * user (at a generated address when none is given), all in one transaction.
 */
export async function createMerchant(
  em: EntityManager,
  input: { name: string; logoUrl?: string | null; dashboardEmail?: string | null },
): Promise<CreatedMerchant> {
  const name = input.name.trim();
  if (name === '' || name.length > 100) throw new Error('a merchant name is 1 to 100 characters');
  if (input.logoUrl != null && !/^https?:\/\/\S+$/.test(input.logoUrl)) throw new Error('a logo URL is an http(s) URL');
  return em.transactional(async (tx) => {
    const now = new Date();
    const merchant = tx.create(Merchant, { id: newId('acct'), name, logo_url: input.logoUrl ?? null, created_at: now });
    await tx.flush(); // the keys reference it
    const testSecretKey = newSecretKey(false);
    const liveSecretKey = newSecretKey(true);
    for (const [key, livemode] of [[testSecretKey, false], [liveSecretKey, true]] as const) {
      tx.create(ApiKey, {
        id: newId('key'),
        merchant_id: merchant.id,
        livemode,
        key_hash: sha256Hex(key),
        last4: key.slice(-4),
        created_at: now,
        revoked_at: null,
      });
    }
    await tx.flush();
    const dashboardUser =
      input.dashboardEmail === null ? null : await createDashboardUser(tx, merchant.id, input.dashboardEmail ?? defaultDashboardEmail(name, merchant.id));
    return { merchant, testSecretKey, liveSecretKey, dashboardUser };
  });
}

const SECRET_KEY_SHAPE = /^sk_(test|live)_[0-9A-Za-z]{32}$/;

/** The caller a secret key belongs to, or null for a malformed, unknown or revoked key. */
export async function authenticate(runner: Runner, secretKey: string): Promise<Caller | null> {
  if (!SECRET_KEY_SHAPE.test(secretKey)) return null;
  const rows = await sql<{ livemode: boolean; id: string; name: string; logo_url: string | null }>(
    runner,
    `select k.livemode, m.id, m.name, m.logo_url
       from api_keys k join merchants m on m.id = k.merchant_id
      where k.key_hash = $1 and k.revoked_at is null`,
    [sha256Hex(secretKey)],
  );
  const row = rows[0];
  if (row === undefined) return null;
  // The key's own prefix must agree with its stored mode.
  if (row.livemode !== secretKey.startsWith('sk_live_')) return null;
  return { merchant: { id: row.id, name: row.name, logo_url: row.logo_url }, livemode: row.livemode };
}
