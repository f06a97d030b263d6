// The code samples of the API reference (openapi.yaml's x-codeSamples, scripts/code-samples.ts):
// every SDK sample compiles against the SDK's own types, and every sample, curl and SDK, pasted by a
// merchant from the served contract in the order the reference shows them, works against the real
// service, with no id to change by hand.
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { parse } from 'yaml';
import { codeSamples, CURL, NODE_SDK, SECRET_KEY_VARIABLE, writeCodeSamples, type CodeSample } from '../../scripts/code-samples.ts';
import { merchantEnvironment, merchantProject } from '../support/packages.ts';
import { waitFor } from '../support/payments.ts';
import { startReceiver, type Receiver } from '../support/receiver.ts';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';
import { ShellSession } from '../support/shell-session.ts';

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

/** The two kinds of project a merchant's code lives in: what `npm init -y` makes, and one with "type": "module". */
const PROJECT_KINDS = ['CommonJS', 'ES module'] as const;
type ProjectKind = (typeof PROJECT_KINDS)[number];
/** tsx, which the reference says to run an SDK sample with, at the version the README's test uses. */
const TSX = 'tsx@4.23.15';

describe('the API reference code samples (x-codeSamples)', () => {
  it('gives every merchant operation a curl sample, and none to the dashboard operations', () => {
    const document = contract();
    const operations = operationsOf(document);
    expect(operations.length).to.be.greaterThan(20);
    for (const op of operations) {
      const curl = op.samples.find((s) => s.label === CURL.label);
      // A line that calls the operation: curl on its own, or keeping the answer in a variable.
      expect(curl?.source, op.operationId).to.match(new RegExp(`^(ANSWER=\\$\\()?curl .*${document.servers[0].url}${op.path.replace(/\{[^}]+\}/g, '[^/ ?"]+')}[ "?\\n]`, 'm'));
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
    const broken = { name: 'broken', source: samples[0]!.source.replace(/^async function main\(\) \{\n/m, "$&  await nf.refunds.create({ paymentIntent: 'pi_x' });\n") };
    expect(broken.source).to.not.equal(samples[0]!.source);
    const errors = compileSamples([...samples, broken]);
    expect(errors.filter((e) => !e.startsWith('broken.mts'))).to.deep.equal([]);
    expect(errors.some((e) => e.startsWith('broken.mts') && e.includes('paymentIntent'))).to.equal(true);
  });

  it('lists the operations the SDK has no method for, with curl samples only, instead of failing', () => {
    const text = readFileSync(join(root, 'openapi.yaml'), 'utf8').replace(
      /^paths:\n/m,
      `paths:
  /v1/disputes:
    post:
      operationId: createDispute
      summary: Create a dispute
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
          description: The dispute.
`,
    );
    const result = codeSamples(text, sdkSource);
    const dispute = result.operations.find((op) => op.operationId === 'createDispute')!;
    expect(dispute.samples.map((s) => s.label)).to.deep.equal([CURL.label]);
    expect(dispute.samples[0]!.source).to.include('-d \'{\n    "amount": 1000\n  }\'');
    expect(result.problems.filter((p) => p.startsWith('createDispute'))).to.deep.equal([
      'createDispute (POST /v1/disputes): no SDK method sends it, so its reference shows curl only',
    ]);
    expect(result.drifted).to.include('createDispute');
  });

  it('takes each example id from the variable an earlier sample sets, and reports one that no earlier sample sets', () => {
    const byId = new Map(operationsOf(contract()).map((op) => [op.operationId, op]));
    const curl = (operationId: string) => byId.get(operationId)!.samples.find((s) => s.label === CURL.label)!.source;
    expect(curl('createPaymentIntent')).to.include('export PI=').and.include('export CLIENT_SECRET=');
    expect(curl('confirmPaymentIntent')).to.include('/v1/payment_intents/$PI/confirm').and.include('"client_secret": "$CLIENT_SECRET"');
    expect(curl('retrieveEvent')).to.include('# $EVT: set by "List events" above.');
    for (const op of byId.values()) for (const sample of op.samples) expect(sample.source, op.operationId).to.not.match(/\b(pi|re|evt)_[0-9A-Za-z]{24}\b/);

    // An operation shown before "Create a payment intent" has no $PI to read.
    const text = readFileSync(join(root, 'openapi.yaml'), 'utf8').replace(
      /^paths:\n/m,
      `paths:
  /v1/payment_intents/{id}/receipt:
    get:
      operationId: retrieveReceipt
      summary: Retrieve a receipt
      tags: [Payment intents]
      parameters:
        - $ref: '#/components/parameters/PaymentIntentIdPath'
      responses:
        '200':
          description: The receipt.
`,
    );
    expect(codeSamples(text, sdkSource).problems.filter((p) => p.startsWith('retrieveReceipt'))).to.deep.include.members([
      'retrieveReceipt (GET /v1/payment_intents/{id}/receipt): its example pi_2JIglADXcZSH0YR87yZi3eO4 stands for $PI, which no sample before it sets',
    ]);
  });

  it("points the webhook endpoint only at the reader's $WEBHOOK_URL, shows every secret a sample makes, and says the samples are for a test key", () => {
    const document = contract();
    const webhookOperations = operationsOf(document).filter((op) => document.paths[op.path][op.method].tags?.includes('Webhook endpoint'));
    expect(webhookOperations.map((op) => op.operationId)).to.include.members(['updateWebhookEndpoint', 'deleteWebhookEndpoint', 'rollWebhookEndpointSecret']);
    for (const op of webhookOperations) {
      for (const sample of op.samples) {
        expect(sample.source, `${op.operationId} (${sample.label})`).to.not.include('example.com');
        // An answer thrown away could be a new endpoint's secret.
        expect(sample.source, `${op.operationId} (${sample.label})`).to.not.include('/dev/null');
        if (/\bWEBHOOK_URL\b/.test(sample.source)) expect(sample.source).to.match(/^(#|\s*\/\/) First set WEBHOOK_URL to your webhook receiver's URL: export WEBHOOK_URL=https:\/\/\.\.\.$/m);
      }
    }
    const set = webhookOperations.find((op) => op.operationId === 'updateWebhookEndpoint')!.samples;
    expect(set.find((s) => s.label === CURL.label)!.source).to.include('"url": "$WEBHOOK_URL"');
    expect(set.find((s) => s.label === NODE_SDK.label)!.source).to.include("url: process.env.WEBHOOK_URL ?? ''").and.include('console.log(webhookEndpoint);');
    const roll = webhookOperations.find((op) => op.operationId === 'rollWebhookEndpointSecret')!.samples;
    expect(roll.find((s) => s.label === CURL.label)!.source).to.include('echo "$ANSWER"');
    expect(roll.find((s) => s.label === NODE_SDK.label)!.source).to.include('console.log(created);');
    const tag = document.tags.find((t: { name: string }) => t.name === 'Webhook endpoint');
    expect(tag.description).to.match(/change the webhook endpoint of the key's mode/).and.match(/test key/);
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

  describe('run as pasted from the contract this service serves, in the order the reference shows them', () => {
    let svc: TestService;
    let shop: TestMerchant;
    let served: any;
    let receiver: Receiver | undefined;
    const projects = new Map<ProjectKind, ReturnType<typeof merchantProject>>();
    let shell: ShellSession | undefined;
    /** Everything the samples printed, in order. */
    let shown = '';

    before(async function () {
      this.timeout(600_000);
      if (spawnSync('curl', ['--version']).status !== 0) throw new Error('curl is missing: these tests run the curl samples (apt-get install curl)');
      svc = await startTestService('code-samples');
      shop = await svc.createMerchant('Adire & Co');
      served = parse((await svc.request('GET', '/openapi.yaml')).text);
      // The reader's own webhook receiver, which the webhook endpoint's samples are to point at.
      receiver = await startReceiver();
      // The SDK samples run as the reference says, with npx tsx, in a merchant's project of each
      // kind, the SDK installed as the README says.
      for (const kind of PROJECT_KINDS) projects.set(kind, merchantProject({ init: 'npm', ...(kind === 'ES module' ? { type: 'module' as const } : {}), packages: [TSX] }));
      // One terminal for the whole page: what a sample sets, the samples after it read.
      shell = new ShellSession({ ...(merchantEnvironment() as Record<string, string>), [SECRET_KEY_VARIABLE]: shop.testKey });
    });
    after(async () => {
      shell?.close();
      for (const project of projects.values()) project.remove();
      await receiver?.close();
      await svc?.stop();
    });

    it('names the address this service answers on, in servers and in every sample', () => {
      expect(served.servers[0].url).to.equal(svc.url);
      const samples = operationsOf(served).flatMap((op) => op.samples);
      expect(samples.length).to.be.greaterThan(40);
      for (const sample of samples) expect(sample.source).to.include(svc.url).and.not.include('127.0.0.1:3000');
    });

    /** What the 2xx answer of `op` always has: the names its JSON schema requires. */
    function requiredFields(op: Operation): string[] {
      const resolve = (node: any): any => (typeof node?.$ref === 'string' ? resolve(node.$ref.slice(2).split('/').reduce((at: any, part: string) => at[part], served)) : node);
      const responses = served.paths[op.path][op.method].responses;
      const success = Object.keys(responses).find((status) => /^2/.test(status))!;
      return resolve(resolve(responses[success]).content?.['application/json']?.schema)?.required ?? [];
    }

    /** Runs one sample in the shell: a stream is watched for a few seconds while events happen, as a reader would watch it. */
    async function runSample(op: Operation, sample: CodeSample, project?: { dir: string }): Promise<string[]> {
      const streams = op.operationId === 'streamEvents';
      // A test event every second, so that one comes after the stream has opened, however slowly it starts.
      const sending = streams ? setInterval(() => void svc.request('POST', '/v1/webhook_endpoint/test_event', { key: shop.testKey }), 1000) : undefined;
      let command = sample.source;
      if (sample.label === NODE_SDK.label) {
        // As the reference says: saved as sample.ts, run with npx tsx, in the terminal the curl samples ran in.
        writeFileSync(join(project!.dir, 'sample.ts'), sample.source);
        command = `${streams ? 'timeout 6 ' : ''}npx tsx sample.ts`;
      }
      const run = await shell!.run(command, { curlMaxTimeSeconds: streams ? 5 : 30, timeoutMs: 90_000 }).finally(() => clearInterval(sending));
      shown += `${run.stdout}\n`;
      const problems: string[] = [];
      const where = `${op.operationId} (${sample.label})`;
      // A stream is still open when curl's time limit (28) or timeout (124) ends it: that is the stream working.
      const expectedStatus = streams ? (sample.label === CURL.label ? 28 : 124) : 0;
      if (run.status !== expectedStatus) problems.push(`${where}: exited ${run.status}: ${(run.stderr || run.stdout).slice(0, 400)}`);
      for (const status of run.statuses.filter((s) => s < 200 || s > 299)) problems.push(`${where}: answered ${status}: ${run.stdout.slice(0, 400)}`);
      if (sample.label === CURL.label && run.statuses.length === 0) problems.push(`${where}: made no request`);
      if (streams && !run.stdout.includes('webhook.test')) problems.push(`${where}: showed no event: ${run.stdout.slice(0, 400)}`);
      if (!streams && sample.label === NODE_SDK.label) {
        // What it got back, printed as console.log prints an object: each field the answer always has.
        const missing = requiredFields(op).filter((field) => !new RegExp(`\\b${field}: `).test(run.stdout));
        if (missing.length > 0) problems.push(`${where}: printed no ${missing.join(', ')}: ${run.stdout.slice(0, 400)}`);
      }
      return problems;
    }

    it('succeeds with every curl sample, each pasted in turn into one shell, once WEBHOOK_URL is set as the samples ask', async function () {
      this.timeout(300_000);
      const operations = referenceOrder(served);
      expect(operations.length).to.equal(operationsOf(served).length);
      // The first sample that reads $WEBHOOK_URL says how to set it; the reader does so, with their receiver's URL.
      const reading = operations.flatMap((op) => op.samples).find((s) => s.source.includes('$WEBHOOK_URL'));
      const asked = /^# First set WEBHOOK_URL to your webhook receiver's URL: (export WEBHOOK_URL=)https:\/\/\.\.\.$/m.exec(reading?.source ?? '');
      expect(asked, reading?.source).to.not.equal(null);
      await shell!.run(`${asked![1]}${receiver!.url}`);
      const problems: string[] = [];
      for (const op of operations) {
        const sample = op.samples.find((s) => s.label === CURL.label);
        if (sample !== undefined) problems.push(...(await runSample(op, sample)));
      }
      expect(problems.join('\n')).to.equal('');
    });

    for (const kind of PROJECT_KINDS) {
      it(`then succeeds with every SDK sample, run with npx tsx in ${kind === 'CommonJS' ? 'a CommonJS project (npm init -y)' : 'an ES module project'}, each printing what it got back`, async function () {
        this.timeout(600_000);
        const project = projects.get(kind)!;
        const type = JSON.parse(readFileSync(join(project.dir, 'package.json'), 'utf8')).type ?? 'commonjs';
        expect(type).to.equal(kind === 'CommonJS' ? 'commonjs' : 'module');
        await shell!.run(`cd ${project.dir}`);
        const problems: string[] = [];
        for (const op of referenceOrder(served)) {
          const sample = op.samples.find((s) => s.label === NODE_SDK.label);
          if (sample !== undefined) problems.push(...(await runSample(op, sample, project)));
        }
        expect(problems.join('\n')).to.equal('');
      });
    }

    it("leaves the endpoint at the reader's receiver, whose deliveries are signed only with secrets the samples showed", async function () {
      this.timeout(60_000);
      const endpoint = await svc.request('GET', '/v1/webhook_endpoint', { key: shop.testKey });
      expect(endpoint.body.url).to.equal(receiver!.url);
      const event = (await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: shop.testKey })).body;
      await waitFor('the test event at the receiver', async () => receiver!.received.find((r) => r.body.toString().includes(event.id)) ?? undefined, 15_000);
      const delivery = receiver!.received.find((r) => r.body.toString().includes(event.id))!;
      const header = String(delivery.headers['service-signature']);
      const t = /(?:^|,)t=(\d+)/.exec(header)![1]!;
      const signatures = [...header.matchAll(/(?:^|,)v1=([0-9a-f]{64})/g)].map((m) => m[1]!);
      const secrets = [...new Set(shown.match(/whsec_[0-9A-Za-z]{32}/g) ?? [])];
      expect(signatures.length).to.be.greaterThan(0);
      // Every secret still signing was shown to the reader: none was made and thrown away.
      for (const signature of signatures) {
        const by = secrets.find((secret) => createHmac('sha256', secret).update(`${t}.`).update(delivery.body).digest('hex') === signature);
        expect(by, `v1=${signature} is signed by a secret no sample showed (shown: ${secrets.length})`).to.not.equal(undefined);
      }
    });
  });
});

/** The merchants' operations as the reference shows them: by tag, in the contract's order of tags, then of paths and methods as written. */
function referenceOrder(document: any): Operation[] {
  const written = (op: Operation) => [Object.keys(document.paths).indexOf(op.path), Object.keys(document.paths[op.path]).indexOf(op.method)] as const;
  const operations = operationsOf(document)
    .sort((a, b) => written(a)[0] - written(b)[0] || written(a)[1] - written(b)[1])
    .map((op) => ({ op, tag: document.paths[op.path][op.method].tags?.[0] as string }));
  const tags: string[] = document.tags.map((tag: { name: string }) => tag.name);
  for (const { op, tag } of operations) expect(tags, `${op.operationId}'s tag`).to.include(tag);
  return tags.flatMap((tag) => operations.filter((entry) => entry.tag === tag).map((entry) => entry.op));
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
