// The packages as a merchant gets them before they are published: `npm run pack` writes the two
// tarballs, which are installed together into a project of its own outside this repository (the
// registry serves only openapi-fetch and TypeScript). There both work from an ES module and from
// CommonJS, type-check under `tsc --strict` with the oldest TypeScript the READMEs promise, and run
// where no Node built-in module exists, as in an edge runtime or a browser bundle.
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { merchantProject, root, runInShell as run, TARBALLS } from '../support/packages.ts';
import { runAsEdge } from '../webhook-verifier/support/edge-runtime.ts';

/** The oldest TypeScript the packages' types are promised to work with (README, both package READMEs). */
const MINIMUM_TYPESCRIPT = '5.0';

/** Every module specifier a built file imports or requires. */
function specifiers(source: string): string[] {
  return [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]!);
}

function filesUnder(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[]).map((file) => join(dir, file));
}

// One body for the ES module and the CommonJS script: it gets the three entries as loaded by
// each, and answers what a merchant would notice.
const scenario = `
async function scenario(sdk, verifier, web) {
  const seen = [];
  const fetch = async (request) => {
    seen.push({ method: request.method, url: request.url, key: request.headers.get('idempotency-key'), body: await request.text() });
    if (request.url.endsWith('/v1/payment_intents/pi_missing')) {
      return new Response(JSON.stringify({ error: { code: 'resource_missing', message: 'No such payment intent', param: 'id', request_id: 'req_1' } }), { status: 404, headers: { 'content-type': 'application/json' } });
    }
    if (request.url.includes('/v1/events')) {
      const event = { id: 'evt_1', type: 'webhook.test', created: 1, livemode: false, data: { test: true }, delivery_status: 'failed', attempts: 12, next_attempt_at: null };
      return new Response(JSON.stringify({ object: 'list', data: [event], has_more: false }), { status: 200, headers: { 'content-type': 'application/json' } });
    }
    return new Response(JSON.stringify({ id: 'pi_1', amount: '9007199254740993', client_secret: 'pi_1_secret_x' }), { status: 201, headers: { 'content-type': 'application/json' } });
  };
  const nf = new sdk.Nairaflow('sk_test_PackInstallTestKey000000000000', { baseUrl: 'https://api.example.test', fetch });
  const created = await nf.paymentIntents.create({ amount: 9007199254740993n, currency: 'NGN' });
  const missing = await nf.paymentIntents.retrieve('pi_missing').catch((error) => error);

  const secret = 'whsec_UGFja0luc3RhbGxUZXN0U2VjcmV0';
  const body = JSON.stringify({ id: 'evt_1', type: 'webhook.test', created: 1, livemode: false, data: { test: true } });
  const handled = [];
  const handler = web.fetchHandler({ secret, answer: 'after_handler', onEvent: (event) => { handled.push(event.type); } });
  const delivered = await handler(new Request('https://merchant.example/webhooks', { method: 'POST', body, headers: { 'Service-Signature': await web.signatureHeaderAsync(body, secret) } }));
  const badSignature = (() => { try { verifier.constructEvent(body, verifier.signatureHeader(body, 'whsec_d3Jvbmc'), secret); } catch (error) { return error; } })();
  const listed = await nf.events.list({ type: 'webhook.test' }).autoPagingToArray({ limit: 10 });

  return {
    created: created.id,
    request: seen[0],
    notFound: missing instanceof sdk.NotFoundError && missing instanceof sdk.NairaflowError,
    param: missing.param,
    verified: nf.webhooks.constructEvent(body, nf.webhooks.signatureHeader(body, secret), secret).type,
    delivered: delivered.status,
    handled,
    badSignature: badSignature instanceof sdk.WebhookVerificationError && badSignature instanceof web.WebhookVerificationError ? badSignature.code : String(badSignature),
    listedIsTest: listed.length === 1 && verifier.isTestEvent(listed[0]),
    VERSION: sdk.VERSION,
  };
}`;

function expectScenarioWorked(result: Record<string, unknown>): void {
  expect(result).to.deep.include({
    created: 'pi_1',
    notFound: true,
    param: 'id',
    verified: 'webhook.test',
    delivered: 200,
    handled: ['webhook.test'],
    badSignature: 'no_matching_signature',
    listedIsTest: true,
    VERSION: '0.1.0',
  });
  const request = result.request as { method: string; url: string; key: string; body: string };
  expect(request).to.deep.include({ method: 'POST', url: 'https://api.example.test/v1/payment_intents', body: '{"amount":9007199254740993,"currency":"NGN"}' });
  expect(request.key).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
}

