// npm run cli -- <command>. Commands:
//   merchant create --name NAME [--logo-url URL] [--json]
//   ledger verify
//   reconcile --date YYYY-MM-DD
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../server/src/config.ts';
import { createMerchant } from '../server/src/domain/merchants.ts';
import { verifyLedger } from '../server/src/domain/ledger.ts';
import { describeMismatch, lagosDay, reconcileDay, recordReconciliation } from '../server/src/domain/reconciliation.ts';
import { paystackReports } from '../server/src/domain/processor/paystack/reports.ts';
import { openDatabase } from '../server/src/persistence/database.ts';
import { createOrm, migrate } from '../server/src/persistence/orm.ts';
import { usePreparedStatements } from '../server/src/persistence/sql.ts';

const USAGE = `usage:
  npm run cli -- merchant create --name NAME [--logo-url URL] [--email DASHBOARD_EMAIL] [--json]
  npm run cli -- ledger verify
  npm run cli -- reconcile --date YYYY-MM-DD   (a day in Lagos; LIVE_PROCESSOR=paystack)`;

function fail(message: string): never {
  console.error(`nairaflow cli: ${message}`);
  process.exit(2);
}

const [group, command, ...rest] = process.argv.slice(2);
if (group === '--help' || group === '-h' || group === 'help') {
  console.log(USAGE);
} else if (group === 'ledger' && command === 'verify' && rest.length === 0) {
  await withDatabase(async (orm) => {
    const result = await verifyLedger(orm.em.fork());
    if (result.discrepancies.length > 0) {
      console.error(`ledger verify: FAILED: ${result.discrepancies[0]}`);
      if (result.discrepancies.length > 1) console.error(`(and ${result.discrepancies.length - 1} more)`);
      process.exitCode = 1;
      return;
    }
    console.log(`ledger verify: OK (${result.transactions} transactions balance; ${result.accounts} account balances equal their entries)`);
  });
} else if (group === 'reconcile') {
  await reconcileCommand([command, ...rest].filter((arg): arg is string => arg !== undefined));
} else if (group === 'merchant' && command === 'create') {
  await createMerchantCommand(rest);
} else {
  fail(USAGE);
}

async function reconcileCommand(args: string[]): Promise<void> {
  const { values } = (() => {
    try {
      return parseArgs({ args, options: { date: { type: 'string' } }, strict: true });
    } catch (error) {
      return fail(`${(error as Error).message}\n${USAGE}`);
    }
  })();
  const date = values.date;
  if (date === undefined) fail(`--date is required\n${USAGE}`);
  try {
    lagosDay(date);
  } catch {
    fail(`--date must be a day, YYYY-MM-DD (got "${date}")`);
  }
  await withDatabase(async (orm, config) => {
    if (config.paystack === null) fail('reconcile needs LIVE_PROCESSOR=paystack and PAYSTACK_SECRET_KEY: there is no processor to reconcile with');
    const result = await reconcileDay(orm.em.fork(), paystackReports(config.paystack), date);
    await recordReconciliation(orm.em.fork(), result);
    const counts = (['charge', 'transfer', 'refund'] as const).map((kind) => `${kind}s: ${result.counts[kind].ours} ours, ${result.counts[kind].theirs} Paystack's`).join('; ');
    if (result.mismatches.length === 0) {
      console.log(`reconcile ${date}: OK (${counts})`);
      return;
    }
    for (const mismatch of result.mismatches) console.error(`reconcile ${date}: MISMATCH ${describeMismatch(mismatch)}`);
    console.error(`reconcile ${date}: FAILED: ${result.mismatches.length} mismatch${result.mismatches.length === 1 ? '' : 'es'} (${counts}); recorded, and shown on each merchant's dashboard`);
    process.exitCode = 1;
  });
}

async function withDatabase(work: (orm: Awaited<ReturnType<typeof createOrm>>, config: ReturnType<typeof loadConfig>) => Promise<void>): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(`configuration error: ${error.message}`);
    throw error;
  }
  usePreparedStatements(config.preparedStatements);
  const database = await openDatabase(config.databaseUrl, config.dataDir);
  const orm = await createOrm({ databaseUrl: database.url, directUrl: config.databaseDirectUrl, poolMax: 2 });
  try {
    await migrate(orm);
    await work(orm, config);
  } finally {
    await orm.close();
    await database.close();
  }
}

async function createMerchantCommand(args: string[]): Promise<void> {
  const { values } = (() => {
    try {
      return parseArgs({
        args,
        options: { name: { type: 'string' }, 'logo-url': { type: 'string' }, email: { type: 'string' }, json: { type: 'boolean', default: false } },
        strict: true,
      });
    } catch (error) {
      return fail(`${(error as Error).message}\n${USAGE}`);
    }
  })();
  const name = values.name;
  if (name === undefined || name.trim() === '') fail(`--name is required\n${USAGE}`);
  const logoUrl = values['logo-url'];
  if (logoUrl !== undefined && !/^https?:\/\/\S+$/.test(logoUrl)) fail('--logo-url must be an absolute http(s) URL');

  await withDatabase(async (orm) => {
    const created = await createMerchant(orm.em.fork(), { name, logoUrl: logoUrl ?? null, dashboardEmail: values.email }).catch((error: Error) =>
      fail(/dashboard_users_email_key/.test(error.message) ? `a dashboard user with the e-mail ${values.email} already exists` : error.message),
    );
    const out = {
      merchant_id: created.merchant.id,
      name: created.merchant.name,
      test_secret_key: created.testSecretKey,
      live_secret_key: created.liveSecretKey,
      dashboard_email: created.dashboardUser!.email,
      dashboard_password: created.dashboardUser!.password,
    };
    if (values.json) {
      process.stdout.write(`${JSON.stringify(out)}\n`);
    } else {
      process.stdout.write(
        `Created merchant ${out.name} (${out.merchant_id}).\n` +
          `  Test secret key: ${out.test_secret_key}\n` +
          `  Live secret key: ${out.live_secret_key}\n` +
          `  Dashboard:       ${out.dashboard_email} / ${out.dashboard_password}\n` +
          `Keep the keys and the password safe: they are shown only now.\n`,
      );
    }
  });
}
