// Compile-time guarantees: `npm run typecheck` fails if any @ts-expect-error below stops being an
// error, i.e. if the SDK starts accepting a misspelt field or a wrong type. The runtime test only
// proves the file loads.
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt as ensureVerifierBuilt } from '../webhook-verifier/support/package.ts';
import { root } from './support/package.ts';
import {
  Nairaflow,
  type CreatedPaymentIntent,
  type DeliveryStatus,
  type EventResource,
  type NairaflowEvent,
  type PaymentIntent,
  type Refund,
  type WebhookEndpointWithSecret,
  type WebhookRecovery,
} from '../../sdk/src/index.ts';

const nf = new Nairaflow('sk_test_typesOnlyNeverSent00000000000', { baseUrl: 'http://127.0.0.1:1' });

// Only declared, never called: these are checked by tsc, not run.
export async function typeChecks(): Promise<void> {
  const created: CreatedPaymentIntent = await nf.paymentIntents.create({ amount: 250000, currency: 'NGN' });
  const secret: string = created.client_secret;
  await nf.paymentIntents.create({ amount: 250000n, currency: 'NGN', customer: { email: 'ada@example.com' }, metadata: { order: 1 } }, { idempotencyKey: 'order-1' });
  // @ts-expect-error misspelt field (the wire's names, exactly)
  await nf.paymentIntents.create({ amount: 100, currency: 'NGN', descripton: 'typo' });
  // @ts-expect-error camelCase is not the wire's name
  await nf.refunds.create({ paymentIntent: 'pi_x' });
  // @ts-expect-error amount is kobo as a number or bigint, not a string
  await nf.paymentIntents.create({ amount: '100', currency: 'NGN' });
  // @ts-expect-error the only currency is NGN
  await nf.paymentIntents.create({ amount: 100, currency: 'USD' });
  // @ts-expect-error currency is required
  await nf.paymentIntents.create({ amount: 100 });
  // @ts-expect-error customer.email is a string
  await nf.paymentIntents.create({ amount: 100, currency: 'NGN', customer: { email: 42 } });
  // @ts-expect-error an unknown option
  await nf.paymentIntents.create({ amount: 100, currency: 'NGN' }, { idempotency_key: 'x' });

  const intent: PaymentIntent = await nf.paymentIntents.retrieve('pi_x');
  // Amounts in responses stay decimal strings, as on the wire.
  const amount: string = intent.amount;
  // @ts-expect-error an amount in a response is a string, not a number
  const asNumber: number = intent.amount;
  // @ts-expect-error only the create answer carries client_secret for sure
  const maybeSecret: string = intent.client_secret;

  // @ts-expect-error not a status the API has
  nf.paymentIntents.list({ status: 'paid' });
  // @ts-expect-error limit is a number
  nf.paymentIntents.list({ limit: '10' });
  for await (const pi of nf.paymentIntents.list({ limit: 100, status: 'succeeded' })) {
    const status: 'requires_authentication' | 'processing' | 'succeeded' | 'canceled' = pi.status;
    void status;
  }
  const page = await nf.refunds.list({ payment_intent: 'pi_x' });
  const refunds: Refund[] = page.data;
  const hasMore: boolean = page.has_more;
  const all: Refund[] = await nf.refunds.list().autoPagingToArray({ limit: 50 });
  // @ts-expect-error not an event type the API sends
  nf.events.list({ type: 'payment_intent.created' });
  // @ts-expect-error not a delivery status
  nf.events.list({ delivery_status: 'delivered' });
  // @ts-expect-error created[gte] is Unix seconds, a number
  nf.events.list({ 'created[gte]': '2026-01-01' });
  // An event from the API is one of the delivered events, told apart by `type`, with its delivery's
  // state: it goes to the handler a webhook handler calls.
  const handleDelivered = (delivered: NairaflowEvent): string => delivered.type;
  for await (const listed of nf.events.list({ delivery_status: 'failed', 'created[gte]': 1767225600, 'created[lt]': 1767312000 })) {
    handleDelivered(listed);
    const status: DeliveryStatus = listed.delivery_status;
    if (listed.type === 'refund.succeeded') {
      const refunded: string = listed.data.payment_intent;
      // @ts-expect-error a refund.succeeded event has no service_fee
      void listed.data.service_fee;
      void refunded;
    }
    void status;
  }
  // A stream starts from a time as Unix seconds, an RFC 3339 string or a Date.
  void nf.events.stream({ since: 1767258000 });
  void nf.events.stream({ since: '2026-01-01T09:00:00Z', type: 'payment_intent.succeeded' });
  void nf.events.stream({ since: new Date() });
  // @ts-expect-error since is a time, not a flag
  void nf.events.stream({ since: true });
  const retrieved: EventResource = await nf.events.retrieve('evt_x');
  handleDelivered(retrieved);
  handleDelivered(await nf.webhookEndpoint.sendTestEvent());
  const recovery: WebhookRecovery = await nf.webhookEndpoint.recover({ since: '2026-01-01T09:00:00Z' });
  const queued: number = (await nf.webhookEndpoint.recover({ since: 1767258000 })).queued;
  // @ts-expect-error since is required
  await nf.webhookEndpoint.recover({});

  const endpoint = await nf.webhookEndpoint.update({ url: 'https://example.com/hooks' });
  // @ts-expect-error the secret is only there when the endpoint was created: narrow first
  const noSecret: string = endpoint.secret;
  if ('secret' in endpoint) {
    const created: WebhookEndpointWithSecret = endpoint;
    void created;
  }
  // @ts-expect-error expires_in is a number of seconds
  await nf.webhookEndpoint.rollSecret({ expires_in: '1d' });
  const rolled: string = (await nf.webhookEndpoint.rollSecret()).secret;

  const balance: string = (await nf.balance.retrieve()).available;
  // @ts-expect-error top-up takes an amount
  await nf.testHelpers.topUp({});

  const event: NairaflowEvent = nf.webhooks.constructEvent('{}', 't=1,v1=00', 'whsec_x');
  if (event.type === 'payment_intent.succeeded') {
    const fee: string = event.data.service_fee;
    void fee;
  }
  // @ts-expect-error livemode is read-only
  nf.livemode = true;

  void [secret, amount, asNumber, maybeSecret, refunds, hasMore, all, noSecret, rolled, balance, recovery, queued];
}

