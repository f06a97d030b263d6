// npm run db:migrate: applies pending migrations to DATABASE_URL (over DATABASE_DIRECT_URL when
// set), or to the embedded database.
import { loadConfig } from '../server/src/config.ts';
import { openDatabase } from '../server/src/persistence/database.ts';
import { createOrm, migrate } from '../server/src/persistence/orm.ts';

const config = loadConfig();
const database = await openDatabase(config.databaseUrl, config.dataDir);
const orm = await createOrm({ databaseUrl: database.url, directUrl: config.databaseDirectUrl, poolMax: 2 });
try {
  const applied = await migrate(orm);
  console.log(applied.length === 0 ? 'The database is up to date.' : `Applied: ${applied.join(', ')}`);
} finally {
  await orm.close();
  await database.close();
}
