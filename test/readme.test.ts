// The README as a new user meets it, read from README.md itself: its curl walkthrough ("Try it
// with curl", then "Take a payment in the browser, then refund it") pasted block by block into one
// shell against a running service, and its TypeScript snippet ("On your server") in a fresh
// CommonJS project (`npm init -y`) and a fresh ES module one. Each block the test runs is marked by
// an HTML comment before it (`<!-- walkthrough -->`, `<!-- snippet: on your server -->`), so
// editing the README changes what is tested.
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { merchantEnvironment, merchantProject, root } from './support/packages.ts';
import { futureExpiry, paidIntent } from './support/payments.ts';
import { startTestService, type TestService } from './support/service.ts';
import { ShellSession, type SnippetRun } from './support/shell-session.ts';

interface Block {
  /** What the marker says after its name: `setup`, `answer`, `pay in the sheet`, or nothing. */
  kind: string;
  code: string;
  /** The README's text from the block to the next marked one. */
  after: string;
}

/** The README's blocks marked `<!-- NAME -->` or `<!-- NAME: KIND -->`, in order. */
function markedBlocks(name: string): Block[] {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const marked = [...readme.matchAll(/<!-- ([\w ]+?)(?:: ([^>]*?))? -->\n```\w+\n([\s\S]*?)\n```\n/g)];
  return marked
    .map((m, i) => ({ name: m[1]!, kind: m[2] ?? '', code: m[3]!, after: readme.slice(m.index + m[0].length, marked[i + 1]?.index ?? readme.length) }))
    .filter((block) => block.name === name);
}

