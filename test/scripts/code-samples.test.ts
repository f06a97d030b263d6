// The code samples of the API reference (openapi.yaml's x-codeSamples, scripts/code-samples.ts):
// every SDK sample compiles against the SDK's own types, and every curl sample, run as a merchant
// would paste it from the served contract, is accepted by the real service.
import { expect } from 'chai';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { parse } from 'yaml';
import { codeSamples, CURL, NODE_SDK, SECRET_KEY_VARIABLE, writeCodeSamples, type CodeSample } from '../../scripts/code-samples.ts';
import { card, CARDS, createIntent, paidIntent } from '../support/payments.ts';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const sdkSource = join(root, 'sdk/src');

interface Operation {
  operationId: string;
  method: string;
  path: string;
  samples: CodeSample[];
  secretKey: boolean;
}

/** The merchants' operations of a contract (everything not x-internal), with their samples. */
function operationsOf(document: any): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries<any>(document.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch']) {
      const op = item[method];
      if (op === undefined || op['x-internal'] === true) continue;
      const security: object[] = op.security ?? document.security ?? [];
      operations.push({ operationId: op.operationId, method, path, samples: op['x-codeSamples'] ?? [], secretKey: security.some((s) => 'secretKey' in s) });
    }
  }
  return operations;
}

const contract = () => parse(readFileSync(join(root, 'openapi.yaml'), 'utf8'));

