// The baseline: what PostgreSQL allows on this machine, not a copy of what the service does. Per
// request, the minimal statements a correct implementation needs, prepared (named), one client per
// connection: one key lookup by hash, then one autocommit insert of the intent row (create) or one
// select by primary key (retrieve).
import type pg from 'pg';
import { newClientSecret, newId, sha256Hex } from '../server/src/ids.ts';

const KEY_SQL = 'select merchant_id, livemode from api_keys where key_hash = $1 and revoked_at is null';
const INSERT_SQL = `insert into payment_intents (id, merchant_id, livemode, amount, currency, description, metadata, status,
    client_secret_hash, amount_refunded, created_at, expires_at)
  values ($1, $2, $3, $4, 'NGN', $5, '{}', 'requires_authentication', $6, 0, $7, $8)`;
const SELECT_SQL = 'select * from payment_intents where id = $1';
const TTL_MS = 86_400_000;

async function lookUpKey(client: pg.Client, keyHash: string): Promise<{ merchant_id: string; livemode: boolean }> {
  const { rows } = await client.query<{ merchant_id: string; livemode: boolean }>({ name: 'bl_key', text: KEY_SQL, values: [keyHash] });
  if (rows[0] === undefined) throw new Error('baseline: the key did not authenticate');
  return rows[0];
}

export function baselineCreate(secretKey: string) {
  const keyHash = sha256Hex(secretKey);
  return async (client: pg.Client): Promise<void> => {
    const key = await lookUpKey(client, keyHash);
    const id = newId('pi');
    const now = new Date();
    await client.query({
      name: 'bl_insert',
      text: INSERT_SQL,
      values: [id, key.merchant_id, key.livemode, '250000', 'bench', sha256Hex(newClientSecret(id)), now, new Date(now.getTime() + TTL_MS)],
    });
  };
}

export function baselineRetrieve(secretKey: string, intentId: string) {
  const keyHash = sha256Hex(secretKey);
  return async (client: pg.Client): Promise<void> => {
    await lookUpKey(client, keyHash);
    const { rows } = await client.query({ name: 'bl_select', text: SELECT_SQL, values: [intentId] });
    if (rows.length !== 1) throw new Error('baseline: the intent was not found');
  };
}