/** Whether `actual` is the answer the README shows: the same fields, each value equal, or matching where the README writes `...`. */
function showsAnswer(shown: string, actual: unknown): string[] {
  const differences: string[] = [];
  const compare = (want: unknown, got: unknown, at: string): void => {
    if (typeof want === 'string' && want.includes('...')) {
      const pattern = new RegExp(`^${want.split('...').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
      if (typeof got !== 'string' || !pattern.test(got)) differences.push(`${at}: the README shows ${JSON.stringify(want)}, the server said ${JSON.stringify(got)}`);
    } else if (want !== null && typeof want === 'object') {
      if (got === null || typeof got !== 'object') differences.push(`${at}: the README shows an object, the server said ${JSON.stringify(got)}`);
      else {
        const keys = (value: object) => Object.keys(value).sort().join(', ');
        if (keys(want) !== keys(got)) differences.push(`${at}: the README shows the fields ${keys(want)}, the server said ${keys(got)}`);
        for (const [key, value] of Object.entries(want)) compare(value, (got as Record<string, unknown>)[key], `${at}.${key}`);
      }
    } else if (want !== got) differences.push(`${at}: the README shows ${JSON.stringify(want)}, the server said ${JSON.stringify(got)}`);
  };
  compare(JSON.parse(shown), actual, 'answer');
  return differences;
}

describe('README.md', function () {
  this.timeout(300_000);
  let svc: TestService;

  before(async () => {
    svc = await startTestService('readme');
  });
  after(() => svc?.stop());

  it('walks through "Try it with curl" and "Take a payment ... refund it" as pasted, each answer as the README shows it', async () => {
    const blocks = markedBlocks('walkthrough');
    expect(blocks.map((b) => b.kind)).to.include.members(['setup', 'answer', 'pay in the sheet']);
    // The address the README's commands and answers name: npm start's, as the banner gives it.
    const address = /\bNF=(\S+)/.exec(blocks.find((b) => b.kind === 'setup')!.code)![1]!;
    const shop = await svc.createMerchant('Demo Store');
    const shell = new ShellSession({ PATH: process.env.PATH ?? '' });
    const problems: string[] = [];
    let previous: SnippetRun | undefined;
    try {
      for (const block of blocks) {
        const where = block.code.split('\n')[0];
        if (block.kind === 'answer') {
          // The answer the block before it gets, from this service rather than the banner's address.
          let answer: unknown;
          try {
            answer = JSON.parse(previous?.stdout ?? '');
          } catch {
            problems.push(`${where}: the block before it printed no single answer: ${previous?.stdout.slice(0, 300)}`);
            continue;
          }
          problems.push(...showsAnswer(block.code.replaceAll(address, svc.url), answer).map((d) => `${where}: ${d}`));
          continue;
        }
        const run = await shell.run(block.code);
        previous = run;
        if (block.kind === 'setup') {
          // The banner's values, which the reader copies in: this service's address and the merchant's key.
          expect(block.code).to.match(/\bNF=/).and.match(/\bKEY=/);
          await shell.run(`export NF=${svc.url} KEY=${shop.testKey}`);
          continue;
        }
        // An error the README shows is answered as an error; everything else succeeds.
        const next = blocks[blocks.indexOf(block) + 1];
        const failing = next?.kind === 'answer' && /"error"/.test(next.code);
        if (run.statuses.length === 0) problems.push(`${where}: made no request`);
        for (const status of run.statuses) {
          if (failing ? status < 400 || status > 499 : status < 200 || status > 299) problems.push(`${where}: answered ${status}: ${run.stdout.slice(0, 300)}`);
        }
        if (run.status !== 0) problems.push(`${where}: exited ${run.status}: ${run.stderr.slice(0, 300)}`);
        // What the README says a command prints: the comment lines that end a block, and a JSON comment beside a command.
        const shownLines = /(?:\n# [^\n]*)+$/.exec(block.code)?.[0].trim().split('\n').map((line) => line.slice(2)) ?? [];
        for (const line of shownLines) if (!run.stdout.includes(line)) problems.push(`${where}: printed no line ${JSON.stringify(line)}: ${run.stdout.slice(0, 300)}`);
        for (const [, json] of block.code.matchAll(/^\S.*?\s+# (\{.*\})$/gm)) {
          if (!run.stdout.includes(JSON.stringify(JSON.parse(json!)))) problems.push(`${where}: printed no ${json}: ${run.stdout.slice(0, 300)}`);
        }
        if (block.kind === 'pay in the sheet') {
          // The customer pays in the payment sheet, with the card the README names, through the API the sheet uses.
          const intent = JSON.parse(await shell.variable('PI')) as { id: string; client_secret: string; payment_url: string };
          expect(run.stdout.trim()).to.equal(intent.payment_url);
          const number = /`(\d{4}(?: \d{3,4})+)`/.exec(block.after)![1]!;
          const paid = await svc.request('POST', `/v1/payment_intents/${intent.id}/confirm`, {
            body: { client_secret: intent.client_secret, method: 'card', card: { number, ...futureExpiry, cvc: '408' } },
          });
          expect(paid.body.status, paid.text).to.equal('succeeded');
        }
      }
    } finally {
      shell.close();
    }
    expect(problems.join('\n')).to.equal('');
  });

  describe('the TypeScript snippet of "On your server"', () => {
    const [snippet] = markedBlocks('snippet').filter((b) => b.kind === 'on your server');

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
          const run = await shell.run('npx tsx main.ts').finally(() => shell.close());
          expect(run.status, `${run.stdout}\n${run.stderr}`).to.equal(0);
          expect(run.stdout).to.match(new RegExp(`pi_\\w{24} ${svc.url}/pay/pi_\\w{24}_secret_\\w{24}`));
          const refunds = await svc.request('GET', `/v1/refunds?payment_intent=${paid.id}`, { key: shop.testKey });
          expect(refunds.body.data.map((r: { amount: string }) => r.amount)).to.deep.equal(['100000']);

          const tsc = spawnSync(
            process.execPath,
            [join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022'].concat(
              ['--types', 'node', '--typeRoots', join(root, 'node_modules/@types'), 'main.ts'],
            ),
            { cwd: project.dir, encoding: 'utf8', timeout: 120_000 },
          );
          expect(tsc.status, `${tsc.stdout}${tsc.stderr}`).to.equal(0);
        } finally {
          project.remove();
        }
      });
    }
  });
});