describe('sdk: types', () => {
  it('rejects misspelt fields and wrong types at compile time (npm run typecheck)', () => {
    expect(typeChecks).to.be.a('function');
    expect(nf.livemode).to.equal(false);
  });

  it('fails the type check when the contract gains an error code that no error class handles', function () {
    this.timeout(120_000);
    ensureVerifierBuilt();
    // A copy of the SDK's sources, outside the repository (its own type check must never see it),
    // compiled as they are and then with one more code in the generated contract types.
    const dir = mkdtempSync(join(tmpdir(), 'nairaflow-error-codes-'));
    try {
      cpSync(join(root, 'sdk/src'), join(dir, 'src'), { recursive: true });
      symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
      const options = { strict: true, noEmit: true, target: 'es2024', lib: ['es2024', 'dom'], module: 'nodenext', moduleResolution: 'nodenext', allowImportingTsExtensions: true, skipLibCheck: true, types: ['node'] };
      writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: options, files: ['src/errors.ts'] }));
      // Run in the copy, so that tsc names its files relative to it.
      const tsc = () => spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', dir], { cwd: dir, encoding: 'utf8' });

      const asIs = tsc();
      expect(asIs.status, asIs.stdout + asIs.stderr).to.equal(0);

      const generated = join(dir, 'src/generated/openapi.ts');
      const text = readFileSync(generated, 'utf8');
      const union = 'code: "invalid_request" | ';
      expect(text.split(union), 'the generated error code union').to.have.length(2);
      writeFileSync(generated, text.replace(union, 'code: "card_expired" | "invalid_request" | '));
      const withNewCode = tsc();
      expect(withNewCode.status).to.not.equal(0);
      // The exhaustive switch of errors.ts names the code it has no case for.
      expect(withNewCode.stdout).to.match(/^src\/errors\.ts\(\d+,\d+\): error TS2322: Type '"card_expired"' is not assignable to type 'never'\.$/m);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
