// The READMEs as a new user meets them, read from README.md and sdk/README.md themselves. Every
// code fence in them is marked by an HTML comment right before it (test/support/readme-blocks.ts
// has the markers and the rules by which a shown answer is compared), and is either run here or
// says why not:
//   - README.md's curl walkthrough ("Try it with curl", "Take a payment in the browser, then
//     refund it", "Webhooks"), pasted command by command into one shell against a running service
//     and a local webhook receiver, every answer it shows compared with the real one;
//   - the TypeScript samples, type-checked with tsc --strict against the packed packages, and run
//     where they can be: README.md's "On your server" in a fresh CommonJS and ES module project,
//     sdk/README.md's quick start as the Express app it is.
//
// The README's values that stand for the reader's own (its stand-ins) are replaced, in commands and
// in shown answers alike: npm start's address (`NF=` in the setup block) by this service's, the
// webhook endpoint's `https://` URL by the local receiver's (test mode takes `http://` and loopback
// endpoints), and an example id in a command (`evt_...`) by the first id of that kind in the
// latest answer that printed one, as a reader copies it.
import { expect } from 'chai';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { merchantEnvironment, merchantProject, root } from './support/packages.ts';
import { confirm, createIntent, futureExpiry, paidIntent, waitFor } from './support/payments.ts';
import { commands, commentDifferences, differences, eachDifferences, matchesLine, parseShown, readFences, withoutSecrets, type Fence } from './support/readme-blocks.ts';
import { startReceiver, type Receiver } from './support/receiver.ts';
import { startTestService, type TestMerchant, type TestService } from './support/service.ts';
import { ShellSession, type SnippetRun } from './support/shell-session.ts';

const README = readFences(join(root, 'README.md'), 'README.md');
const SDK_README = readFences(join(root, 'sdk/README.md'), 'sdk/README.md');

