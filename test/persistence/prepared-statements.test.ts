// The hot statements outside transactions are named prepared statements (parsed and planned once
// per connection); DATABASE_PREPARED_STATEMENTS=false sends them unnamed, for poolers that cannot
// keep named ones (PgBouncer in transaction mode).
import { expect } from 'chai';
import { loadConfig } from '../../server/src/config.ts';
import { createOrm, type Orm } from '../../server/src/persistence/orm.ts';
import { autocommit, sql, usePreparedStatements } from '../../server/src/persistence/sql.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';

describe('prepared statements', () => {
  let database: TestDatabase;
  let orm: Orm;
  before(async () => {
    database = await createTestDatabase('prepared');
    orm = await createOrm({ databaseUrl: database.url, poolMax: 1 }); // one connection: every statement on the same session
  });
  after(async () => {
    usePreparedStatements(true);
    await orm.close();
    await database.drop();
  });

  const preparedHere = async (): Promise<string[]> =>
    (await sql<{ statement: string }>(autocommit(orm), 'select statement from pg_prepared_statements where statement not like $1 order by statement', ['%pg_prepared_statements%'])).map((r) => r.statement);

  it('prepares each statement once per connection by default, and runs it again by name', async () => {
    usePreparedStatements(true);
    for (let i = 0; i < 3; i++) expect(await sql<{ n: number }>(autocommit(orm), 'select $1::int + 1 as n', [i])).to.deep.equal([{ n: i + 1 }]);
    expect(await preparedHere()).to.deep.equal(['select $1::int + 1 as n']);
  });

  it('prepares nothing with DATABASE_PREPARED_STATEMENTS=false, and answers the same', async () => {
    expect(loadConfig({}).preparedStatements).to.equal(true);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'false' }).preparedStatements).to.equal(false);
    await orm.em.getConnection().execute('deallocate all');
    usePreparedStatements(false);
    expect(await sql<{ n: number }>(autocommit(orm), 'select $1::int * 2 as n', [21])).to.deep.equal([{ n: 42 }]);
    expect(await preparedHere()).to.deep.equal([]);
  });
});
