// Starts the real service in-process on a fresh database (a copy of a migrated template) for one
// test file, and talks to it over real HTTP.
import { loadConfig } from '../../server/src/config.ts';
import { createMerchant } from '../../server/src/domain/merchants.ts';
import { createLogger } from '../../server/src/log.ts';
import { startBoss } from '../../server/src/jobs/boss.ts';
import { createOrm, migrate } from '../../server/src/persistence/orm.ts';
import { startService, type Service } from '../../server/src/service.ts';
import { recordResponse } from './contract-coverage.ts';
import { runLog } from './run-log.ts';
import { createTemplateDatabase, createTestDatabase, type TestDatabase } from './database.ts';

export interface TestMerchant {
  id: string;
  name: string;
  testKey: string;
  liveKey: string;
  /** The merchant's dashboard login. */
  dashboardEmail: string;
  dashboardPassword: string;
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** A signed-in dashboard browser, as far as the API can tell: its cookie and CSRF token. */
export interface DashboardLogin {
  cookie: string;
  csrfToken: string;
}

export interface RequestOptions {
  key?: string;
  /** Sends the session cookie, and the CSRF token on every method but GET. */
  session?: DashboardLogin;
  body?: unknown;
  /** Sent as-is instead of JSON.stringify(body). */
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface TestService {
  url: string;
  service: Service;
  database: TestDatabase;
  createMerchant(name?: string, logoUrl?: string | null): Promise<TestMerchant>;
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  /** Signs in to the dashboard as the merchant's user (expects success). */
  signIn(merchant: TestMerchant): Promise<DashboardLogin>;
  stop(): Promise<void>;
}

const prepareTemplate = async (url: string): Promise<void> => {
  const orm = await createOrm({ databaseUrl: url, poolMax: 2 });
  await migrate(orm);
  await orm.close();
  const boss = await startBoss({ databaseUrl: url, poolMax: 2 }, () => {});
  await boss.stop({ graceful: false });
};

/** A new database with every migration applied (a copy of a template made once per run). */
export async function migratedDatabase(label: string): Promise<TestDatabase> {
  return createTestDatabase(label, { template: await createTemplateDatabase('migrated', prepareTemplate) });
}

/** The environment a test file's service runs with, on top of quiet defaults. */
export async function startTestService(
  label: string,
  env: Record<string, string> = {},
  options: {
    logLines?: string[];
    /** Another test service's database, to run a second process on it. */
    sharing?: TestService;
    /** Something to do to the new database before the service connects to it. */
    prepare?: (database: TestDatabase) => Promise<void>;
  } = {},
): Promise<TestService> {
  const ownDatabase = options.sharing === undefined;
  const database = options.sharing?.database ?? (await migratedDatabase(label));
  if (ownDatabase) await options.prepare?.(database);
  // Every test file's requests come from 127.0.0.1: the limit is raised unless a test is about it.
  const config = loadConfig({ PORT: '0', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '100000', ...env });
  // Everything is logged, into the run log (scanned for secrets at the end of the run) and, when
  // the test reads its service's log, into its lines too.
  const lines = options.logLines;
  const file = runLog();
  const log = createLogger({
    level: lines === undefined && file === undefined ? config.logLevel : 'debug',
    pretty: false,
    destination: {
      write: (line: string) => {
        lines?.push(line);
        file?.write(line);
      },
    },
  });
  const service = await startService({ config: { ...config, databaseUrl: database.url }, log, onOperationResponse: recordResponse });
  const url = service.url!;

  const svc: TestService = {
    url,
    service,
    database,
    async createMerchant(name = 'Test Shop', logoUrl = null) {
      const created = await createMerchant(service.orm.em.fork(), { name, logoUrl });
      return {
        id: created.merchant.id,
        name: created.merchant.name,
        testKey: created.testSecretKey,
        liveKey: created.liveSecretKey,
        dashboardEmail: created.dashboardUser!.email,
        dashboardPassword: created.dashboardUser!.password,
      };
    },
    async request(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      if (options.key !== undefined) headers['authorization'] = `Bearer ${options.key}`;
      if (options.session !== undefined) {
        headers['cookie'] = options.session.cookie;
        if (method !== 'GET') headers['x-csrf-token'] ??= options.session.csrfToken;
      }
      let body: string | undefined = options.rawBody;
      if (body === undefined && options.body !== undefined) body = JSON.stringify(options.body);
      if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
        headers['content-type'] = 'application/json';
      }
      const response = await fetch(`${url}${path}`, { method, headers, body });
      const text = await response.text();
      let parsed: unknown = undefined;
      if ((response.headers.get('content-type') ?? '').includes('json') && text !== '') parsed = JSON.parse(text);
      return { status: response.status, headers: response.headers, body: parsed as any, text };
    },
    async signIn(merchant) {
      const res = await svc.request('POST', '/dashboard/api/session', { body: { email: merchant.dashboardEmail, password: merchant.dashboardPassword } });
      if (res.status !== 201) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
      const cookie = /^((?:__Host-)?nf_session=[^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
      if (cookie === undefined) throw new Error(`sign-in set no session cookie: ${res.headers.get('set-cookie')}`);
      return { cookie, csrfToken: res.body.csrf_token };
    },
    async stop() {
      await service.stop();
      if (ownDatabase) await database.drop();
    },
  };
  return svc;
}
