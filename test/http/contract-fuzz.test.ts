// Malformed requests thrown at every operation of openapi.yaml, generated from the contract (see
// test/support/fuzz-cases.ts): whatever is wrong with a request, the answer is a 4xx in the one
// error shape with its x-request-id, and nothing in the database changes. Each operation's cases
// run as one batch between two fingerprints of every table: concurrently for an operation that only
// reads, one at a time (with fresh fixtures after anything wrongly accepted) for one that writes.
import pg from 'pg';
import { fuzzPlan, judge, send, type Answer, type Fixtures, type FuzzCase } from '../support/fuzz-cases.ts';
import { card, CARDS, confirm, createIntent, paidIntent, waitFor } from '../support/payments.ts';
import { startReceiver, type Receiver } from '../support/receiver.ts';
import { startTestService, type DashboardLogin, type TestMerchant, type TestService } from '../support/service.ts';

const plan = fuzzPlan();
const operationCaseCount = plan.operations.reduce((n, op) => n + op.cases.length, 0);
const caseCount = operationCaseCount + plan.server.length;
/**
 * Requests in flight at once within a batch of an operation that only reads. An operation that
 * changes something sends its cases one at a time, and after a case it wrongly accepted (which may
 * have used up its fixture: rolled the key, ended the session, deleted the endpoint, canceled the
 * intent) the next case gets fresh fixtures, so that no case passes only because an earlier one
 * broke what it needed.
 */
const CONCURRENCY = 16;

/**
 * The state an operation's own open intent must be in for its well-formed request to succeed, so
 * that a malformed request it wrongly accepts shows as a 2xx and a changed table rather than as a
 * 400 about the intent's state.
 */
const PREPARE_OPEN_INTENT: Record<string, (svc: TestService, intent: { id: string; client_secret: string }) => Promise<void>> = {
  // An OTP is awaited only after a confirm with the OTP test card.
  submitPaymentIntentOtp: async (svc, intent) => {
    const res = await confirm(svc, intent, { card: card(CARDS.otp) });
    if (res.body?.next_action?.type !== 'otp') throw new Error(`setup: no OTP awaited: ${res.text}`);
  },
};

interface Outcome {
  kase: FuzzCase;
  answer: Answer;
  problems: string[];
}

