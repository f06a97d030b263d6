// Every error the API reference shows as an example (the error responses' examples in openapi.yaml,
// and the one in its Errors section) is what the server answers to that request: each is made to
// happen here, against the real service, and the answer's code, param and message compared with the
// example's. An example with no way to make it happen here fails the test, so none can drift.
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { parse } from 'yaml';
import { idempotencyLockId } from '../../server/src/domain/idempotency.ts';
import type { Caller } from '../../server/src/domain/merchants.ts';
import { card, CARDS, confirm, createIntent, paidIntent } from '../support/payments.ts';
import { startTestService, type ApiResponse, type TestMerchant, type TestService } from '../support/service.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const contract = parse(readFileSync(join(root, 'openapi.yaml'), 'utf8')) as any;

interface ErrorExample {
  /** `Component/example` for a shared response, `operationId status/example` for an operation's own, `Errors section`. */
  where: string;
  error: { code: string; message: string; param?: string };
}

/** Every error example of the contract. */
function errorExamples(): ErrorExample[] {
  const found: ErrorExample[] = [];
  const collect = (prefix: string, response: any) => {
    for (const media of Object.values<any>(response?.content ?? {})) {
      for (const [name, example] of Object.entries<any>(media.examples ?? {})) {
        if (typeof example.value?.error?.code === 'string') found.push({ where: `${prefix}/${name}`, error: example.value.error });
      }
      if (typeof media.example?.error?.code === 'string') found.push({ where: `${prefix}/example`, error: media.example.error });
    }
  };
  for (const [name, response] of Object.entries<any>(contract.components.responses)) collect(name, response);
  for (const item of Object.values<any>(contract.paths)) {
    for (const op of Object.values<any>(item)) {
      for (const [status, response] of Object.entries<any>(op?.responses ?? {})) if (response.$ref === undefined) collect(`${op.operationId} ${status}`, response);
    }
  }
  const section = /## Errors\n[\s\S]*?```json\n([\s\S]*?)```/.exec(contract.info.description);
  if (section !== null) found.push({ where: 'Errors section', error: JSON.parse(section[1]!).error });
  return found;
}

/** Where the examples are made to happen: the service, and two more with low limits for the 429s. */
interface Scene {
  svc: TestService;
  /** RATE_LIMIT_PER_MINUTE=1. */
  limited: TestService;
  /** MAX_FAILED_ATTEMPTS_PER_CLIENT=1, and its own sign-in counts. */
  guarded: TestService;
  merchant(svc?: TestService): Promise<TestMerchant>;
}

interface Recipe {
  /** Makes the example happen; answers with the server's answer. */
  send(scene: Scene): Promise<ApiResponse>;
  /** The message carries a number that depends on timing or fees (seconds to wait, a balance): compared with numbers left out. */
  varies?: true;
}

const COUNTS = /\d+ (second|minute|hour)s?\b|\d+/g;
const withoutNumbers = (message: string) => message.replace(COUNTS, (_m, unit: string | undefined) => (unit === undefined ? 'N' : `N ${unit}(s)`));

/** A request made while another request holds `key` (the idempotency lock it takes), as a retry racing the first would be. */
async function whileKeyInUse(svc: TestService, merchant: TestMerchant, key: string, send: () => Promise<ApiResponse>): Promise<ApiResponse> {
  const client = new pg.Client({ connectionString: svc.database.url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [idempotencyLockId({ merchant: { id: merchant.id }, livemode: false } as Caller, key)]);
    return await send();
  } finally {
    await client.end();
  }
}

