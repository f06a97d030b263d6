import { expect } from 'chai';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { distDir, ensureBuilt, packageDir, root } from './support/package.ts';

describe('sdk: the published package (dist/)', function () {
  this.timeout(120_000);

  before(() => ensureBuilt());

  it('is an ESM and CommonJS package for Node >= 20 with typed entries in dist/ and only openapi-fetch and the verifier as dependencies', () => {
    const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest).to.include({ name: '@nairaflow/sdk', version: '0.1.0', type: 'module', main: './dist/cjs/index.js', types: './dist/cjs/index.d.ts' });
    expect(manifest.dependencies).to.deep.equal({ '@nairaflow/webhook-verifier': '0.1.0', 'openapi-fetch': '0.17.0' });
    expect(manifest).to.not.have.any.keys('peerDependencies', 'optionalDependencies');
    // The global crypto.randomUUID the SDK uses came in Node 19.
    expect(manifest.engines).to.deep.equal({ node: '>=20' });
    expect(manifest.exports).to.deep.include({
      '.': {
        import: { types: './dist/index.d.ts', default: './dist/index.js' },
        require: { types: './dist/cjs/index.d.ts', default: './dist/cjs/index.js' },
      },
    });
    expect(readdirSync(distDir)).to.include.members(['index.js', 'index.d.ts', 'client.js', 'errors.js', 'cjs']);
    expect(readdirSync(join(distDir, 'cjs'))).to.include.members(['index.js', 'index.d.ts', 'client.js', 'errors.js', 'package.json']);
    expect(JSON.parse(readFileSync(join(distDir, 'cjs/package.json'), 'utf8'))).to.deep.equal({ type: 'commonjs' });
    for (const file of readdirSync(distDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js') || f.endsWith('.d.ts'))) {
      expect(readFileSync(join(distDir, file), 'utf8'), file).to.not.match(/(from\s+|require\(|import\()['"][^'"]+\.ts['"]/);
    }
  });

  it('packs dist and the README, not the sources', () => {
    const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: packageDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const paths = (JSON.parse(out) as [{ files: { path: string }[] }])[0].files.map((f) => f.path);
    expect(paths).to.include.members(['package.json', 'README.md', 'dist/index.js', 'dist/index.d.ts']);
    expect(paths.filter((p) => p.startsWith('src/') || p.includes('tsconfig'))).to.deep.equal([]);
  });

  it('works when imported by name in a separate Node process', () => {
    const script = `
import { Nairaflow, NotFoundError, NairaflowError, webhooks, VERSION } from '@nairaflow/sdk';
const seen = [];
const fetch = async (request) => {
  seen.push({ method: request.method, url: request.url, ua: request.headers.get('user-agent'), key: request.headers.get('idempotency-key'), body: await request.text() });
  if (request.url.endsWith('/v1/payment_intents/pi_missing')) {
    return new Response(JSON.stringify({ error: { code: 'resource_missing', message: 'No such payment intent', request_id: 'req_1' } }), { status: 404, headers: { 'content-type': 'application/json' } });
  }
  return new Response(JSON.stringify({ id: 'pi_1', amount: '250000', client_secret: 'pi_1_secret_x' }), { status: 201, headers: { 'content-type': 'application/json' } });
};
const nf = new Nairaflow('sk_test_DistTestKey00000000000000000000', { baseUrl: 'https://api.example.test', fetch });
const created = await nf.paymentIntents.create({ amount: 250000n, currency: 'NGN' });
const missing = await nf.paymentIntents.retrieve('pi_missing').catch((e) => e);
const header = webhooks.signatureHeader('{"id":"evt_1","type":"webhook.test","created":1,"livemode":false,"data":{"test":true}}', 'whsec_x', { timestamp: 5 });
const event = webhooks.constructEvent(Buffer.from('{"id":"evt_1","type":"webhook.test","created":1,"livemode":false,"data":{"test":true}}'), header, 'whsec_x', { now: 5 });
console.log(JSON.stringify({ created, seen, VERSION, livemode: nf.livemode, notFound: missing instanceof NotFoundError && missing instanceof NairaflowError, requestId: missing.requestId, event: event.type }));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
    expect(run.status, run.stderr).to.equal(0);
    const result = JSON.parse(run.stdout) as { created: { id: string }; seen: { method: string; url: string; ua: string; key: string | null; body: string }[]; VERSION: string; livemode: boolean; notFound: boolean; requestId: string; event: string };
    expect(result.created.id).to.equal('pi_1');
    expect(result.seen[0]).to.deep.include({ method: 'POST', url: 'https://api.example.test/v1/payment_intents', body: '{"amount":250000,"currency":"NGN"}' });
    expect(result.seen[0]!.ua).to.match(/^nairaflow-node\/0\.1\.0/);
    expect(result.seen[0]!.key).to.match(/^[0-9a-f-]{36}$/);
    expect(result).to.deep.include({ VERSION: '0.1.0', livemode: false, notFound: true, requestId: 'req_1', event: 'webhook.test' });
  });

  it("type-checks a merchant's code against the .d.ts files, without @types/node", () => {
    const dir = mkdtempSync(join(tmpdir(), 'nf-sdk-consumer-'));
    try {
      mkdirSync(join(dir, 'node_modules/@nairaflow'), { recursive: true });
      symlinkSync(packageDir, join(dir, 'node_modules/@nairaflow/sdk'), 'dir');
      symlinkSync(join(root, 'webhook-verifier'), join(dir, 'node_modules/@nairaflow/webhook-verifier'), 'dir');
      symlinkSync(join(root, 'node_modules/openapi-fetch'), join(dir, 'node_modules/openapi-fetch'), 'dir');
      symlinkSync(join(root, 'node_modules/openapi-typescript-helpers'), join(dir, 'node_modules/openapi-typescript-helpers'), 'dir');
      writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'es2022', lib: ['es2022', 'dom'], module: 'nodenext', moduleResolution: 'nodenext', types: [] }, files: ['merchant.ts'] }),
      );
      writeFileSync(
        join(dir, 'merchant.ts'),
        `import { Nairaflow, InsufficientBalanceError, NairaflowError, type CreatedPaymentIntent, type PaymentIntent, type NairaflowEvent } from '@nairaflow/sdk';
const nf = new Nairaflow('sk_test_x', { baseUrl: 'https://api.example.com', maxRetries: 3 });
export async function checkout(orderId: string): Promise<string> {
  const intent: CreatedPaymentIntent = await nf.paymentIntents.create({ amount: 250000, currency: 'NGN', metadata: { orderId } }, { idempotencyKey: orderId });
  return intent.client_secret;
}
export async function refund(id: string): Promise<string> {
  try { return (await nf.refunds.create({ payment_intent: id, amount: 500n })).amount; }
  catch (error) { if (error instanceof InsufficientBalanceError) return 'top up first'; if (error instanceof NairaflowError) return error.code ?? 'unknown'; throw error; }
}
export async function all(): Promise<PaymentIntent[]> {
  const out: PaymentIntent[] = [];
  for await (const pi of nf.paymentIntents.list({ limit: 100, status: 'succeeded' })) out.push(pi);
  return out;
}
export function verify(body: string, header: string): NairaflowEvent { return nf.webhooks.constructEvent(body, header, 'whsec_x'); }
// @ts-expect-error misspelt field
nf.paymentIntents.create({ amount: 1, currency: 'NGN', custmer: {} });
`,
      );
      const run = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', dir], { encoding: 'utf8' });
      expect(run.status, run.stdout + run.stderr).to.equal(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
