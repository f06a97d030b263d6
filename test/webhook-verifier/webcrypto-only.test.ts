import { expect } from 'chai';
import { pathToFileURL } from 'node:url';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { runAsEdge } from './support/edge-runtime.ts';
import { ensureBuilt, packageDir, vectors } from './support/package.ts';

// Checks every vector with constructEventAsync and makes one round trip through fetchHandler,
// inside the edge-like child, importing the module under test from `specifier`. `more` runs last,
// and what it puts in `extra` is reported too.
function edgeCheck(specifier: string, more = ''): string {
  return `
const cases = ${JSON.stringify(vectors)};
let nodeCryptoBlocked = false;
try { await import('node:crypto'); } catch { nodeCryptoBlocked = true; }
const v = await import(${JSON.stringify(specifier)});
const failures = [];
for (const c of cases) {
  let verdict;
  try {
    const event = await v.constructEventAsync(new TextEncoder().encode(c.body), c.header, c.secrets, { now: c.now, toleranceSeconds: c.tolerance });
    verdict = { valid: true, type: event.type };
  } catch (error) {
    verdict = { error: error.code ?? String(error) };
  }
  if (JSON.stringify(verdict) !== JSON.stringify(c.expected)) failures.push({ name: c.name, verdict });
}
const secret = 'whsec_ZWRnZVJ1bnRpbWVTZWNyZXQ';
const body = JSON.stringify({ id: 'evt_Tq3yJd0WbS2kXn8ZcV5uLp1A', type: 'webhook.test', created: 1, livemode: false, data: { test: true } });
const received = [];
const handler = v.fetchHandler({ secret, onEvent: (event) => { received.push(event.id); } });
const work = [];
const response = await handler(
  new Request('https://merchant.example/webhooks', { method: 'POST', body, headers: { 'Service-Signature': await v.signatureHeaderAsync(body, secret) } }),
  { waitUntil: (p) => work.push(p) },
);
await Promise.all(work);
const dedupe = v.createDeduplicator();
const dedupeWorks = (await dedupe.seen('evt_1')) === false && (await dedupe.seen('evt_1')) === true;
const extra = {};
${more}
report({ nodeCryptoBlocked, checked: cases.length, failures, status: response.status, received, dedupeWorks, exports: Object.keys(v).sort(), extra });
`;
}

interface EdgeResult {
  nodeCryptoBlocked: boolean;
  checked: number;
  failures: unknown[];
  status: number;
  received: string[];
  dedupeWorks: boolean;
  exports: string[];
  extra: Record<string, string>;
}

function expectWorksOnWebCryptoAlone(result: EdgeResult): void {
  expect(result.nodeCryptoBlocked, 'the child really cannot import node:crypto').to.equal(true);
  expect(result.failures).to.deep.equal([]);
  expect(result.checked).to.equal(vectors.length);
  expect(result.status).to.equal(200);
  expect(result.received).to.deep.equal(['evt_Tq3yJd0WbS2kXn8ZcV5uLp1A']);
  expect(result.dedupeWorks).to.equal(true);
  expect(result.exports).to.include.members(['constructEventAsync', 'verifySignatureAsync', 'signatureHeaderAsync', 'fetchHandler', 'isTestEvent', 'WebhookVerificationError']);
  expect(result.exports).to.not.include('constructEvent');
}

describe('webhook-verifier: the WebCrypto variant with no node:crypto (edge runtimes)', () => {
  it('runs every vector through constructEventAsync, and fetchHandler, from the sources of the /web entry', () => {
    expectWorksOnWebCryptoAlone(runAsEdge(edgeCheck(pathToFileURL(join(packageDir, 'src/web.ts')).href)) as EdgeResult);
  });

  it('does the same from the built package, imported as @nairaflow/webhook-verifier/web', function () {
    this.timeout(60_000);
    ensureBuilt();
    expectWorksOnWebCryptoAlone(runAsEdge(edgeCheck('@nairaflow/webhook-verifier/web')) as EdgeResult);
  });

  for (const condition of ['worker', 'browser']) {
    it(`imported by its main name under the "${condition}" condition, loads without node:crypto; the Node-only functions say what to use instead`, function () {
      this.timeout(60_000);
      ensureBuilt();
      const callNodeOnly = `
for (const name of ['constructEvent', 'verifySignature', 'signatureHeader', 'webhookHandler', 'nodeHandler']) {
  try { v[name](body, 't=1,v1=00', secret); extra[name] = 'returned'; } catch (error) { extra[name] = error.constructor.name + ': ' + error.message; }
}`;
      const result = runAsEdge(edgeCheck('@nairaflow/webhook-verifier', callNodeOnly), { conditions: [condition] }) as EdgeResult;
      expectWorksOnWebCryptoAlone({ ...result, exports: result.exports.filter((name) => !Object.hasOwn(result.extra, name)) });
      const calls = result.extra;
      expect(calls.constructEvent).to.match(/^TypeError: @nairaflow\/webhook-verifier: constructEvent needs node:crypto, .* use await constructEventAsync\(\.\.\.\)/);
      expect(calls.signatureHeader).to.include('use await signatureHeaderAsync(...)');
      expect(calls.webhookHandler).to.include('use fetchHandler(...)');
      expect(Object.values(calls)).to.have.length(5);
      expect(Object.values(calls).every((outcome) => outcome.startsWith('TypeError: '))).to.equal(true);
    });
  }

  it('is a real test: the Node entry, which needs node:crypto, fails to load there', () => {
    const result = runAsEdge(`
try { await import(${JSON.stringify(pathToFileURL(join(packageDir, 'src/index.ts')).href)}); report('loaded'); }
catch (error) { report(String(error.message)); }`);
    expect(result).to.match(/edge runtime simulation: node:crypto is not available/);
  });

  it('is a real test: Buffer and process do not exist inside the package there', () => {
    // A module at a path the simulation treats as the package's, outside the real package.
    const dir = mkdtempSync(join(tmpdir(), 'nf-edge-probe-'));
    const probe = join(dir, 'webhook-verifier', 'probe.mjs');
    mkdirSync(dirname(probe));
    writeFileSync(probe, 'export const globals = [typeof Buffer, typeof process];\n');
    try {
      const result = runAsEdge(`report((await import(${JSON.stringify(pathToFileURL(probe).href)})).globals);`);
      expect(result).to.deep.equal(['undefined', 'undefined']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