/** The tsc the repository pins, with what a merchant's `tsc --strict` project sets. */
function typeCheck(dir: string, files: string[], types: string[] = ['--types', 'node', '--typeRoots', join(root, 'node_modules/@types')]) {
  return spawnSync(
    process.execPath,
    [join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', ...types, ...files],
    { cwd: dir, encoding: 'utf8', timeout: 120_000 },
  );
}

/** The value of a JSON answer, or undefined when `text` is not one. */
function json(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

describe('README.md', function () {
  this.timeout(300_000);
  let svc: TestService;

  before(async () => {
    svc = await startTestService('readme');
  });
  after(() => svc?.stop());

  it('marks every code fence, in README.md and sdk/README.md, as run or as not run with the reason, right before the fence', () => {
    const problems = [...README.problems, ...SDK_README.problems];
    for (const fence of [...README.fences, ...SDK_README.fences]) {
      const marker = fence.marker;
      if (marker === undefined) continue;
      if (marker.name === 'walkthrough') {
        if (!fence.where.startsWith('README.md:')) problems.push(`${fence.where}: the walkthrough is README.md's`);
        else if (marker.detail === 'answer' ? fence.lang !== 'json' : fence.lang !== 'sh') problems.push(`${fence.where}: a walkthrough ${marker.detail || 'block'} in a \`\`\`${fence.lang} fence`);
        else if (!['', 'setup', 'answer', 'pay in the sheet'].includes(marker.detail)) problems.push(`${fence.where}: no walkthrough block is "${marker.detail}"`);
      }
      if (marker.name === 'snippet' && !SNIPPETS.has(marker.detail.replace(/^continues (?:the )?/, '').replace(/; not run: .+$/, ''))) {
        problems.push(`${fence.where}: no test runs a snippet "${marker.detail}" (the tests know ${[...SNIPPETS].join(', ')})`);
      }
      if (marker.name === 'snippet' && !['ts', 'sh'].includes(fence.lang)) problems.push(`${fence.where}: a snippet in a \`\`\`${fence.lang} fence`);
    }
    expect(problems.join('\n')).to.equal('');
  });

  it('walks through "Try it with curl", "Take a payment ... refund it" and "Webhooks" as pasted, each answer as the README shows it', async () => {
    const blocks = README.fences.filter((fence) => fence.marker?.name === 'walkthrough');
    const kind = (block: Fence | undefined) => block?.marker?.detail;
    expect(blocks.map(kind)).to.include.members(['setup', 'answer', 'pay in the sheet']);
    // The address the README's commands and answers name: npm start's, as the banner gives it.
    const address = /\bNF=(\S+)/.exec(blocks.find((b) => kind(b) === 'setup')!.code)![1]!;
    // The webhook endpoint the README sets (the first `"url": "https://..."` it sends).
    const endpoint = blocks.map((b) => /"url":\s*"(https:\/\/[^"]+)"/.exec(b.code)?.[1]).find((url) => url !== undefined);
    expect(endpoint, 'the walkthrough sets a webhook endpoint').to.not.equal(undefined);
    const shop = await svc.createMerchant('Demo Store');
    const receiver: Receiver = await startReceiver();
    const standIns: [string, string][] = [
      [address, svc.url],
      [endpoint!, receiver.url],
    ];
    const standIn = (text: string) => standIns.reduce((t, [readme, here]) => t.replaceAll(readme, here), text);
    const shell = new ShellSession({ PATH: process.env.PATH ?? '' });
    const problems: string[] = [];
    const printed: string[] = [];
    let previous: SnippetRun | undefined;
    try {
      for (const [index, block] of blocks.entries()) {
        const where = block.where;
        if (kind(block) === 'answer') {
          // The answer the block before it gets.
          const answer = json(previous?.stdout ?? '');
          if (answer === undefined) problems.push(`${where}: the block before it printed no single answer: ${previous?.stdout.slice(0, 300)}`);
          else problems.push(...differences(parseShown(standIn(block.code)), answer).map((d) => `${where}: ${d}`));
          continue;
        }
        if (kind(block) === 'setup') {
          await shell.run(block.code);
          // The banner's values, which the reader copies in: this service's address and the merchant's key.
          expect(block.code).to.match(/\bNF=/).and.match(/\bKEY=/);
          await shell.run(`export NF=${svc.url} KEY=${shop.testKey}`);
          continue;
        }
        const answerFence = kind(blocks[index + 1]) === 'answer' ? blocks[index + 1] : undefined;
        const { commands: list } = commands(block.code);
        for (const [i, command] of list.entries()) {
          const at = `${where.replace(/\d+$/, (open) => String(Number(open) + 1 + command.line))} (${command.text.split('\n')[0]!.slice(0, 60)})`;
          // An example id (`evt_...`) is the first of its kind in the latest answer that has one.
          const text = standIn(command.text).replace(/\b([a-z]+_)\.\.\./g, (example, prefix: string) => {
            const pattern = new RegExp(`\\b${prefix}[A-Za-z0-9]{24}\\b`);
            const found = printed.findLast((output) => pattern.test(output));
            if (found === undefined) problems.push(`${at}: no answer before it printed a ${prefix} id to put for ${example}`);
            return found === undefined ? example : pattern.exec(found)![0];
          });
          const run = await shell.run(text);
          previous = run;
          printed.push(run.stdout);
          const answer = json(run.stdout);
          const shown = [command.comment ?? '', command.shown.join(' '), i === list.length - 1 ? (answerFence?.code ?? '') : ''].join('\n');
          // An error the README shows is answered as an error; everything else succeeds.
          const failing = /"error"/.test(shown);
          for (const status of run.statuses) {
            if (failing ? status < 400 || status > 499 : status < 200 || status > 299) problems.push(`${at}: answered ${status}: ${run.stdout.slice(0, 300)}`);
          }
          if (run.status !== 0) problems.push(`${at}: exited ${run.status}: ${run.stderr.slice(0, 300)}`);
          const report = (found: string[]) => problems.push(...found.map((d) => `${at}: ${d}`));
          if (answer !== undefined) {
            if (command.comment !== undefined) report(commentDifferences(standIn(command.comment), answer) ?? []);
            if (command.shown.length > 0) {
              const lines = standIn(command.shown.join(' '));
              const found = lines.startsWith('{') ? differences(parseShown(lines), answer) : eachDifferences(lines, answer);
              report(found ?? [`the README shows "${lines}" under it, which is neither JSON nor "each ...: fields"`]);
            }
          } else if (command.shown.length > 0) {
            // What it prints, line for line.
            const lines = run.stdout.replace(/\r/g, '').replace(/\n$/, '').split('\n');
            const want = command.shown.map(standIn);
            if (lines.length !== want.length || want.some((line, n) => !matchesLine(line, lines[n]!))) {
              report([`printed ${JSON.stringify(lines)}, the README shows ${JSON.stringify(want)}`]);
            }
          }
        }
        if (kind(block) === 'pay in the sheet') {
          // The customer pays in the payment sheet, with the card the README names, through the API the sheet uses.
          const intent = JSON.parse(await shell.variable('PI')) as { id: string; client_secret: string; payment_url: string };
          expect(previous?.stdout.trim()).to.equal(intent.payment_url);
          const number = /`(\d{4}(?: \d{3,4})+)`/.exec(block.after)![1]!;
          const paid = await svc.request('POST', `/v1/payment_intents/${intent.id}/confirm`, {
            body: { client_secret: intent.client_secret, method: 'card', card: { number, ...futureExpiry, cvc: '408' } },
          });
          expect(paid.body.status, paid.text).to.equal('succeeded');
        }
        // As a reader watching their receiver: every delivery the block set off has arrived and been answered.
        await waitFor(
          `the deliveries that ${where} set off`,
          async () => {
            const pending = await svc.request('GET', '/v1/events?delivery_status=pending&limit=1', { key: shop.testKey });
            return pending.body.data.length === 0 ? true : undefined;
          },
          20_000,
        );
      }
      // The endpoint is the local receiver, and what it got is what the README says arrives: signed, and answered.
      expect(receiver.received.length, 'webhooks delivered to the endpoint the walkthrough set').to.be.greaterThan(0);
      for (const delivery of receiver.received) expect(delivery.headers['service-signature']).to.match(/^t=\d+,v1=[0-9a-f]{64}/);
    } finally {
      shell.close();
      await receiver.close();
    }
    expect(withoutSecrets(problems.join('\n'))).to.equal('');
  });

  describe('the TypeScript snippet of "On your server"', () => {
    const [snippet] = README.fences.filter((b) => b.marker?.name === 'snippet' && b.marker.detail === 'on your server');

    for (const kind of ['CommonJS', 'ES module'] as const) {
      it(`runs with npx tsx, and type-checks with tsc --strict, in a fresh ${kind} project${kind === 'CommonJS' ? ' (npm init -y)' : ''}`, async () => {
        expect(snippet, 'the README marks its snippet <!-- snippet: on your server -->').to.not.equal(undefined);
        const shop = await svc.createMerchant(`Shop (${kind})`);
        const paid = await paidIntent(svc, shop);
        const project = merchantProject({ init: 'npm', ...(kind === 'ES module' ? { type: 'module' } : {}), packages: ['tsx@4.23.15'] });
        try {
          const type = JSON.parse(readFileSync(join(project.dir, 'package.json'), 'utf8')).type ?? 'commonjs';
          expect(type).to.equal(kind === 'CommonJS' ? 'commonjs' : 'module');
          writeFileSync(join(project.dir, 'main.ts'), snippet!.code);
          // In a shell of its own (the service answers from this process, so nothing here may block it).
          const shell = new ShellSession({ ...merchantEnvironment(), NAIRAFLOW_SECRET_KEY: shop.testKey, NAIRAFLOW_API_BASE: svc.url } as Record<string, string>, project.dir);
          // Run again and again, as a reader trying it does: each run refunds only what is left.
          const runs = [];
          try {
            for (let i = 0; i < 3; i++) runs.push(await shell.run('npx tsx main.ts'));
          } finally {
            shell.close();
          }
          for (const run of runs) {
            expect(run.status, `${run.stdout}\n${run.stderr}`).to.equal(0);
            expect(run.stdout).to.match(new RegExp(`pi_\\w{24} ${svc.url}/pay/pi_\\w{24}_secret_\\w{24}`));
          }
          // 250,000 kobo paid: two refunds of 100,000 fit, a third would not and is not tried.
          const refunds = await svc.request('GET', `/v1/refunds?payment_intent=${paid.id}`, { key: shop.testKey });
          expect(refunds.body.data.map((r: { amount: string }) => r.amount)).to.deep.equal(['100000', '100000']);

          const tsc = typeCheck(project.dir, ['main.ts']);
          expect(tsc.status, `${tsc.stdout}${tsc.stderr}`).to.equal(0);
        } finally {
          project.remove();
        }
      });
    }
  });

  describe("the TypeScript samples of README.md and sdk/README.md, in a merchant's ES module project with Express", () => {
    let project: { dir: string; remove(): void };

    before(function () {
      this.timeout(300_000);
      // The packages installed as sdk/README.md's Install says, then Express and the types the samples need.
      const install = SDK_README.fences.find((f) => f.marker?.name === 'snippet' && f.marker.detail === 'install');
      expect(install, 'sdk/README.md marks its install command <!-- snippet: install -->').to.not.equal(undefined);
      project = merchantProject({
        type: 'module',
        install: install!.code,
        packages: ['tsx@4.23.15', 'express@5.3.0', '@types/express@5.0.6', '@types/node@24.19.2'],
      });
    });
    after(() => project?.remove());

    it('type-check with tsc --strict, each sample that continues another after it, as one file', () => {
      const programs = snippetPrograms();
      expect(programs.map((p) => p.name)).to.include.members(['quick start', 'webhook handler', 'on your server']);
      for (const program of programs) writeFileSync(join(project.dir, program.file), program.text);
      const tsc = typeCheck(
        project.dir,
        programs.map((p) => p.file),
        ['--types', 'node'],
      );
      // tsc's `file.ts(LINE,COL)` as the README's own line.
      const output = `${tsc.stdout}${tsc.stderr}`.replace(/(\S+\.ts)\((\d+),(\d+)\)/g, (all, file: string, line: string) => {
        return programs.find((p) => p.file === file)?.readmeLine(Number(line)) ?? all;
      });
      expect(tsc.status, output).to.equal(0);
    });

    describe("sdk/README.md's quick start and the samples that continue it, run as the merchant's Express app", () => {
      let shop: TestMerchant;
      let receiver: Receiver;
      let secret: string;
      let app: { port: number; output(): string; stop(): void };

      before(async function () {
        this.timeout(120_000);
        shop = await svc.createMerchant('Quick Start Shop');
        // The samples recover missed events, which needs an endpoint: a receiver of the test's until the app listens.
        receiver = await startReceiver();
        const endpoint = await svc.request('PUT', '/v1/webhook_endpoint', { key: shop.testKey, body: { url: receiver.url } });
        expect(endpoint.status, endpoint.text).to.equal(201);
        secret = endpoint.body.secret;
        const program = snippetPrograms().find((p) => p.name === 'quick start')!;
        // npm start's address, which the quick start names, is this service's here.
        writeFileSync(join(project.dir, 'quick-start.ts'), program.runnable.replaceAll("'http://127.0.0.1:3000'", `'${svc.url}'`));
        // The quick start makes the app and leaves listening to the merchant's server: this file
        // keeps the app express() makes, gives the merchant's own fulfil(), loads the samples (each
        // runs to its end) and listens on a free port.
        writeFileSync(
          join(project.dir, 'serve-quick-start.ts'),
          [
            "import express from 'express';",
            'let app: express.Express | undefined;',
            'const init = express.application.init;',
            'express.application.init = function (this: express.Express) { app = this; return init.call(this); };',
            '(globalThis as any).fulfil = (id: string, metadata: unknown) => console.log(`fulfil ${id} ${JSON.stringify(metadata)}`);',
            "await import('./quick-start.ts');",
            "const server = app!.listen(0, '127.0.0.1', () => console.log(`listening on ${JSON.stringify(server.address())}`));",
          ].join('\n'),
        );
        const child = spawn('npx', ['tsx', 'serve-quick-start.ts'], {
          cwd: project.dir,
          env: { ...merchantEnvironment(), NAIRAFLOW_SECRET_KEY: shop.testKey, NAIRAFLOW_WEBHOOK_SECRET: secret },
          stdio: ['ignore', 'pipe', 'pipe'],
          detached: true,
        });
        let output = '';
        child.stdout.on('data', (d: Buffer) => (output += d));
        child.stderr.on('data', (d: Buffer) => (output += d));
        const stop = () => {
          if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
        };
        try {
          const port = await waitFor(
            'the quick start to listen',
            async () => {
              if (child.exitCode !== null) throw new Error(`the samples exited ${child.exitCode}:\n${withoutSecrets(output)}`);
              return /"port":(\d+)/.exec(output)?.[1];
            },
            60_000,
          );
          app = { port: Number(port), output: () => output, stop };
        } catch (error) {
          stop();
          throw error;
        }
      });
      after(async () => {
        app?.stop();
        await receiver?.close();
      });

      it("sends the customer to the intent's payment sheet from POST /orders/1001/pay, the same one when retried", async () => {
        const pay = () => fetch(`http://127.0.0.1:${app.port}/orders/1001/pay`, { method: 'POST', redirect: 'manual' });
        const first = await pay();
        expect(first.status, app.output()).to.equal(303);
        const location = first.headers.get('location')!;
        expect(location).to.match(new RegExp(`^${svc.url}/pay/pi_\\w{24}_secret_\\w{24}$`));
        const again = await pay();
        expect(again.headers.get('location'), 'a retry for the same order').to.equal(location);
        const id = /\/pay\/(pi_\w{24})_secret_/.exec(location)![1]!;
        const intent = await svc.request('GET', `/v1/payment_intents/${id}`, { key: shop.testKey });
        expect(intent.body).to.include({ amount: '250000', currency: 'NGN', status: 'requires_authentication' });
        const orders = await svc.request('GET', '/v1/payment_intents', { key: shop.testKey });
        expect(orders.body.data.map((pi: { id: string }) => pi.id)).to.deep.equal([id]);
      });

      it('prints the code, param and request id of the refusal in the errors sample', () => {
        expect(app.output()).to.match(/^(resource_missing|invalid_request) \S+ req_\w+$/m);
      });

      it("fulfils the order of a payment_intent.succeeded the service delivers to the Webhooks sample's receiver, answers its test event and refuses a bad signature", async () => {
        const url = `http://127.0.0.1:${app.port}/webhooks`;
        const moved = await svc.request('PUT', '/v1/webhook_endpoint', { key: shop.testKey, body: { url } });
        expect(moved.body.url).to.equal(url);
        const intent = await createIntent(svc, shop.testKey, { metadata: { order_id: '1001' } });
        const paid = await confirm(svc, intent);
        expect(paid.body.status, paid.text).to.equal('succeeded');
        await waitFor('the order to be fulfilled', async () => (app.output().includes(`fulfil ${intent.id} {"order_id":"1001"}`) ? true : undefined), 20_000);
        const test = await svc.request('POST', '/v1/webhook_endpoint/test_event', { key: shop.testKey });
        const delivery = await waitFor(
          'the test event to be answered',
          async () => {
            // An attempt in flight is listed before its outcome is recorded.
            const [attempt] = (await svc.request('GET', `/v1/events/${test.body.id}/deliveries`, { key: shop.testKey })).body.data;
            return attempt?.response_status !== null || attempt?.error !== null ? attempt : undefined;
          },
          20_000,
        );
        expect(delivery.response_status, JSON.stringify(delivery)).to.equal(200);
        const forged = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'service-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` }, body: '{}' });
        expect(forged.status).to.equal(400);
        expect(await forged.text()).to.match(/signature/i);
      });
    });
  });
});

/** The snippets a test knows by name: each type-checks, and the tests above run some. */
const SNIPPETS = new Set(['on your server', 'webhook handler', 'quick start', 'install']);

/**
 * Functions of the merchant's own that the samples call (fulfilling an order): declared, as the
 * samples leave them to the reader, with the types their arguments have.
 */
const MERCHANTS_OWN: Record<string, string> = {
  markPaid: 'declare function markPaid(paymentIntentId: string, amount: string): Promise<void>;',
  fulfil: 'declare function fulfil(paymentIntentId: string, metadata: Record<string, unknown>): void;',
};

interface Program {
  name: string;
  file: string;
  /** Every part, and the merchant's own functions declared. */
  text: string;
  /** The parts that run to an end, in order (not those whose marker says `not run: ...`). */
  runnable: string;
  /** `sdk/README.md:LINE` for a line of `text`. */
  readmeLine(line: number): string;
}

/** The TypeScript snippets of both READMEs, each with those that continue it after it, as one file each. */
function snippetPrograms(): Program[] {
  const programs: { name: string; parts: Fence[] }[] = [];
  for (const fence of [...README.fences, ...SDK_README.fences]) {
    if (fence.marker?.name !== 'snippet' || fence.lang !== 'ts') continue;
    const continues = /^continues (?:the )?(.+?)(?:; not run: .+)?$/.exec(fence.marker.detail)?.[1];
    const program = continues === undefined ? undefined : programs.find((p) => p.name === continues);
    if (continues !== undefined && program === undefined) throw new Error(`${fence.where}: continues "${continues}", which no snippet before it is`);
    if (program !== undefined) program.parts.push(fence);
    else programs.push({ name: fence.marker.detail, parts: [fence] });
  }
  return programs.map(({ name, parts }) => {
    let text = parts.map((part) => part.code).join('\n');
    const declared = Object.entries(MERCHANTS_OWN).filter(([fn]) => new RegExp(`\\b${fn}\\(`).test(text) && !new RegExp(`function ${fn}\\b`).test(text));
    text += `\n${declared.map(([, declaration]) => declaration).join('\n')}\n`;
    const starts: number[] = [];
    parts.reduce((line, part) => (starts.push(line), line + part.code.split('\n').length), 1);
    return {
      name,
      file: `${name.replace(/\W+/g, '-')}.ts`,
      text,
      runnable: parts
        .filter((part) => !/; not run: /.test(part.marker!.detail))
        .map((part) => part.code)
        .join('\n'),
      readmeLine(line: number) {
        const i = starts.findLastIndex((start) => start <= line);
        const part = parts[i];
        if (part === undefined || line - starts[i]! >= part.code.split('\n').length) return `(the merchant's own functions, line ${line})`;
        const [file, open] = part.where.split(':');
        return `${file}:${Number(open) + 1 + line - starts[i]!}`;
      },
    };
  });
}
