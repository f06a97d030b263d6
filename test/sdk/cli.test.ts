// The `nairaflow` command, as the SDK package ships it (its bin, built), against the real service:
// `listen` forwarding to a local receiver that verifies with @nairaflow/webhook-verifier, across a
// cut connection, and `trigger` making each event type fire.
import { expect } from 'chai';
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { startProxy } from '../support/proxy.ts';
import { join } from 'node:path';
import { constructEvent, type NairaflowEvent } from '@nairaflow/webhook-verifier';
import { paidIntent, waitFor } from '../support/payments.ts';
import { startReceiver, type Receiver } from '../support/receiver.ts';
import { startTestService, type TestMerchant, type TestService } from '../support/service.ts';
import { COMMAND_OPTIONS } from '../../sdk/src/cli/args.ts';
import { ensureBuilt, packageDir } from './support/package.ts';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { bin?: Record<string, string> };
const bin = join(packageDir, manifest.bin?.nairaflow ?? 'package.json has no bin "nairaflow"');

/** Runs `nairaflow ...args` to its end, with the pinned Node, none of the caller's NAIRAFLOW_ variables. */
function nairaflow(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { env: { ...cleanEnv(), ...env }, timeout: 30_000 }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : null, stdout, stderr });
    });
  });
}

function cleanEnv(): Record<string, string> {
  return Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined && !e[0].startsWith('NAIRAFLOW_')));
}