describe('the API reference code samples (x-codeSamples)', () => {
  it('gives every merchant operation a curl sample, and none to the dashboard operations', () => {
    const document = contract();
    const operations = operationsOf(document);
    expect(operations.length).to.be.greaterThan(20);
    for (const op of operations) {
      const curl = op.samples.find((s) => s.label === CURL.label);
      expect(curl?.source, op.operationId).to.match(new RegExp(`^curl .*${document.servers[0].url}${op.path.replace(/\{[^}]+\}/g, '[^/ ?"]+')}[ "?\\n]`));
      if (op.secretKey) expect(curl!.source, op.operationId).to.include(`Authorization: Bearer $${SECRET_KEY_VARIABLE}`);
    }
    const dashboard = Object.entries<any>(document.paths).filter(([path]) => path.startsWith('/dashboard/'));
    expect(dashboard.length).to.be.greaterThan(0);
    for (const [path, item] of dashboard) {
      for (const op of ['get', 'put', 'post', 'delete', 'patch'].map((method) => item[method]).filter(Boolean)) {
        expect(op['x-internal'], path).to.equal(true);
        expect(op['x-codeSamples'], path).to.equal(undefined);
      }
    }
  });

  it('shows the SDK call for each operation the SDK has a method for, and the creates with their Idempotency-Key', () => {
    const byId = new Map(operationsOf(contract()).map((op) => [op.operationId, op]));
    const sdk = (operationId: string) => byId.get(operationId)!.samples.find((s) => s.label === NODE_SDK.label)?.source;
    expect(sdk('createPaymentIntent')).to.include('await nf.paymentIntents.create(').and.include("idempotencyKey: '");
    expect(sdk('createRefund')).to.include('await nf.refunds.create(');
    expect(sdk('retrieveBalance')).to.include('await nf.balance.retrieve()');
    expect(sdk('listEvents')).to.include('await nf.events.list(');
    // The payment sheet's operations take the client secret, not a key: no SDK method sends them.
    expect(sdk('confirmPaymentIntent')).to.equal(undefined);
    const keys = [...byId.values()].flatMap((op) => op.samples.flatMap((s) => [...s.source.matchAll(/Idempotency-Key: ([^"]+)"/g)].map((m) => m[1])));
    expect(keys.length).to.be.greaterThan(2);
    expect(new Set(keys).size, 'one key per operation: a key used on one is refused on another').to.equal(keys.length);
  });

  it('compiles every SDK sample against the SDK source, and would catch one that does not', function () {
    this.timeout(60_000);
    const samples = operationsOf(contract()).flatMap((op) => op.samples.filter((s) => s.label === NODE_SDK.label).map((s) => ({ name: op.operationId, source: s.source })));
    expect(samples.length).to.be.greaterThan(15);
    // The harness must fail a sample that calls the SDK wrongly, or its silence would prove nothing.
    const broken = { name: 'broken', source: samples[0]!.source.replace(/\);\n$/, ");\nawait nf.refunds.create({ paymentIntent: 'pi_x' });\n") };
    const errors = compileSamples([...samples, broken]);
    expect(errors.filter((e) => !e.startsWith('broken.mts'))).to.deep.equal([]);
    expect(errors.some((e) => e.startsWith('broken.mts') && e.includes('paymentIntent'))).to.equal(true);
  });

  it('lists the operations the SDK has no method for, with curl samples only, instead of failing', () => {
    const text = readFileSync(join(root, 'openapi.yaml'), 'utf8').replace(
      /^paths:\n/m,
      `paths:
  /v1/payouts:
    post:
      operationId: createPayout
      summary: Create a payout
      parameters:
        - $ref: '#/components/parameters/IdempotencyKey'
      requestBody:
        required: true
        content:
          application/json:
            schema: {type: object}
            example: {amount: 1000}
      responses:
        '200':
          description: The payout.
`,
    );
    const result = codeSamples(text, sdkSource);
    const payout = result.operations.find((op) => op.operationId === 'createPayout')!;
    expect(payout.samples.map((s) => s.label)).to.deep.equal([CURL.label]);
    expect(payout.samples[0]!.source).to.include('-d \'{\n    "amount": 1000\n  }\'');
    expect(result.problems.filter((p) => p.startsWith('createPayout'))).to.deep.equal([
      'createPayout (POST /v1/payouts): no SDK method sends it, so its reference shows curl only',
    ]);
    expect(result.drifted).to.include('createPayout');
  });

  it('writes the samples into openapi.yaml in place: added, replaced and removed, every other byte kept', () => {
    const text = [
      'openapi: 3.1.0',
      'paths:',
      "  '/v1/a':",
      '    get:',
      '      operationId: a',
      '      # why a is here',
      '      responses: {}',
      '',
      '    post:',
      '      operationId: b',
      '      x-codeSamples:',
      '        - lang: curl',
      '          label: curl',
      '          source: |',
      '            old',
      '      responses:',
      "        '200': {description: ok}  # kept",
      '  /v1/c:',
      '    delete:',
      '      operationId: c',
      '      x-codeSamples:',
      '        - {lang: curl, source: gone}',
      '      responses: {}',
      '',
    ].join('\n');
    const sample = (source: string): CodeSample => ({ lang: 'curl', label: 'curl', source });
    const written = writeCodeSamples(
      text,
      new Map([
        ['get /v1/a', [sample('curl -X GET x \\\n  -d \'{\n\n  "a": "#: \\"\'\n')]],
        ['post /v1/a', [sample('new\n')]],
      ]),
    );
    const document = parse(written);
    expect(document.paths['/v1/a'].get['x-codeSamples']).to.deep.equal([sample('curl -X GET x \\\n  -d \'{\n\n  "a": "#: \\"\'\n')]);
    expect(document.paths['/v1/a'].post['x-codeSamples']).to.deep.equal([sample('new\n')]);
    expect(document.paths['/v1/c'].delete['x-codeSamples']).to.equal(undefined);
    const withoutSamples = (t: string) => t.replace(/^( +)x-codeSamples:\n(?:\1 .*\n|\n(?=\1 ))*/gm, '');
    expect(withoutSamples(written)).to.equal(withoutSamples(text));
    expect(writeCodeSamples(written, new Map([['get /v1/a', [sample('curl -X GET x \\\n  -d \'{\n\n  "a": "#: \\"\'\n')]], ['post /v1/a', [sample('new\n')]]]))).to.equal(written);
  });

  describe('run as pasted from the contract this service serves', () => {
    let svc: TestService;
    let shop: TestMerchant;
    let served: any;
    /** Real ids, per operation where one needs an intent in a particular state. */
    let ids: { paid: { id: string; client_secret: string }; fresh: Record<string, { id: string; client_secret: string }>; refund: string; event: string };

    before(async function () {
      this.timeout(60_000);
      if (spawnSync('curl', ['--version']).status !== 0) throw new Error('curl is missing: these tests run the curl samples (apt-get install curl)');
      svc = await startTestService('code-samples');
      shop = await svc.createMerchant('Adire & Co');
      served = parse((await svc.request('GET', '/openapi.yaml')).text);
      const paid = await paidIntent(svc, shop);
      const refund = await svc.request('POST', '/v1/refunds', { key: shop.testKey, body: { payment_intent: paid.id, amount: 1000 } });
      const events = await svc.request('GET', `/v1/events?payment_intent=${paid.id}`, { key: shop.testKey });
      const awaitingOtp = await createIntent(svc, shop.testKey);
      const otp = await svc.request('POST', `/v1/payment_intents/${awaitingOtp.id}/confirm`, {
        body: { client_secret: awaitingOtp.client_secret, method: 'card', card: card(CARDS.otp) },
      });
      expect(otp.body.next_action, otp.text).to.deep.equal({ type: 'otp' });
      ids = {
        paid,
        // Canceling, paying or reading the sheet's view of an intent needs one that is still open.
        fresh: {
          cancelPaymentIntent: await createIntent(svc, shop.testKey),
          confirmPaymentIntent: await createIntent(svc, shop.testKey),
          retrieveCheckout: await createIntent(svc, shop.testKey),
          submitPaymentIntentOtp: awaitingOtp,
        },
        refund: refund.body.id,
        event: events.body.data[0].id,
      };
    });
    after(() => svc?.stop());

    it('names the address this service answers on, in servers and in every sample', () => {
      expect(served.servers[0].url).to.equal(svc.url);
      const samples = operationsOf(served).flatMap((op) => op.samples);
      expect(samples.length).to.be.greaterThan(40);
      for (const sample of samples) expect(sample.source).to.include(svc.url).and.not.include('127.0.0.1:3000');
    });

    it('accepts every curl sample (2xx), run by a shell as written, with real ids in place of the examples', async function () {
      this.timeout(120_000);
      // The endpoint is set first and deleted last, as a merchant trying them would.
      const order = (op: Operation) => (op.method === 'put' ? 0 : op.method === 'delete' ? 2 : 1);
      const operations = operationsOf(served).sort((a, b) => order(a) - order(b));
      const work = mkdtempSync(join(tmpdir(), 'nf-curl-'));
      const answers: string[] = [];
      try {
        for (const op of operations) {
          const curl = op.samples.find((s) => s.label === CURL.label)!.source;
          const intent = ids.fresh[op.operationId] ?? ids.paid;
          const command = curl
            .replace(/pi_[0-9A-Za-z]{24}_secret_[0-9A-Za-z]{24}/g, intent.client_secret)
            .replace(/pi_[0-9A-Za-z]{24}/g, intent.id)
            .replace(/re_[0-9A-Za-z]{24}/g, ids.refund)
            .replace(/evt_[0-9A-Za-z]{24}/g, ids.event)
            // Where the answer goes, and a time limit for a stream that would never end.
            .replace(/^curl /, `curl -sS -o "$NF_OUT" -D "$NF_HEADERS" -w '%{http_code}' --max-time 3 `);
          const out = { body: join(work, 'body'), headers: join(work, 'headers') };
          for (const file of Object.values(out)) rmSync(file, { force: true });
          const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');
          const run = await shell(command, { PATH: process.env.PATH ?? '', [SECRET_KEY_VARIABLE]: shop.testKey, NF_OUT: out.body, NF_HEADERS: out.headers });
          const headers = read(out.headers);
          const stream = /^content-type: text\/event-stream/im.test(headers);
          // curl gives up on an event stream at --max-time (exit 28) after its 200: that is the stream working.
          expect(run.status === 0 || (stream && run.status === 28), `${op.operationId}: curl exited ${run.status}: ${run.stderr}`).to.equal(true);
          answers.push(`${op.operationId} ${run.stdout} ${stream ? '(stream)' : read(out.body).slice(0, 200)}`);
        }
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
      expect(answers.filter((a) => !/^\w+ 2\d\d /.test(a))).to.deep.equal([]);
      expect(answers.length).to.equal(operations.length);
    });
  });
});

/** Runs `command` with `sh` (asynchronously: the service under test answers from this process). */
function shell(command: string, env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** tsc's complaints about the samples, each compiled as its own ES module against sdk/src. */
function compileSamples(samples: { name: string; source: string }[]): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'nf-sdk-samples-'));
  try {
    const files = samples.map(({ name, source }) => {
      const file = join(dir, `${name}.mts`);
      writeFileSync(file, source);
      return file;
    });
    const program = ts.createProgram(files, {
      target: ts.ScriptTarget.ES2024,
      lib: ['lib.es2024.d.ts', 'lib.dom.d.ts'],
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      strict: true,
      noUncheckedIndexedAccess: true,
      allowImportingTsExtensions: true,
      noEmit: true,
      skipLibCheck: true,
      types: ['node'],
      typeRoots: [join(root, 'node_modules/@types')],
      // The package as the samples name it, from its source: what they check is the SDK as it is now.
      paths: { '@nairaflow/sdk': [join(sdkSource, 'index.ts')] },
    });
    return ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file === undefined ? '' : `${d.file.fileName.startsWith(dir) ? d.file.fileName.slice(dir.length + 1) : d.file.fileName}: `;
      return `${where}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