const errorCodeOf = (answer: Answer): string | undefined => {
  try {
    return (JSON.parse(answer.text) as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
};

/**
 * The tables a refused request may still change, and when. Every other table of the public schema
 * must be byte-for-byte the same after a batch. (pg-boss keeps its queue in its own schema, which
 * its maintenance rewrites all the time; it is not part of the fingerprint.)
 */
const MAY_CHANGE: { table: string; why: string; when: (outcomes: Outcome[]) => boolean }[] = [
  {
    table: 'dashboard_sign_in_attempts',
    why: 'signIn counts every failed sign-in (the contract slows down repeated wrong passwords), so a well-formed sign-in refused with invalid_credentials or rate_limited is counted',
    when: (outcomes) => outcomes.some((o) => ['invalid_credentials', 'rate_limited'].includes(errorCodeOf(o.answer) ?? '')),
  },
  {
    table: 'rate_limit_hits',
    why: 'every /v1 request counts against its client IP, refused or not (this table is used only with RATE_LIMIT_STORE=postgres; this file runs the in-memory store)',
    when: () => true,
  },
];

describe(`the contract, fuzzed: ${caseCount} malformed requests get a 4xx in the one error shape and change nothing`, () => {
  let svc: TestService;
  let db: pg.Client;
  let receiver: Receiver;
  let shop: TestMerchant; // the /v1 operations, with its secret key
  let owner: TestMerchant; // the dashboard operations, with its session
  let login: DashboardLogin;
  let signInUser: TestMerchant; // whose real credentials signIn's cases start from
  let paid: { id: string; client_secret: string };
  const ids: Record<string, string> = {};
  let ran = 0;
  let failed = 0;

  before(async function () {
    this.timeout(60_000);
    svc = await startTestService('contract_fuzz');
    db = new pg.Client({ connectionString: svc.database.url });
    db.on('error', () => undefined);
    await db.connect();
    receiver = await startReceiver();
    shop = await svc.createMerchant('Fuzz Shop');
    owner = await svc.createMerchant('Fuzz Dashboard');
    signInUser = await svc.createMerchant('Fuzz Sign-in');
    login = await svc.signIn(owner);

    const ok = async (method: string, path: string, body?: unknown) => {
      const res = await svc.request(method, path, { key: shop.testKey, ...(body === undefined ? {} : { body }) });
      if (res.status >= 300) throw new Error(`setup: ${method} ${path} answered ${res.status} ${res.text}`);
      return res.body;
    };
    ids['WebhookEndpointId'] = (await ok('PUT', '/v1/webhook_endpoint', { url: receiver.url })).id;
    paid = await paidIntent(svc, shop);
    ids['RefundId'] = (await ok('POST', '/v1/refunds', { payment_intent: paid.id, amount: 1000 })).id;
    ids['EventId'] = (await ok('POST', '/v1/webhook_endpoint/test_event')).id;
    ids['BalanceEntryId'] = (await ok('GET', '/v1/balance/entries')).data[0].id;
    const keys = await svc.request('GET', '/dashboard/api/api_keys', { session: login });
    ids['ApiKeyId'] = keys.body.data.find((k: { livemode: boolean }) => !k.livemode).id;
    await settle();
    ids['DeliveryId'] = (await ok('GET', `/v1/events/${ids['EventId']}/deliveries`)).data[0].id;
  });

  after(async () => {
    console.log(`contract fuzz: ran ${ran} of ${caseCount} cases (${operationCaseCount} over ${plan.operations.length} operations, ${plan.server.length} outside them); ${failed} failed`);
    await db?.end().catch(() => undefined);
    await receiver?.close();
    await svc?.stop();
  });

  /** Ids, secrets and credentials of real objects, so that only the malformed part is judged. */
  const fixtures = (open: { id: string; client_secret: string } | undefined): Fixtures => ({
    secretKey: shop.testKey,
    session: login,
    real(name, where) {
      switch (name) {
        // An operation on an intent by its path (and the Checkout operations, by its client secret)
        // gets an intent of its own that can still be paid or canceled; fields naming an intent
        // elsewhere (a refund's payment_intent, list filters) get the succeeded one.
        case 'PaymentIntentId':
          return where === 'path' && open !== undefined ? open.id : paid.id;
        case 'ClientSecret':
          return open?.client_secret;
        case 'SignInRequest':
          return { email: signInUser.dashboardEmail, password: signInUser.dashboardPassword };
        default:
          return ids[name];
      }
    },
  });

  /** Waits until no webhook delivery or payment is still in flight, so that a fingerprint holds still. */
  async function settle(): Promise<void> {
    await waitFor('background work to finish', async () => {
      const { rows } = await db.query<{ busy: number }>(
        `select (select count(*) from events where delivery_status = 'pending')
              + (select count(*) from webhook_deliveries where finished_at is null)
              + (select count(*) from payment_intents where status = 'processing') as busy`,
      );
      return Number(rows[0]!.busy) === 0 ? true : undefined;
    });
  }

  /** Per table of the public schema: its row count and an md5 of all its rows. */
  async function fingerprint(): Promise<Map<string, { rows: number; md5: string }>> {
    const { rows: tables } = await db.query<{ name: string }>(
      `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
    const { rows } = await db.query<{ name: string; rows: number; md5: string }>(
      tables
        .map(
          ({ name }) =>
            `select '${name.replaceAll("'", "''")}' as name, count(*)::int as rows, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as md5 from public.${quoted(name)} t`,
        )
        .join(' union all '),
    );
    return new Map(rows.map((r) => [r.name, { rows: r.rows, md5: r.md5 }]));
  }

  /** Puts back what an accepted malformed request may have broken: the session, the endpoint, the key id. */
  async function restore(): Promise<string[]> {
    const notes: string[] = [];
    const balance = await svc.request('GET', '/v1/balance', { key: shop.testKey });
    if (balance.status !== 200) throw new Error(`the secret key stopped working (${balance.status}); the cases would be judged unauthenticated`);
    if ((await svc.request('GET', '/dashboard/api/session', { session: login })).status !== 200) {
      login = await svc.signIn(owner);
      notes.push('the dashboard session had ended and was signed in again');
    }
    const endpoint = await svc.request('GET', '/v1/webhook_endpoint', { key: shop.testKey });
    if (endpoint.status !== 200 || endpoint.body.url !== receiver.url) {
      await svc.request('PUT', '/v1/webhook_endpoint', { key: shop.testKey, body: { url: receiver.url } });
      notes.push('the webhook endpoint was missing or changed and was set again');
    }
    const keys = await svc.request('GET', '/dashboard/api/api_keys', { session: login });
    const testKeyId = keys.body.data.find((k: { livemode: boolean }) => !k.livemode).id as string;
    if (testKeyId !== ids['ApiKeyId']) {
      ids['ApiKeyId'] = testKeyId;
      notes.push('the dashboard merchant\'s test key had been rolled; its new id is used');
    }
    return notes;
  }

  /** An intent of the operation's own, in the state its well-formed request needs (see PREPARE_OPEN_INTENT). */
  async function openIntentFor(operationId: string): Promise<{ id: string; client_secret: string }> {
    const intent = await createIntent(svc, shop.testKey);
    await PREPARE_OPEN_INTENT[operationId]?.(svc, intent);
    return intent;
  }

  async function runOne(kase: FuzzCase, fx: Fixtures, documented?: number[]): Promise<Outcome> {
    const answer = await send(svc.url, kase.build(fx));
    ran++;
    return { kase, answer, problems: judge(answer, kase, plan.errors, documented) };
  }

  async function runConcurrently(cases: FuzzCase[], fx: Fixtures, documented?: number[]): Promise<Outcome[]> {
    const outcomes: Outcome[] = new Array(cases.length);
    let next = 0;
    const worker = async () => {
      while (next < cases.length) {
        const i = next++;
        outcomes[i] = await runOne(cases[i]!, fx, documented);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    return outcomes;
  }

  const accepted = (answer: Answer) => answer.status >= 200 && answer.status < 400;

  /** The tables that changed although no answer allows it. */
  function changedTables(before: Map<string, { rows: number; md5: string }>, after: Map<string, { rows: number; md5: string }>, outcomes: Outcome[]): string[] {
    const problems: string[] = [];
    for (const [table, now] of after) {
      const was = before.get(table);
      if (was !== undefined && was.md5 === now.md5) continue;
      const allowance = MAY_CHANGE.find((m) => m.table === table);
      if (allowance !== undefined && allowance.when(outcomes)) continue;
      problems.push(`table ${table} changed (${was?.rows ?? 'no'} rows before, ${now.rows} after)`);
    }
    return problems;
  }

  const oneLine = (text: string) => text.replace(/\s+/g, ' ').slice(0, 200);

  function verdict(outcomes: Outcome[], tableProblems: string[], notes: string[]): void {
    const bad = outcomes.filter((o) => o.problems.length > 0);
    failed += bad.length;
    if (bad.length === 0 && tableProblems.length === 0) return;
    const lines = [
      `${bad.length} of ${outcomes.length} cases failed${tableProblems.length > 0 ? ', and the database changed' : ''}:`,
      ...bad.map((o) => `  ✗ ${o.kase.label}: ${o.problems.join('; ')} — got ${o.answer.status} ${oneLine(o.answer.text)}`),
      ...tableProblems.map((p) => `  ✗ database: ${p}${outcomes.some((o) => accepted(o.answer)) ? ' (by the accepted requests above, or by putting back what they used up)' : ''}`),
      ...notes.map((n) => `  (before this batch ${n})`),
    ];
    throw new Error(lines.join('\n'));
  }

  for (const op of plan.operations) {
    it(`refuses all ${op.cases.length} malformed requests to ${op.operationId} (${op.method} ${op.path}) with a 4xx error, changing no table`, async function () {
      this.timeout(60_000);
      const notes = await restore();
      let open = op.needsOpenIntent ? await openIntentFor(op.operationId) : undefined;
      await settle();
      const before = await fingerprint();
      let outcomes: Outcome[];
      if (op.method === 'GET') {
        outcomes = await runConcurrently(op.cases, fixtures(open), op.documented);
      } else {
        outcomes = [];
        for (const kase of op.cases) {
          const outcome = await runOne(kase, fixtures(open), op.documented);
          outcomes.push(outcome);
          if (accepted(outcome.answer)) {
            await restore();
            if (open !== undefined) open = await openIntentFor(op.operationId);
          }
        }
      }
      await settle();
      verdict(outcomes, changedTables(before, await fingerprint(), outcomes), notes);
    });
  }

  it(`refuses all ${plan.server.length} malformed requests outside the operations (undecodable paths, OPTIONS and wrong methods, raw HTTP) with a 4xx error, changing no table`, async function () {
    this.timeout(60_000);
    const notes = await restore();
    const open = await openIntentFor('');
    await settle();
    const before = await fingerprint();
    const outcomes = await runConcurrently(plan.server, fixtures(open));
    await settle();
    verdict(outcomes, changedTables(before, await fingerprint(), outcomes), notes);
  });
});
