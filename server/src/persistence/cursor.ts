// Reading a large result a batch at a time (an export of 100,000 rows), in flat memory: a
// server-side cursor in a read-only transaction of its own, FETCHed as the reader asks for more.
// It holds one connection until the reader is done (or stops early: the cursor is closed then).
import type { MikroORM } from '@mikro-orm/postgresql';
import type pg from 'pg';

export async function* cursorRows<Row>(orm: MikroORM, text: string, params: readonly unknown[], batch = 1000): AsyncGenerator<Row[]> {
  const pool = (await orm.em.getConnection().getNativeClient()) as pg.Pool;
  const client = await pool.connect();
  let failed = false;
  try {
    // Repeatable read: every batch sees the same moment, however long the reader takes.
    await client.query('begin isolation level repeatable read read only');
    // A reader that stops taking rows must not keep this connection from the pool for good: past
    // a minute idle in the transaction, PostgreSQL ends the session (the export ends unfinished).
    await client.query("set local idle_in_transaction_session_timeout = '60s'");
    await client.query({ text: `declare nf_export no scroll cursor for ${text}`, values: params as unknown[] });
    for (;;) {
      const { rows } = await client.query(`fetch ${Math.max(1, Math.floor(batch))} from nf_export`);
      if (rows.length === 0) break;
      yield rows as Row[];
      if (rows.length < batch) break;
    }
    await client.query('commit');
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    // A reader that stopped early (a client gone) leaves the transaction open: end it.
    if (!failed) await client.query('rollback').catch(() => undefined);
    client.release(failed);
  }
}