// A merchant's code, once as an ES module and once as CommonJS: every import a typed one, and the
// mistakes the types must catch marked as such.
const merchantTs = `
import { Nairaflow, InsufficientBalanceError, NairaflowError, type CreatedPaymentIntent, type EventResource, type NairaflowEvent } from '@nairaflow/sdk';
import { isTestEvent, webhookHandler, WebhookVerificationError } from '@nairaflow/webhook-verifier';
import { constructEventAsync, fetchHandler } from '@nairaflow/webhook-verifier/web';

const nf = new Nairaflow('sk_test_x', { baseUrl: 'https://api.example.com', maxRetries: 3 });

export async function checkout(orderId: string): Promise<string> {
  const intent: CreatedPaymentIntent = await nf.paymentIntents.create({ amount: 250000n, currency: 'NGN', metadata: { orderId } }, { idempotencyKey: orderId });
  return intent.client_secret;
}

export async function onEvent(event: NairaflowEvent): Promise<string> {
  if (isTestEvent(event)) return 'test';
  if (event.type === 'payment_intent.succeeded') return event.data.amount + event.data.service_fee;
  return event.type;
}
export const expressHandler = webhookHandler({ secret: 'whsec_x', onEvent, answer: 'after_handler' });
export const POST: (request: Request) => Promise<Response> = fetchHandler({ secret: ['whsec_new', 'whsec_old'], onEvent });
export const later: Promise<NairaflowEvent> = constructEventAsync('{}', 't=1,v1=00', 'whsec_x');

// An event from the API is a delivered event with its delivery's state: it goes to the same handler.
export async function replayFailed(): Promise<void> {
  for await (const event of nf.events.list({ limit: 100 })) {
    if (event.delivery_status === 'failed') await onEvent(event);
  }
}

export async function refund(id: string): Promise<string> {
  try {
    return (await nf.refunds.create({ payment_intent: id, amount: 500 })).amount;
  } catch (error) {
    if (error instanceof InsufficientBalanceError) return 'top up first';
    if (error instanceof NairaflowError) return error.code ?? 'unknown';
    if (error instanceof WebhookVerificationError) return error.code;
    throw error;
  }
}

// @ts-expect-error a misspelt field
nf.paymentIntents.create({ amount: 1, currency: 'NGN', custmer: {} });
// @ts-expect-error a refund.succeeded event has no service_fee: data is typed by the event's type
export const noFee = (event: EventResource): unknown => event.type === 'refund.succeeded' && event.data.service_fee;
// @ts-expect-error not a way the handler answers
webhookHandler({ secret: 'whsec_x', onEvent, answer: 'later' });
`;