const RECIPES: Record<string, Recipe> = {
  'Errors section': {
    send: async ({ svc, merchant }) => svc.request('POST', '/v1/payment_intents', { key: (await merchant()).testKey, body: { amount: 0, currency: 'NGN' } }),
  },
  'BadRequest/invalidField': {
    send: async ({ svc, merchant }) => svc.request('POST', '/v1/payment_intents', { key: (await merchant()).testKey, body: { amount: 1.5, currency: 'NGN' } }),
  },
  'BadRequest/idempotencyKeyReused': {
    async send({ svc, merchant }) {
      const { testKey: key } = await merchant();
      const create = (amount: number) => svc.request('POST', '/v1/payment_intents', { key, headers: { 'Idempotency-Key': 'order-1042' }, body: { amount, currency: 'NGN' } });
      expect((await create(250_000)).status).to.equal(201);
      return create(300_000);
    },
  },
  'BadRequestOrUnexpectedState/unexpectedState': {
    async send({ svc, merchant }) {
      const shop = await merchant();
      const paid = await paidIntent(svc, shop);
      return svc.request('POST', `/v1/payment_intents/${paid.id}/cancel`, { key: shop.testKey });
    },
  },
  'Unauthorized/invalidApiKey': {
    send: ({ svc }) => svc.request('GET', '/v1/balance', { key: `sk_test_${'x'.repeat(24)}` }),
  },
  'Unauthorized/sessionEnded': {
    send: ({ svc }) => svc.request('GET', '/dashboard/api/api_keys', { headers: { 'nairaflow-mode': 'test' } }),
  },
  'Forbidden/csrfTokenMissing': {
    async send({ svc, merchant }) {
      const login = await svc.signIn(await merchant());
      return svc.request('DELETE', '/dashboard/api/session', { headers: { cookie: login.cookie } });
    },
  },
  'Forbidden/passwordConfirmationRequired': {
    async send({ svc, merchant }) {
      const login = await svc.signIn(await merchant());
      return svc.request('PUT', '/v1/webhook_endpoint', { session: login, body: { url: 'https://adire.example.com/webhooks/nairaflow' } });
    },
  },
  'NotFound/resourceMissing': {
    send: async ({ svc, merchant }) => svc.request('GET', '/v1/payment_intents/pi_2JIglADXcZSH0YR87yZi3eO4', { key: (await merchant()).testKey }),
  },
  'NotFound/refundMissing': {
    send: async ({ svc, merchant }) => svc.request('GET', '/v1/refunds/re_JurEN7BwFUda4lR3dP5WbDqI', { key: (await merchant()).testKey }),
  },
  'NotFound/eventMissing': {
    send: async ({ svc, merchant }) => svc.request('GET', '/v1/events/evt_mmFhLZKiP4cIuelfT4fOKx2A', { key: (await merchant()).testKey }),
  },
  'Conflict/idempotencyKeyInUse': {
    async send({ svc, merchant }) {
      const shop = await merchant();
      return whileKeyInUse(svc, shop, 'order-1042', () =>
        svc.request('POST', '/v1/payment_intents', { key: shop.testKey, headers: { 'Idempotency-Key': 'order-1042' }, body: { amount: 250_000, currency: 'NGN' } }),
      );
    },
  },
  'PayloadTooLarge/requestTooLarge': {
    send: async ({ svc, merchant }) =>
      svc.request('POST', '/v1/payment_intents', { key: (await merchant()).testKey, rawBody: JSON.stringify({ amount: 1000, currency: 'NGN', description: 'x'.repeat(70_000) }) }),
  },
  'TooManyRequests/rateLimited': {
    varies: true,
    async send({ limited, merchant }) {
      const { testKey: key } = await merchant(limited);
      await limited.request('GET', '/v1/balance', { key });
      return limited.request('GET', '/v1/balance', { key });
    },
  },
  'PaymentAttemptTooManyRequests/failedAttempts': {
    varies: true,
    async send({ guarded, merchant }) {
      const intent = await createIntent(guarded, (await merchant(guarded)).testKey);
      expect((await confirm(guarded, intent, { card: card(CARDS.declined) })).body.last_error).to.not.equal(null);
      return confirm(guarded, intent);
    },
  },
  'ConfirmBadRequest/luhn': {
    send: async ({ svc, merchant }) => confirm(svc, await createIntent(svc, (await merchant()).testKey), { card: card('4084 0840 8408 4082') }),
  },
  'ConfirmBadRequest/expired': {
    async send({ svc, merchant }) {
      const lastYear = new Date().getUTCFullYear() - 1;
      return confirm(svc, await createIntent(svc, (await merchant()).testKey), { card: { ...card(CARDS.success), exp_month: 12, exp_year: lastYear } });
    },
  },
  'ConfirmBadRequest/emailRequired': {
    send: async ({ svc, merchant }) => confirm(svc, await createIntent(svc, (await merchant()).testKey, { customer: undefined })),
  },
  'ConfirmBadRequest/unexpectedState': {
    async send({ svc, merchant }) {
      const paid = await paidIntent(svc, await merchant());
      return confirm(svc, paid);
    },
  },
  'OtpBadRequest/invalidOtp': {
    async send({ svc, merchant }) {
      const intent = await createIntent(svc, (await merchant()).testKey);
      return svc.request('POST', `/v1/payment_intents/${intent.id}/otp`, { body: { client_secret: intent.client_secret, otp: '12' } });
    },
  },
  'OtpBadRequest/noOtpAwaited': {
    async send({ svc, merchant }) {
      const intent = await createIntent(svc, (await merchant()).testKey);
      return svc.request('POST', `/v1/payment_intents/${intent.id}/otp`, { body: { client_secret: intent.client_secret, otp: '1234' } });
    },
  },
  'AuthenticateBadRequest/wrongStep': {
    async send({ svc, merchant }) {
      const intent = await createIntent(svc, (await merchant()).testKey);
      await svc.request('POST', `/v1/payment_intents/${intent.id}/confirm`, { body: { client_secret: intent.client_secret, method: 'card', card: card(CARDS.otp) } });
      return svc.request('POST', `/v1/payment_intents/${intent.id}/authenticate`, { body: { client_secret: intent.client_secret, pin: '1234' } });
    },
  },
  'AuthenticateBadRequest/nothingAwaited': {
    async send({ svc, merchant }) {
      const intent = await createIntent(svc, (await merchant()).testKey);
      return svc.request('POST', `/v1/payment_intents/${intent.id}/authenticate`, { body: { client_secret: intent.client_secret, otp: '123456' } });
    },
  },
  'RefundBadRequest/notSucceeded': {
    async send({ svc, merchant }) {
      const shop = await merchant();
      const intent = await createIntent(svc, shop.testKey);
      return svc.request('POST', '/v1/refunds', { key: shop.testKey, body: { payment_intent: intent.id } });
    },
  },
  'RefundBadRequest/amountTooLarge': {
    async send({ svc, merchant }) {
      const shop = await merchant();
      const paid = await paidIntent(svc, shop, 250_000);
      await svc.request('POST', '/v1/test_helpers/top_up', { key: shop.testKey, body: { amount: 1_000_000 } });
      expect((await svc.request('POST', '/v1/refunds', { key: shop.testKey, body: { payment_intent: paid.id, amount: 50_000 } })).status).to.equal(201);
      return svc.request('POST', '/v1/refunds', { key: shop.testKey, body: { payment_intent: paid.id, amount: 250_000 } });
    },
  },
  'RefundBadRequest/fullyRefunded': {
    async send({ svc, merchant }) {
      const shop = await merchant();
      const paid = await paidIntent(svc, shop);
      await svc.request('POST', '/v1/test_helpers/top_up', { key: shop.testKey, body: { amount: 1_000_000 } });
      expect((await svc.request('POST', '/v1/refunds', { key: shop.testKey, body: { payment_intent: paid.id } })).status).to.equal(201);
      return svc.request('POST', '/v1/refunds', { key: shop.testKey, body: { payment_intent: paid.id } });
    },
  },
  'RefundBadRequest/idempotencyKeyReused': {
    async send({ svc, merchant }) {
      const shop = await merchant();
      const paid = await paidIntent(svc, shop);
      const refund = (amount: number) => svc.request('POST', '/v1/refunds', { key: shop.testKey, headers: { 'Idempotency-Key': 'refund-1042' }, body: { payment_intent: paid.id, amount } });
      expect((await refund(10_000)).status).to.equal(201);
      return refund(20_000);
    },
  },
  'CheckoutNotFound/resourceMissing': {
    async send({ svc, merchant }) {
      const intent = await createIntent(svc, (await merchant()).testKey);
      return svc.request('GET', `/v1/payment_intents/${intent.id}/checkout?client_secret=${intent.id}_secret_${'x'.repeat(24)}`);
    },
  },
  'RefundPaymentIntentNotFound/resourceMissing': {
    send: async ({ svc, merchant }) => svc.request('POST', '/v1/refunds', { key: (await merchant()).testKey, body: { payment_intent: 'pi_2JIglADXcZSH0YR87yZi3eO4' } }),
  },
  'TestHelperNotFound/liveMode': {
    send: async ({ svc, merchant }) => svc.request('POST', '/v1/test_helpers/top_up', { key: (await merchant()).liveKey, body: { amount: 10_000 } }),
  },
  'PayoutAccountNotFound/none': {
    async send({ svc, merchant }) {
      return svc.request('GET', '/v1/payout_account', { key: (await merchant()).testKey });
    },
  },
  'PayoutAccountBadRequest/doesNotResolve': {
    async send({ svc, merchant }) {
      return svc.request('PUT', '/v1/payout_account', { key: (await merchant()).testKey, body: { bank_code: '058', account_number: '0000000000' } });
    },
  },
  'PayoutAccountBadRequest/unknownBank': {
    async send({ svc, merchant }) {
      return svc.request('PUT', '/v1/payout_account', { key: (await merchant()).testKey, body: { bank_code: '999', account_number: '0123456789' } });
    },
  },
  'PayoutBadRequest/noPayoutAccount': {
    async send({ svc, merchant }) {
      return svc.request('POST', '/v1/payouts', { key: (await merchant()).testKey, body: { amount: 100_000 } });
    },
  },
  'PayoutConflict/insufficientBalance': {
    async send({ svc, merchant }) {
      const shop = await merchant();
      await svc.request('PUT', '/v1/payout_account', { key: shop.testKey, body: { bank_code: '058', account_number: '0123456789' } });
      await svc.request('POST', '/v1/test_helpers/top_up', { key: shop.testKey, body: { amount: 30_000 } });
      return svc.request('POST', '/v1/payouts', { key: shop.testKey, body: { amount: 100_000 } });
    },
  },
  'RefundConflict/insufficientBalance': {
    varies: true,
    async send({ svc, merchant }) {
      const shop = await merchant();
      const paid = await paidIntent(svc, shop, 50_000);
      return svc.request('POST', '/v1/refunds', { key: shop.testKey, body: { payment_intent: paid.id } });
    },
  },
  'RefundConflict/idempotencyKeyInUse': {
    async send({ svc, merchant }) {
      const shop = await merchant();
      const paid = await paidIntent(svc, shop);
      return whileKeyInUse(svc, shop, 'refund-1042', () =>
        svc.request('POST', '/v1/refunds', { key: shop.testKey, headers: { 'Idempotency-Key': 'refund-1042' }, body: { payment_intent: paid.id } }),
      );
    },
  },
  'WebhookEndpointBadRequest/notAbsolute': {
    send: async ({ svc, merchant }) => svc.request('PUT', '/v1/webhook_endpoint', { key: (await merchant()).testKey, body: { url: 'webhooks/nairaflow' } }),
  },
  'WebhookEndpointBadRequest/httpInLiveMode': {
    send: async ({ svc, merchant }) => svc.request('PUT', '/v1/webhook_endpoint', { key: (await merchant()).liveKey, body: { url: 'http://adire.example.com/webhooks/nairaflow' } }),
  },
  'WebhookEndpointBadRequest/privateAddress': {
    send: async ({ svc, merchant }) => svc.request('PUT', '/v1/webhook_endpoint', { key: (await merchant()).liveKey, body: { url: 'https://10.0.0.12/webhooks/nairaflow' } }),
  },
  'WebhookEndpointNotFound/noEndpoint': {
    send: async ({ svc, merchant }) => svc.request('GET', '/v1/webhook_endpoint', { key: (await merchant()).testKey }),
  },
  'RedeliverBadRequest/noEndpoint': {
    async send({ svc, merchant }) {
      const { testKey: key } = await merchant();
      const event = await svc.request('POST', '/v1/webhook_endpoint/test_event', { key });
      return svc.request('POST', `/v1/events/${event.body.id}/redeliver`, { key });
    },
  },
  'UnexpectedError/internalError': {
    async send({ svc, merchant }) {
      const { testKey: key } = await merchant();
      const em = svc.service.orm.em.fork();
      // A fault of ours, as far as the request can tell: a table it needs is not there.
      await em.execute('alter table payment_intents rename to payment_intents_away');
      try {
        return await svc.request('POST', '/v1/payment_intents', { key, body: { amount: 1000, currency: 'NGN' } });
      } finally {
        await em.execute('alter table payment_intents_away rename to payment_intents');
      }
    },
  },
  'UnexpectedError/serviceUnavailable': {
    async send({ svc, merchant }) {
      const { testKey: key } = await merchant();
      const em = svc.service.orm.em.fork();
      // The database answering as one that is starting up does (57P03, cannot_connect_now).
      await em.execute(`create function refuse_as_starting() returns trigger language plpgsql as $$ begin raise exception 'the database system is starting up' using errcode = '57P03'; end $$`);
      await em.execute('create trigger refuse_as_starting before insert on payment_intents for each row execute function refuse_as_starting()');
      try {
        return await svc.request('POST', '/v1/payment_intents', { key, body: { amount: 1000, currency: 'NGN' } });
      } finally {
        await em.execute('drop trigger refuse_as_starting on payment_intents');
        await em.execute('drop function refuse_as_starting()');
      }
    },
  },
  'signIn 401/invalidCredentials': {
    send: async ({ svc, merchant }) => svc.request('POST', '/dashboard/api/session', { body: { email: (await merchant()).dashboardEmail, password: 'not the password' } }),
  },
  'confirmPassword 401/wrongPassword': {
    async send({ svc, merchant }) {
      const login = await svc.signIn(await merchant());
      return svc.request('POST', '/dashboard/api/session/password_confirmation', { session: login, body: { password: 'not the password' } });
    },
  },
  'confirmPassword 429/slowedDown': {
    varies: true,
    async send({ guarded, merchant }) {
      const login = await guarded.signIn(await merchant(guarded));
      for (;;) {
        const res = await guarded.request('POST', '/dashboard/api/session/password_confirmation', { session: login, body: { password: 'not the password' } });
        if (res.status !== 401) return res;
      }
    },
  },
  'signIn 429/slowedDown': {
    varies: true,
    async send({ guarded, merchant }) {
      const { dashboardEmail: email } = await merchant(guarded);
      for (;;) {
        const res = await guarded.request('POST', '/dashboard/api/session', { body: { email, password: 'not the password' } });
        if (res.status !== 401) return res;
      }
    },
  },
};

