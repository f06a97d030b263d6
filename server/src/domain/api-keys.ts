import type { EntityManager } from '@mikro-orm/postgresql';
import { newId, newSecretKey, sha256Hex } from '../ids.ts';
import { sql } from '../persistence/sql.ts';
import { notFound } from './errors.ts';

export interface ApiKeyView {
  id: string;
  livemode: boolean;
  last4: string;
  created_at: Date;
}

/** The merchant's active secret key of each mode, test first. */
export async function listActiveKeys(em: EntityManager, merchantId: string): Promise<ApiKeyView[]> {
  const rows = await sql<ApiKeyView>(
    em,
    `select id, livemode, last4, created_at from api_keys
      where merchant_id = $1 and revoked_at is null order by livemode, created_at`,
    [merchantId],
  );
  return rows.map(asView);
}

// Timestamps arrive as text on this connection (see payment-intent-rows.ts).
const asView = (row: ApiKeyView): ApiKeyView => ({ ...row, created_at: new Date(row.created_at) });

/**
 * Revokes an active key and issues its successor in the same mode, in one transaction: the old
 * key stops authenticating when this commits. A second roll of the same key finds it revoked
 * (the row lock makes it wait for the first) and is "not found". `mayRoll` may refuse by throwing
 * once the key's mode is known (a live key asks more); nothing changes then.
 */
export async function rollKey(em: EntityManager, merchantId: string, keyId: string, mayRoll: (livemode: boolean) => void = () => {}): Promise<{ key: ApiKeyView; secret: string }> {
  return em.transactional(async (tx) => {
    const [revoked] = await sql<{ livemode: boolean }>(
      tx,
      `update api_keys set revoked_at = now()
        where id = $1 and merchant_id = $2 and revoked_at is null returning livemode`,
      [keyId, merchantId],
    );
    if (revoked === undefined) throw notFound('API key', keyId);
    mayRoll(revoked.livemode);
    const secret = newSecretKey(revoked.livemode);
    const [key] = await sql<ApiKeyView>(
      tx,
      `insert into api_keys (id, merchant_id, livemode, key_hash, last4, created_at, revoked_at)
       values ($1, $2, $3, $4, $5, now(), null) returning id, livemode, last4, created_at`,
      [newId('key'), merchantId, revoked.livemode, sha256Hex(secret), secret.slice(-4)],
    );
    return { key: asView(key!), secret };
  });
}