describe('npm run pack: the SDK and the verifier installed from their tarballs into a project of their own', function () {
  this.timeout(300_000);
  let merchant: ReturnType<typeof merchantProject> | undefined;
  let project: string;

  before(() => {
    merchant = merchantProject({ packages: [`typescript@${MINIMUM_TYPESCRIPT}`] });
    project = merchant.dir;
  });

  after(() => merchant?.remove());

  it('writes both tarballs, and the SDK takes the verifier from its tarball, not from a registry', () => {
    expect(readdirSync(join(root, 'dist-packages')).filter((f) => f.endsWith('.tgz')).sort()).to.deep.equal([...TARBALLS].sort());
    const lock = JSON.parse(readFileSync(join(project, 'package-lock.json'), 'utf8')) as { packages: Record<string, { resolved?: string; version?: string }> };
    expect(lock.packages['node_modules/@nairaflow/webhook-verifier']?.resolved).to.equal('file:nairaflow-webhook-verifier-0.1.0.tgz');
    expect(lock.packages['node_modules/@nairaflow/sdk']?.resolved).to.equal('file:nairaflow-sdk-0.1.0.tgz');
    expect(Object.keys(lock.packages).filter((path) => path.includes('@nairaflow/') && path.split('node_modules/').length > 2)).to.deep.equal([]);
    expect(lock.packages['node_modules/typescript']?.version).to.match(new RegExp(`^${MINIMUM_TYPESCRIPT.replace('.', '\\.')}\\.\\d+$`));
  });

  it("the SDK's built files import nothing from node: (nor any other Node built-in)", () => {
    const sdkDir = join(project, 'node_modules/@nairaflow/sdk');
    const files = filesUnder(sdkDir).filter((file) => /\.(c|m)?js$|\.d\.(c|m)?ts$/.test(file));
    const imported = files.flatMap((file) => specifiers(readFileSync(file, 'utf8')).map((specifier) => ({ file: file.slice(sdkDir.length + 1), specifier })));
    // The scan sees the imports that are there.
    expect(imported.map((i) => i.specifier)).to.include.members(['openapi-fetch', '@nairaflow/webhook-verifier', './client.js']);
    const builtins = new Set(builtinModules);
    expect(imported.filter(({ specifier }) => specifier.startsWith('node:') || builtins.has(specifier) || builtins.has(specifier.split('/')[0]!))).to.deep.equal([]);
  });

  it('works from an ES module (import)', () => {
    const script = `import * as sdk from '@nairaflow/sdk';
import * as verifier from '@nairaflow/webhook-verifier';
import * as web from '@nairaflow/webhook-verifier/web';
${scenario}
const result = await scenario(sdk, verifier, web);
console.log(JSON.stringify({ ...result, loaded: import.meta.resolve('@nairaflow/sdk') }));
`;
    writeFileSync(join(project, 'merchant.mjs'), script);
    const result = JSON.parse(run(process.execPath, ['merchant.mjs'], project).stdout) as Record<string, unknown>;
    expectScenarioWorked(result);
    expect(result.loaded).to.match(/\/node_modules\/@nairaflow\/sdk\/dist\/index\.js$/);
  });

  it('works from CommonJS (require), and its errors are recognised by the ES module copy and the other way round', () => {
    const script = `'use strict';
const sdk = require('@nairaflow/sdk');
const verifier = require('@nairaflow/webhook-verifier');
const web = require('@nairaflow/webhook-verifier/web');
${scenario}
(async () => {
  const result = await scenario(sdk, verifier, web);
  // An app can load both builds (its own require beside a dependency's import): each has its own classes.
  const esm = await import('@nairaflow/sdk');
  const esmVerifier = await import('@nairaflow/webhook-verifier');
  const esmClient = new esm.Nairaflow('sk_test_PackInstallTestKey000000000000', { baseUrl: 'https://api.example.test', maxRetries: 0, fetch: async () => new Response('{"error":{"code":"insufficient_balance","message":"no"}}', { status: 409 }) });
  const esmError = await esmClient.refunds.create({ payment_intent: 'pi_1' }).catch((error) => error);
  const cjsError = new sdk.InsufficientBalanceError({ message: 'no' });
  const esmVerification = (() => { try { esmVerifier.constructEvent('{}', null, 'whsec_x'); } catch (error) { return error; } })();
  console.log(JSON.stringify({
    ...result,
    loaded: require.resolve('@nairaflow/sdk'),
    distinctClasses: esm.NairaflowError !== sdk.NairaflowError && esmVerifier.WebhookVerificationError !== verifier.WebhookVerificationError,
    esmErrorIsCjsClass: esmError instanceof sdk.InsufficientBalanceError && esmError instanceof sdk.NairaflowError && !(esmError instanceof sdk.NotFoundError),
    cjsErrorIsEsmClass: cjsError instanceof esm.InsufficientBalanceError && cjsError instanceof esm.NairaflowError,
    esmVerificationIsCjsClass: esmVerification instanceof verifier.WebhookVerificationError && esmVerification.code === 'missing_header',
  }));
})().catch((error) => { console.error(error); process.exitCode = 1; });
`;
    writeFileSync(join(project, 'merchant.cjs'), script);
    const result = JSON.parse(run(process.execPath, ['merchant.cjs'], project).stdout) as Record<string, unknown>;
    expectScenarioWorked(result);
    expect(result.loaded).to.match(/\/node_modules\/@nairaflow\/sdk\/dist\/cjs\/index\.js$/);
    expect(result).to.deep.include({ distinctClasses: true, esmErrorIsCjsClass: true, cjsErrorIsEsmClass: true, esmVerificationIsCjsClass: true });
  });

  it(`type-checks under tsc --strict with TypeScript ${MINIMUM_TYPESCRIPT}, as ESM, as CommonJS and with moduleResolution node or bundler, without @types/node`, () => {
    writeFileSync(join(project, 'merchant-esm.mts'), merchantTs);
    writeFileSync(join(project, 'merchant-cjs.cts'), merchantTs);
    writeFileSync(join(project, 'merchant.ts'), merchantTs);
    // skipLibCheck off: the packages' .d.ts files are checked too, as tsc does by default.
    const common = { noEmit: true, skipLibCheck: false, target: 'es2022', lib: ['es2022', 'dom'], types: [] };
    const configs: Record<string, object> = {
      'tsconfig.nodenext.json': { compilerOptions: { ...common, module: 'nodenext', moduleResolution: 'nodenext' }, files: ['merchant-esm.mts', 'merchant-cjs.cts'] },
      // What "module": "commonjs" implies: no exports map, only main/types/typesVersions.
      'tsconfig.node10.json': { compilerOptions: { ...common, module: 'commonjs', moduleResolution: 'node', esModuleInterop: true }, files: ['merchant.ts'] },
      'tsconfig.bundler.json': { compilerOptions: { ...common, module: 'esnext', moduleResolution: 'bundler' }, files: ['merchant.ts'] },
    };
    const tsc = join(project, 'node_modules/typescript/bin/tsc');
    expect(run(process.execPath, [tsc, '--version'], project).stdout).to.match(new RegExp(`^Version ${MINIMUM_TYPESCRIPT.replace('.', '\\.')}\\.\\d+`));
    for (const [name, config] of Object.entries(configs)) {
      writeFileSync(join(project, name), JSON.stringify(config, null, 2));
      const check = spawnSync(process.execPath, [tsc, '--strict', '-p', name], { cwd: project, encoding: 'utf8', timeout: 120_000 });
      expect(check.status, `${name}:\n${check.stdout}${check.stderr}`).to.equal(0);
    }
  });

  it('installs the nairaflow command from the SDK', () => {
    const help = run(join(project, 'node_modules/.bin/nairaflow'), ['--help'], project);
    expect(help.stdout).to.match(/^Usage:\n  nairaflow listen /m);
  });

  for (const condition of ['worker', 'browser']) {
    it(`runs with no Node built-in module and no Buffer or process, under the "${condition}" export condition (edge runtimes, browser bundles)`, () => {
      const result = runAsEdge(
        `
let nodeCryptoBlocked = false;
try { await import('node:crypto'); } catch { nodeCryptoBlocked = true; }
const { Nairaflow } = await import('@nairaflow/sdk');
const { signatureHeaderAsync } = await import('@nairaflow/webhook-verifier/web');
const seen = [];
const fetch = async (request) => {
  seen.push({ key: request.headers.get('idempotency-key'), body: await request.text() });
  return new Response(JSON.stringify({ id: 'pi_1', client_secret: 'pi_1_secret_x' }), { status: 201, headers: { 'content-type': 'application/json' } });
};
const nf = new Nairaflow('sk_test_PackInstallTestKey000000000000', { baseUrl: 'https://api.example.test', fetch });
const created = await nf.paymentIntents.create({ amount: 250000n, currency: 'NGN' });
const secret = 'whsec_UGFja0luc3RhbGxUZXN0U2VjcmV0';
const body = JSON.stringify({ id: 'evt_1', type: 'webhook.test', created: 1, livemode: false, data: { test: true } });
const event = await nf.webhooks.constructEventAsync(body, await signatureHeaderAsync(body, secret), secret);
let sync;
try { nf.webhooks.constructEvent(body, 't=1,v1=00', secret); sync = 'returned'; } catch (error) { sync = error.message; }
report({ nodeCryptoBlocked, created: created.id, seen, event: event.type, sync });`,
        { cwd: project, conditions: [condition], packagePaths: ['/node_modules/@nairaflow/'] },
      ) as { nodeCryptoBlocked: boolean; created: string; seen: { key: string; body: string }[]; event: string; sync: string };
      expect(result.nodeCryptoBlocked, 'the child really cannot import node:crypto').to.equal(true);
      expect(result.created).to.equal('pi_1');
      expect(result.seen[0]!.body).to.equal('{"amount":250000,"currency":"NGN"}');
      expect(result.seen[0]!.key).to.match(/^[0-9a-f-]{36}$/);
      expect(result.event).to.equal('webhook.test');
      expect(result.sync).to.include('use await constructEventAsync(...)');
    });
  }
});
