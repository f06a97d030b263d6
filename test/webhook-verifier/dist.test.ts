import { expect } from 'chai';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { distDir, ensureBuilt, packageDir, root, vectors } from './support/package.ts';

describe('webhook-verifier: the published package (dist/)', function () {
  this.timeout(60_000);

  before(() => ensureBuilt());

  it('is an ESM and CommonJS package with zero dependencies, typed entries in dist/, for Node >= 18', () => {
    const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest).to.include({ name: '@nairaflow/webhook-verifier', version: '0.1.0', type: 'module', main: './dist/cjs/index.js', types: './dist/cjs/index.d.ts' });
    expect(manifest).to.not.have.any.keys('dependencies', 'peerDependencies', 'optionalDependencies');
    expect(manifest.engines).to.deep.equal({ node: '>=18' });
    const edge = {
      import: { types: './dist/index.d.ts', default: './dist/edge.js' },
      require: { types: './dist/cjs/index.d.ts', default: './dist/cjs/edge.js' },
    };
    expect(manifest.exports).to.deep.include({
      '.': {
        browser: edge,
        worker: edge,
        import: { types: './dist/index.d.ts', default: './dist/index.js' },
        require: { types: './dist/cjs/index.d.ts', default: './dist/cjs/index.js' },
      },
      './web': { import: { types: './dist/web.d.ts', default: './dist/web.js' }, require: { types: './dist/cjs/web.d.ts', default: './dist/cjs/web.js' } },
    });
    // TypeScript's moduleResolution "node" (module "commonjs") reads no exports, only these.
    expect(manifest.typesVersions).to.deep.equal({ '*': { web: ['./dist/cjs/web.d.ts'] } });
    expect(readdirSync(distDir)).to.include.members(['index.js', 'index.d.ts', 'web.js', 'web.d.ts', 'edge.js', 'cjs']);
    expect(readdirSync(join(distDir, 'cjs'))).to.include.members(['index.js', 'index.d.ts', 'web.js', 'web.d.ts', 'edge.js', 'package.json']);
    expect(JSON.parse(readFileSync(join(distDir, 'cjs/package.json'), 'utf8'))).to.deep.equal({ type: 'commonjs' });
  });

  it('imports only .js files from dist/, in the .d.ts files too (no .ts left by the build)', () => {
    for (const file of readdirSync(distDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js') || f.endsWith('.d.ts'))) {
      const source = readFileSync(join(distDir, file), 'utf8');
      expect(source, file).to.not.match(/(from\s+|require\(|import\()['"][^'"]+\.ts['"]/);
    }
  });

  it('packs dist, the vectors and the README, not the sources', () => {
    const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: packageDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const paths = (JSON.parse(out) as [{ files: { path: string }[] }])[0].files.map((f) => f.path);
    expect(paths).to.include.members(['package.json', 'README.md', 'test-vectors.json', 'dist/index.js', 'dist/index.d.ts', 'dist/web.js']);
    expect(paths.filter((p) => p.startsWith('src/') || p.startsWith('scripts/'))).to.deep.equal([]);
  });

  it('verifies every vector when imported by name in a separate Node process', () => {
    const script = `
import * as v from '@nairaflow/webhook-verifier';
const cases = JSON.parse(process.argv[1]);
const failures = [];
for (const c of cases) {
  for (const run of [
    async () => v.constructEvent(Buffer.from(c.body), c.header, c.secrets, { now: c.now, toleranceSeconds: c.tolerance }),
    () => v.constructEventAsync(c.body, c.header, c.secrets, { now: c.now, toleranceSeconds: c.tolerance }),
  ]) {
    const verdict = await run().then((e) => ({ valid: true, type: e.type }), (e) => ({ error: e.code ?? String(e) }));
    if (JSON.stringify(verdict) !== JSON.stringify(c.expected)) failures.push({ name: c.name, verdict });
  }
}
console.log(JSON.stringify({ failures, exports: Object.keys(v).sort() }));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(vectors)], { cwd: root, encoding: 'utf8' });
    expect(run.status, run.stderr).to.equal(0);
    const result = JSON.parse(run.stdout) as { failures: unknown[]; exports: string[] };
    expect(result.failures).to.deep.equal([]);
    expect(result.exports).to.include.members([
      'constructEvent', 'constructEventAsync', 'verifySignature', 'verifySignatureAsync', 'signatureHeader', 'signatureHeaderAsync',
      'WebhookVerificationError', 'isTestEvent', 'webhookHandler', 'nodeHandler', 'fetchHandler', 'createDeduplicator', 'memoryStore',
    ]);
  });

  it("type-checks a merchant's code against the .d.ts files, without @types/node", () => {
    const dir = mkdtempSync(join(tmpdir(), 'nf-verifier-consumer-'));
    try {
      mkdirSync(join(dir, 'node_modules/@nairaflow'), { recursive: true });
      symlinkSync(packageDir, join(dir, 'node_modules/@nairaflow/webhook-verifier'), 'dir');
      writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'es2022', lib: ['es2022', 'dom'], module: 'nodenext', moduleResolution: 'nodenext', types: [] }, files: ['merchant.ts'] }),
      );
      writeFileSync(
        join(dir, 'merchant.ts'),
        `import { constructEvent, createDeduplicator, isTestEvent, webhookHandler, WebhookVerificationError, type NairaflowEvent } from '@nairaflow/webhook-verifier';
import { constructEventAsync, fetchHandler } from '@nairaflow/webhook-verifier/web';
const dedupe = createDeduplicator();
export async function fulfil(event: NairaflowEvent): Promise<string> {
  if (await dedupe.seen(event.id)) return 'duplicate';
  if (isTestEvent(event)) return String(event.data.test);
  if (event.type === 'payment_intent.succeeded') return event.data.amount + event.data.currency;
  return event.type;
}
export const handler = webhookHandler({ secret: 'whsec_x', onEvent: fulfil });
export const POST: (request: Request) => Promise<Response> = fetchHandler({ secret: ['whsec_new', 'whsec_old'], onEvent: fulfil });
export function check(body: Uint8Array, header: string | null): NairaflowEvent | string {
  try { return constructEvent(body, header, 'whsec_x', { toleranceSeconds: 60 }); }
  catch (error) { return error instanceof WebhookVerificationError ? error.code : 'other'; }
}
export const later: Promise<NairaflowEvent> = constructEventAsync('{}', 't=1,v1=00', 'whsec_x');
`,
      );
      const run = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', dir], { encoding: 'utf8' });
      expect(run.status, run.stdout + run.stderr).to.equal(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