interface Listener {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  secret: string;
  exit: Promise<number | null>;
  /** Ctrl-C (or another signal); answers the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const listeners: ChildProcess[] = [];

/** Starts `nairaflow listen ...args` and waits until it says it is ready. */
async function startListen(args: string[], env: Record<string, string> = {}): Promise<Listener> {
  const child = spawn(process.execPath, [bin, 'listen', ...args], { env: { ...cleanEnv(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  listeners.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await waitFor(`listen to be ready (stdout: ${stdout}, stderr: ${stderr})`, async () => (stdout.includes('Ready!') || child.exitCode !== null ? true : undefined), 15_000);
  if (child.exitCode !== null) throw new Error(`listen exited ${child.exitCode}: ${stdout}${stderr}`);
  const secret = /whsec_[0-9A-Za-z]{32}\b/.exec(stdout)?.[0];
  if (secret === undefined) throw new Error(`listen printed no signing secret: ${stdout}`);
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    secret,
    exit,
    stop(signal = 'SIGINT') {
      child.kill(signal);
      return exit;
    },
  };
}

/** A receiver that accepts only what the verifier accepts with `secret()`, as a merchant's would. */
async function verifyingReceiver(secret: () => string): Promise<Receiver & { verified: NairaflowEvent[]; rejected: string[] }> {
  const verified: NairaflowEvent[] = [];
  const rejected: string[] = [];
  const receiver = await startReceiver({
    respond: (request, _index, res) => {
      try {
        verified.push(constructEvent(request.body, request.headers['service-signature'], secret()));
        res.writeHead(200).end('ok');
      } catch (error) {
        rejected.push(String(error));
        res.writeHead(400).end('bad signature');
      }
    },
  });
  return Object.assign(receiver, { verified, rejected });
}

/** The arguments after `nairaflow listen` of the resume command a stopped listen printed. */
function resumeArgs(stderr: string): string[] {
  const line = stderr.split('\n').find((l) => l.trim().startsWith('npx nairaflow listen --since '));
  if (line === undefined) throw new Error(`listen printed no resume command: ${stderr}`);
  return line.trim().split(/\s+/).slice(3);
}

/** `fired <type> <id>` lines of trigger's output. */
function firedEvents(stdout: string): { type: string; id: string }[] {
  return [...stdout.matchAll(/fired (\S+) (evt_\w+)/g)].map((m) => ({ type: m[1]!, id: m[2]! }));
}

describe('sdk: the nairaflow command (listen, trigger) against the real service', function () {
  this.timeout(90_000);
  let svc: TestService;

  before(async () => {
    ensureBuilt();
    svc = await startTestService('sdk-cli', { TEST_PAYOUT_DELAY_SECONDS: '1' });
  });
  afterEach(() => {
    for (const child of listeners.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  });
  after(async () => {
    await svc?.stop();
  });

  async function testEventIds(merchant: TestMerchant): Promise<string[]> {
    const res = await svc.request('GET', '/v1/events?limit=100', { key: merchant.testKey });
    return (res.body.data as { id: string }[]).map((e) => e.id);
  }

  describe('the command line', () => {
    it('is the SDK package\'s "nairaflow" bin, a script in git that runs the built CLI, packed with the package', () => {
      expect(manifest.bin).to.deep.equal({ nairaflow: './bin/nairaflow.js' });
      expect(readFileSync(bin, 'utf8')).to.match(/^#!\/usr\/bin\/env node\n/).and.include("import '../dist/cli.js';");
      expect(statSync(bin).mode & 0o111, 'executable').to.not.equal(0);
      const packed = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: packageDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      const paths = (JSON.parse(packed) as [{ files: { path: string }[] }])[0].files.map((f) => f.path);
      expect(paths).to.include.members(['bin/nairaflow.js', 'dist/cli.js', 'dist/cli/listen.js']);
    });

    it('explains itself with --help, and each command with its own --help', async () => {
      const help = await nairaflow(['--help']);
      expect(help.code).to.equal(0);
      expect(help.stdout).to.include('nairaflow listen --forward-to <url>').and.include('nairaflow trigger <event type>').and.include('--api-key');
      const listen = await nairaflow(['listen', '--help']);
      expect(listen.code).to.equal(0);
      expect(listen.stdout).to.include('--forward-to <url>').and.include('--events <type,...>').and.include('signing secret');
      const trigger = await nairaflow(['trigger', '--help']);
      expect(trigger.code).to.equal(0);
      for (const type of ['payment_intent.succeeded', 'payment_intent.failed', 'refund.succeeded', 'payout.paid', 'payout.failed', 'webhook.test']) expect(trigger.stdout).to.include(type);
    });

    it('names every option each command accepts, in nairaflow --help and in the command\'s own --help', async () => {
      const top = await nairaflow(['--help']);
      expect(top.code).to.equal(0);
      for (const [command, options] of Object.entries(COMMAND_OPTIONS)) {
        const own = await nairaflow([command, '--help']);
        expect(own.code).to.equal(0);
        for (const option of Object.keys(options)) {
          expect(top.stdout, `nairaflow --help names ${command}'s --${option}`).to.match(new RegExp(`--${option}\\b`));
          expect(own.stdout, `nairaflow ${command} --help names --${option}`).to.match(new RegExp(`--${option}\\b`));
        }
      }
    });

    it('refuses an unknown flag, a missing --forward-to and an unknown event type with a clear message and exit code 2', async () => {
      const unknown = await nairaflow(['listen', '--forward-to', 'http://localhost:4242/webhooks', '--api-key', 'sk_test_abc', '--forward', 'x']);
      expect(unknown.code).to.equal(2);
      expect(unknown.stderr).to.include('unknown option --forward').and.include("nairaflow listen --help");
      const missing = await nairaflow(['listen', '--api-key', 'sk_test_abc']);
      expect(missing.code).to.equal(2);
      expect(missing.stderr).to.include('--forward-to <url> is required');
      const type = await nairaflow(['trigger', 'invoice.paid', '--api-key', 'sk_test_abc']);
      expect(type.code).to.equal(2);
      expect(type.stderr).to.include('cannot trigger "invoice.paid"');
      const noKey = await nairaflow(['trigger', 'webhook.test']);
      expect(noKey.code).to.equal(2);
      expect(noKey.stderr).to.include('--api-key sk_test_...').and.include('NAIRAFLOW_SECRET_KEY');
      expect((await nairaflow(['frobnicate'])).code).to.equal(2);
    });
  });

  describe('trigger', () => {
    it('makes each event type fire in test mode by creating the real objects, and says what it created', async () => {
      // No webhook endpoint: a merchant trying things on a laptop need not have one.
      const merchant = await svc.createMerchant('Trigger Shop');
      const expected: Record<string, string[]> = {
        'payment_intent.succeeded': ['payment_intent.succeeded'],
        'payment_intent.failed': ['payment_intent.failed'],
        'payment_intent.canceled': ['payment_intent.canceled'],
        'refund.succeeded': ['payment_intent.succeeded', 'refund.succeeded'],
        'webhook.test': ['webhook.test'],
      };
      for (const [type, events] of Object.entries(expected)) {
        const run = await nairaflow(['trigger', type], { NAIRAFLOW_SECRET_KEY: merchant.testKey, NAIRAFLOW_API_BASE: svc.url });
        expect(run.code, run.stderr).to.equal(0);
        const fired = firedEvents(run.stdout);
        expect(fired.map((e) => e.type), run.stdout).to.deep.equal(events);
        for (const { id, type: firedType } of fired) {
          const event = await svc.request('GET', `/v1/events/${id}`, { key: merchant.testKey });
          expect(event.body).to.include({ id, type: firedType, livemode: false });
        }
        const intentId = /payment intent (pi_\w+)/.exec(run.stdout)?.[1];
        if (type === 'webhook.test') {
          expect(intentId).to.equal(undefined);
          continue;
        }
        const intent = (await svc.request('GET', `/v1/payment_intents/${intentId}`, { key: merchant.testKey })).body;
        if (type === 'payment_intent.failed') expect(intent).to.include({ status: 'requires_authentication', last_error: 'card_declined' });
        if (type === 'payment_intent.canceled') expect(intent.status).to.equal('canceled');
        if (type === 'payment_intent.succeeded') expect(intent.status).to.equal('succeeded');
        if (type === 'refund.succeeded') {
          expect(intent).to.include({ status: 'succeeded', amount_refunded: '100000' });
          expect(run.stdout).to.match(/Refunded NGN 1,000\.00 of it: re_\w+/);
        }
      }
    });

    it('makes payout.paid and payout.failed fire: a payment, then a payout it waits for', async () => {
      const merchant = await svc.createMerchant('Payout Shop');
      const paid = await nairaflow(['trigger', 'payout.paid', '--api-key', merchant.testKey, '--api-base', svc.url]);
      expect(paid.code, paid.stderr).to.equal(0);
      expect(firedEvents(paid.stdout).map((e) => e.type)).to.deep.equal(['payout.paid']);
      expect(paid.stdout).to.match(/Set the test payout account to Guaranty Trust Bank 0123456789 \(there was none\)/).and.match(/po_[0-9a-z]{24} is paid\./);
      const failed = await nairaflow(['trigger', 'payout.failed', '--api-key', merchant.testKey, '--api-base', svc.url]);
      expect(failed.code, failed.stderr).to.equal(0);
      expect(firedEvents(failed.stdout).map((e) => e.type)).to.deep.equal(['payout.failed']);
      expect(failed.stdout).to.match(/is failed \(account_invalid\)/).and.match(/\(it was Guaranty Trust Bank \.\.\.6789\)/);
      const payouts = (await svc.request('GET', '/v1/payouts', { key: merchant.testKey })).body.data.map((p: any) => p.status);
      expect(payouts).to.deep.equal(['failed', 'paid']);
    });

    it('refuses a live key and creates nothing in live mode', async () => {
      const merchant = await svc.createMerchant('Live Shop');
      const run = await nairaflow(['trigger', 'payment_intent.succeeded', '--api-key', merchant.liveKey, '--api-base', svc.url]);
      expect(run.code).to.equal(2);
      expect(run.stderr).to.include('test mode only');
      expect(run.stderr).to.not.include(merchant.liveKey);
      const live = await svc.request('GET', '/v1/payment_intents', { key: merchant.liveKey });
      expect(live.body.data).to.deep.equal([]);
    });
  });

  describe('listen', () => {
    it('forwards each test-mode event as it happens, signed so the verifier accepts it with the printed secret, and a cut connection loses none and repeats none', async () => {
      const merchant = await svc.createMerchant('Laptop Shop');
      let secret = '';
      const receiver = await verifyingReceiver(() => secret);
      const proxy = await startProxy(svc.url);
      const trigger = async (type: string) => {
        const run = await nairaflow(['trigger', type, '--api-key', merchant.testKey, '--api-base', svc.url]);
        expect(run.code, run.stderr).to.equal(0);
        return firedEvents(run.stdout);
      };
      try {
        const listen = await startListen(['--api-key', merchant.testKey, '--forward-to', receiver.url, '--api-base', proxy.url]);
        secret = listen.secret;

        const [first] = await trigger('payment_intent.succeeded');
        await receiver.waitFor(1);
        expect(receiver.verified.map((e) => e.id)).to.deep.equal([first!.id]);
        const request = receiver.received[0]!;
        expect(request.headers).to.include({ 'content-type': 'application/json', 'user-agent': 'Nairaflow-Webhooks/1' });
        expect(request.headers['service-signature']).to.match(/^t=\d+,v1=[0-9a-f]{64}$/);
        await waitFor('its line', async () => (listen.stdout().includes(first!.id) ? true : undefined));
        expect(listen.stdout()).to.match(new RegExp(`\\d\\d:\\d\\d:\\d\\d  payment_intent\\.succeeded\\s+${first!.id}  -> 200 \\(\\d+ ms\\)`));

        // A live-mode payment of the same merchant is another stream's.
        await paidIntent(svc, merchant, 50_000, 'ada@example.com', true);

        // The network goes away for a while, and events happen meanwhile.
        proxy.refuse(true);
        proxy.cut();
        const meanwhile = [...(await trigger('payment_intent.failed')), ...(await trigger('refund.succeeded'))];
        await new Promise((r) => setTimeout(r, 500));
        proxy.refuse(false);
        await waitFor('the reconnect', async () => (listen.stderr().includes('Reconnected') ? true : undefined), 30_000);
        const after = await trigger('payment_intent.canceled');

        const all = [first!, ...meanwhile, ...after];
        await receiver.waitFor(all.length, 30_000);
        // Give a duplicate, if there were one, the time to arrive.
        await new Promise((r) => setTimeout(r, 500));
        expect(receiver.rejected).to.deep.equal([]);
        expect(receiver.verified.map((e) => e.id)).to.deep.equal(all.map((e) => e.id));
        expect(receiver.verified.map((e) => e.type)).to.deep.equal(['payment_intent.succeeded', 'payment_intent.failed', 'payment_intent.succeeded', 'refund.succeeded', 'payment_intent.canceled']);
        expect(receiver.verified.every((e) => e.livemode === false)).to.equal(true);
        // Every test-mode event of the merchant, each exactly once.
        expect([...(await testEventIds(merchant))].sort()).to.deep.equal(all.map((e) => e.id).sort());
        expect(listen.stderr()).to.match(/Lost the event stream \(.+\); reconnecting in \d+\.\d s\./);
        expect(listen.stderr()).to.include(`Reconnected; resuming after ${first!.id}.`);
        expect(proxy.connections()).to.be.at.least(2);
        for (const { id } of all) expect(listen.stdout().split(id).length - 1, id).to.equal(1);

        expect(await listen.stop()).to.equal(0);
      } finally {
        await proxy.close();
        await receiver.close();
      }
    });

    it('loses nothing when the connection drops before its first event, and forwards nothing from before it started', async () => {
      const merchant = await svc.createMerchant('Early Drop Shop');
      let secret = '';
      const receiver = await verifyingReceiver(() => secret);
      const proxy = await startProxy(svc.url);
      const trigger = async (type: string) => {
        const run = await nairaflow(['trigger', type, '--api-key', merchant.testKey, '--api-base', svc.url]);
        expect(run.code, run.stderr).to.equal(0);
        return firedEvents(run.stdout);
      };
      try {
        await trigger('payment_intent.canceled');
        const listen = await startListen(['--api-key', merchant.testKey, '--forward-to', receiver.url, '--api-base', proxy.url]);
        secret = listen.secret;
        proxy.refuse(true);
        proxy.cut();
        const meanwhile = await trigger('payment_intent.succeeded');
        await new Promise((r) => setTimeout(r, 500));
        proxy.refuse(false);
        await receiver.waitFor(1, 30_000);
        await new Promise((r) => setTimeout(r, 500));
        expect(receiver.verified.map((e) => e.id)).to.deep.equal(meanwhile.map((e) => e.id));
        expect(listen.stderr()).to.include('Reconnected');
        expect(await listen.stop()).to.equal(0);
      } finally {
        await proxy.close();
        await receiver.close();
      }
    });

    it('prints, when stopped, the command that resumes it; run again with it, it forwards what happened meanwhile, each event once', async () => {
      const merchant = await svc.createMerchant('Resume Shop');
      let secret = '';
      const receiver = await verifyingReceiver(() => secret);
      const trigger = async (type: string) => {
        const run = await nairaflow(['trigger', type, '--api-key', merchant.testKey, '--api-base', svc.url]);
        expect(run.code, run.stderr).to.equal(0);
        return firedEvents(run.stdout);
      };
      try {
        const first = await startListen(['--api-key', merchant.testKey, '--forward-to', receiver.url, '--api-base', svc.url]);
        secret = first.secret;
        const [tested] = await trigger('webhook.test');
        await receiver.waitFor(1);
        expect(await first.stop()).to.equal(0);
        const resume = resumeArgs(first.stderr());
        expect(resume).to.deep.equal(['--since', tested!.id, '--forward-to', receiver.url, '--api-base', svc.url]);
        // The key given with --api-key is named, not printed; the signing secret likewise.
        expect(first.stderr()).to.not.include(merchant.testKey).and.not.include(first.secret);
        expect(first.stderr()).to.include('NAIRAFLOW_SECRET_KEY set to your secret key').and.include('NAIRAFLOW_WEBHOOK_SECRET set to the signing secret above');

        // While no listen runs, a payment succeeds.
        const meanwhile = await trigger('payment_intent.succeeded');
        // The printed command, with the key and the secret where it says.
        const second = await startListen(resume, { NAIRAFLOW_SECRET_KEY: merchant.testKey, NAIRAFLOW_WEBHOOK_SECRET: first.secret });
        expect(second.secret).to.equal(first.secret);
        expect(second.stdout()).to.include(`Starting after ${tested!.id}.`);
        await receiver.waitFor(2, 15_000);
        await new Promise((r) => setTimeout(r, 500));
        expect(receiver.rejected).to.deep.equal([]);
        expect(receiver.verified.map((e) => e.id)).to.deep.equal([tested!.id, ...meanwhile.map((e) => e.id)]);
        // Stopped by SIGTERM as by Ctrl-C; the key and secret came from the environment this time.
        expect(await second.stop('SIGTERM')).to.equal(0);
        expect(resumeArgs(second.stderr())).to.deep.equal(['--since', meanwhile[0]!.id, '--forward-to', receiver.url, '--api-base', svc.url]);
        expect(second.stderr()).to.not.include('NAIRAFLOW_SECRET_KEY set').and.not.include('NAIRAFLOW_WEBHOOK_SECRET set');
      } finally {
        await receiver.close();
      }
    });

    it('never prints a password put in the --forward-to URL, in its banner or in the command that resumes it', async () => {
      const merchant = await svc.createMerchant('Password URL Shop');
      let secret = '';
      const receiver = await verifyingReceiver(() => secret);
      try {
        const withPassword = new URL(receiver.url);
        withPassword.username = 'shop';
        withPassword.password = 'hunter2-receiver-password';
        const run = await startListen(['--api-key', merchant.testKey, '--forward-to', withPassword.toString(), '--api-base', svc.url]);
        secret = run.secret;
        await new Promise((r) => setTimeout(r, 300));
        expect(await run.stop()).to.equal(0);
        const printed = run.stdout() + run.stderr();
        expect(printed).to.not.include('hunter2-receiver-password');
        expect(run.stdout()).to.include(`shop:****@${withPassword.host}`);
        expect(resumeArgs(run.stderr())[3]).to.include('shop:****@');
        expect(run.stderr()).to.include('the password in the URL put back where it shows ****');
      } finally {
        await receiver.close();
      }
    });

    it('stopped before any event, resumes from where its stream started (a pos_ position), missing nothing', async () => {
      const merchant = await svc.createMerchant('Quiet Resume Shop');
      let secret = '';
      const receiver = await verifyingReceiver(() => secret);
      try {
        const first = await startListen(['--api-key', merchant.testKey, '--forward-to', receiver.url, '--api-base', svc.url]);
        secret = first.secret;
        // The stream has said where it started once it is ready; give it a moment to arrive.
        await new Promise((r) => setTimeout(r, 300));
        expect(await first.stop()).to.equal(0);
        const resume = resumeArgs(first.stderr());
        expect(resume[1]).to.match(/^pos_[A-Za-z0-9_-]+$/);
        const meanwhile = firedEvents((await nairaflow(['trigger', 'payment_intent.canceled', '--api-key', merchant.testKey, '--api-base', svc.url])).stdout);
        const second = await startListen(resume, { NAIRAFLOW_SECRET_KEY: merchant.testKey, NAIRAFLOW_WEBHOOK_SECRET: first.secret });
        await receiver.waitFor(1, 15_000);
        await new Promise((r) => setTimeout(r, 500));
        expect(receiver.verified.map((e) => e.id)).to.deep.equal(meanwhile.map((e) => e.id));
        expect(await second.stop()).to.equal(0);
      } finally {
        await receiver.close();
      }
    });

    it('stopped while your server has not yet answered an event, resumes before that event, so the next run forwards it again', async () => {
      const merchant = await svc.createMerchant('Slow Receiver Shop');
      const secret = `whsec_${'S'.repeat(32)}`;
      // The first request is held unanswered; later ones are answered at once.
      const receiver = await startReceiver({ respond: (_request, index, res) => (index === 0 ? undefined : void res.writeHead(200).end('ok')) });
      try {
        const first = await startListen(['--api-key', merchant.testKey, '--forward-to', receiver.url, '--api-base', svc.url, '--signing-secret', secret]);
        const [tested] = firedEvents((await nairaflow(['trigger', 'webhook.test', '--api-key', merchant.testKey, '--api-base', svc.url])).stdout);
        await receiver.waitFor(1);
        expect(await first.stop()).to.equal(0);
        const resume = resumeArgs(first.stderr());
        expect(resume[1]).to.match(/^pos_/);
        const second = await startListen([...resume, '--signing-secret', secret], { NAIRAFLOW_SECRET_KEY: merchant.testKey });
        await receiver.waitFor(2);
        await waitFor('its line', async () => (second.stdout().includes(tested!.id) ? true : undefined));
        expect(second.stdout()).to.match(new RegExp(`${tested!.id}  -> 200 \\(\\d+ ms\\)`));
        expect(receiver.received.map((r) => (JSON.parse(r.body.toString()) as { id: string }).id)).to.deep.equal([tested!.id, tested!.id]);
        expect(await second.stop()).to.equal(0);
      } finally {
        await receiver.close();
      }
    });

    it('with --since a time, forwards every event created since then, each once, then carries on', async () => {
      const merchant = await svc.createMerchant('Since Time Shop');
      // Given, so the receiver has it before the first event, which comes as soon as listen is ready.
      const secret = `whsec_${'T'.repeat(32)}`;
      const receiver = await verifyingReceiver(() => secret);
      const trigger = async (type: string) => firedEvents((await nairaflow(['trigger', type, '--api-key', merchant.testKey, '--api-base', svc.url])).stdout);
      try {
        await trigger('webhook.test');
        await new Promise((r) => setTimeout(r, 50));
        const since = new Date().toISOString();
        await new Promise((r) => setTimeout(r, 5));
        const before = await trigger('refund.succeeded');
        const listen = await startListen(['--since', since, '--api-key', merchant.testKey, '--forward-to', receiver.url, '--api-base', svc.url, '--signing-secret', secret]);
        expect(listen.stdout()).to.include(`Starting with the events created since ${since}.`);
        await receiver.waitFor(2, 15_000);
        const after = await trigger('payment_intent.failed');
        await receiver.waitFor(3, 15_000);
        await new Promise((r) => setTimeout(r, 500));
        expect(receiver.verified.map((e) => e.id)).to.deep.equal([...before, ...after].map((e) => e.id));
        expect(await listen.stop()).to.equal(0);
        expect(resumeArgs(listen.stderr()).slice(0, 2)).to.deep.equal(['--since', after[0]!.id]);
      } finally {
        await receiver.close();
      }
    });

    it('refuses a --since that is neither an event, a position nor a time (exit 2), and one the service does not know (exit 1)', async () => {
      const merchant = await svc.createMerchant('Bad Since Shop');
      for (const bad of ['yesterday', '2026-01-01', 'evt_short', '1.5', '2026-01-01T09:00:00', '99999999999999']) {
        const run = await nairaflow(['listen', '--since', bad, '--forward-to', 'http://127.0.0.1:9/webhooks', '--api-key', merchant.testKey, '--api-base', svc.url]);
        expect(run.code, bad).to.equal(2);
        expect(run.stderr, bad).to.include('--since must be an event id (evt_...) or a position (pos_...)').and.include(JSON.stringify(bad));
      }
      // A key put in the wrong place is not repeated.
      const key = await nairaflow(['listen', '--since', merchant.testKey, '--forward-to', 'http://127.0.0.1:9/webhooks', '--api-base', svc.url]);
      expect(key.code).to.equal(2);
      expect(key.stderr).to.include('--since must be').and.not.include(merchant.testKey);

      const unknown = spawn(process.execPath, [bin, 'listen', '--since', `evt_${'Q'.repeat(24)}`, '--forward-to', 'http://127.0.0.1:9/webhooks', '--api-key', merchant.testKey, '--api-base', svc.url], {
        env: cleanEnv(),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      unknown.stderr.on('data', (chunk) => (stderr += chunk));
      expect(await new Promise<number | null>((resolve) => unknown.on('exit', resolve))).to.equal(1);
      expect(stderr).to.include(`--since evt_${'Q'.repeat(24)} is not an event of this key's mode`);
    });

    it('with --events, forwards only those types', async () => {
      const merchant = await svc.createMerchant('Refunds Only Shop');
      let secret = '';
      const receiver = await verifyingReceiver(() => secret);
      try {
        const listen = await startListen(['--api-key', merchant.testKey, '--forward-to', receiver.url, '--api-base', svc.url, '--events', 'refund.succeeded,payment_intent.canceled']);
        secret = listen.secret;
        expect(listen.stdout()).to.include('(refund.succeeded, payment_intent.canceled)');
        const run = await nairaflow(['trigger', 'refund.succeeded', '--api-key', merchant.testKey, '--api-base', svc.url]);
        const refunded = firedEvents(run.stdout).find((e) => e.type === 'refund.succeeded')!;
        await receiver.waitFor(1);
        // The payment_intent.succeeded before it would have come first: it was left out.
        expect(receiver.verified.map((e) => e.id)).to.deep.equal([refunded.id]);
        expect(await listen.stop()).to.equal(0);
      } finally {
        await receiver.close();
      }
    });

    it("says on each event's line when the local server is not answering, and keeps going", async () => {
      const merchant = await svc.createMerchant('Offline Shop');
      const closed = await startReceiver();
      const url = closed.url;
      await closed.close();
      const listen = await startListen(['--api-key', merchant.testKey, '--forward-to', url, '--api-base', svc.url]);
      const run = await nairaflow(['trigger', 'payment_intent.failed', '--api-key', merchant.testKey, '--api-base', svc.url]);
      const [failed] = firedEvents(run.stdout);
      await waitFor('the line', async () => (listen.stdout().includes(failed!.id) ? true : undefined));
      expect(listen.stdout()).to.match(new RegExp(`payment_intent\\.failed\\s+${failed!.id}  -> connection refused \\(\\d+ ms\\)`));
      expect(listen.child.exitCode).to.equal(null);
      expect(await listen.stop()).to.equal(0);
    });

    it('signs with the secret given (--signing-secret), and shows why the receiver refused an event', async () => {
      const merchant = await svc.createMerchant('Secret Shop');
      const given = `whsec_${'K'.repeat(32)}`;
      let expected = `whsec_${'W'.repeat(32)}`;
      const receiver = await verifyingReceiver(() => expected);
      try {
        const listen = await startListen(['--api-key', merchant.testKey, '--forward-to', receiver.url, '--api-base', svc.url, '--signing-secret', given]);
        expect(listen.secret).to.equal(given);
        // The receiver still has another secret: the line says what it answered.
        const first = firedEvents((await nairaflow(['trigger', 'webhook.test', '--api-key', merchant.testKey, '--api-base', svc.url])).stdout)[0]!;
        await waitFor('the refused line', async () => (listen.stdout().includes(first.id) ? true : undefined));
        expect(listen.stdout()).to.match(new RegExp(`${first.id}  -> 400: bad signature \\(\\d+ ms\\)`));
        // Given the same secret, it verifies.
        expected = given;
        const second = firedEvents((await nairaflow(['trigger', 'webhook.test', '--api-key', merchant.testKey, '--api-base', svc.url])).stdout)[0]!;
        await waitFor('the verified event', async () => (receiver.verified.some((e) => e.id === second.id) ? true : undefined));
        expect(await listen.stop()).to.equal(0);
      } finally {
        await receiver.close();
      }
      const bad = spawn(process.execPath, [bin, 'listen', '--api-key', merchant.testKey, '--forward-to', 'http://127.0.0.1:9/', '--signing-secret', 'hunter2'], {
        env: cleanEnv(),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      bad.stderr.on('data', (chunk) => (stderr += chunk));
      expect(await new Promise<number | null>((resolve) => bad.on('exit', resolve))).to.equal(2);
      expect(stderr).to.include('--signing-secret must be a signing secret');
    });

    it('stops with exit code 1 and says why when the key is refused', async () => {
      const child = spawn(process.execPath, [bin, 'listen', '--api-key', 'sk_test_NoSuchKey0000000000000000000000', '--forward-to', 'http://127.0.0.1:9/webhooks', '--api-base', svc.url], {
        env: cleanEnv(),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr += chunk));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).to.equal(1);
      expect(stderr).to.include('the API refused the key (401 invalid_api_key');
      expect(stderr).to.not.include('NoSuchKey');
    });
  });
});
