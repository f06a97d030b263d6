// Proves the test runner and test databases work; may be deleted once real tests exist.
import { expect } from 'chai';
import pg from 'pg';
import { createTestDatabase } from './database.ts';

describe('test runner', () => {
  it('gives each test file its own PostgreSQL database', async () => {
    const db = await createTestDatabase('smoke');
    try {
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      try {
        const { rows } = await client.query('select 1 as one, current_database() as name');
        expect(rows[0]).to.deep.equal({ one: 1, name: db.name });
      } finally {
        await client.end();
      }
    } finally {
      await db.drop();
    }
  });
});
