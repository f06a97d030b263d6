import { expect } from 'chai';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { refusedStart } from '../support/processes.ts';

describe('DATABASE_DIRECT_URL', () => {
  let pooled: TestDatabase;
  let other: TestDatabase;
  before(async () => {
    pooled = await createTestDatabase('direct-url-pooled');
    other = await createTestDatabase('direct-url-other');
  });
  after(async () => {
    await pooled?.drop();
    await other?.drop();
  });

  it('refuses to start, and migrates nothing, when it names another database than DATABASE_URL', async () => {
    const refused = await refusedStart({ DATABASE_URL: pooled.url, DATABASE_DIRECT_URL: other.url });
    expect(refused.code, refused.stdout + refused.stderr).to.equal(78);
    expect(refused.stderr.trim()).to.match(/^nairaflow: configuration error: DATABASE_DIRECT_URL does not hear what is sent through DATABASE_URL .*same database/);
    // Neither database was touched: no migration ran on the wrong one.
    for (const database of [pooled, other]) {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query("select count(*)::int as n from pg_tables where schemaname = 'public'");
        expect(rows[0].n, database.name).to.equal(0);
      } finally {
        await client.end();
      }
    }
  });
});