describe('the error examples of the API reference', () => {
  let scene: Scene;

  before(async function () {
    this.timeout(120_000);
    const [svc, limited, guarded] = await Promise.all([
      startTestService('error_examples'),
      startTestService('error_examples_limited', { RATE_LIMIT_PER_MINUTE: '1' }),
      startTestService('error_examples_guarded', { MAX_FAILED_ATTEMPTS_PER_CLIENT: '1' }),
    ]);
    let shops = 0;
    scene = { svc, limited, guarded, merchant: (on = svc) => on.createMerchant(`Shop ${++shops}`) };
  });
  after(async () => {
    await Promise.all([scene?.svc.stop(), scene?.limited.stop(), scene?.guarded.stop()]);
  });

  it('has a way to make each one happen here, and none for an example that is gone', () => {
    const examples = errorExamples().map((e) => e.where);
    expect(examples.length).to.be.greaterThan(30);
    expect(examples.filter((where) => RECIPES[where] === undefined), 'examples with no recipe below').to.deep.equal([]);
    expect(Object.keys(RECIPES).filter((where) => !examples.includes(where)), 'recipes for no example').to.deep.equal([]);
  });

  it("shows each error as the server gives it for that request: its code, param and message", async function () {
    this.timeout(300_000);
    const problems: string[] = [];
    for (const { where, error } of errorExamples()) {
      const recipe = RECIPES[where];
      if (recipe === undefined) continue;
      const answer = (await recipe.send(scene)).body?.error;
      const shown = { code: error.code, param: error.param, message: recipe.varies ? withoutNumbers(error.message) : error.message };
      const given = { code: answer?.code, param: answer?.param, message: recipe.varies ? withoutNumbers(String(answer?.message)) : answer?.message };
      if (JSON.stringify(shown) !== JSON.stringify(given)) problems.push(`${where}:\n  the reference shows ${JSON.stringify(shown)}\n  the server gives   ${JSON.stringify(given)}`);
    }
    expect(problems.join('\n')).to.equal('');
  });
});
