// Flat as the data grows: the API's p99 for the reads and writes merchants make most, first on a
// (nearly) empty database, then on one seeded with set-based SQL (no API calls) to the issue's
// sizes: 1,000,000 payment intents, 2,000,000 events each with a delivery, 1,000,000 idempotency
// keys, across 1,000 merchants. The bench's own merchant is a large one (a tenth of the intents
// and events), so that its lists and deep pages run over real volumes.
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { withClient } from './measure.ts';

export interface SeedSizes {
  merchants: number;
  intents: number;
  events: number;
  idempotencyKeys: number;
}

export const FULL_SEED: SeedSizes = { merchants: 1000, intents: 1_000_000, events: 2_000_000, idempotencyKeys: 1_000_000 };
export const QUICK_SEED: SeedSizes = { merchants: 100, intents: 50_000, events: 100_000, idempotencyKeys: 50_000 };

/** The seeded intents' creation times span this many days, the last one ending now. */
const SPAN_DAYS = 90;
/** Customers per merchant: with a tenth of a million intents, each pays about 20 times. */
const CUSTOMERS = 5000;
/** What the descriptions name, one each: a word of one finds a twentieth of a merchant's intents. */
const PRODUCTS = [
  'ankara fabric', 'leather sandals', 'phone case', 'rice bag', 'palm oil', 'laptop charger', 'wireless earbuds', 'school fees',
  'data bundle', 'jollof catering', 'hair extensions', 'solar lamp', 'gas refill', 'tailoring', 'generator repair', 'airtime',
  'textbooks', 'pharmacy', 'delivery', 'event ticket',
];
const sqlArray = (words: readonly string[]) => `array[${words.map((w) => `'${w}'`).join(', ')}]`;
const orderId = (n: string) => `'ORD-' || lpad(${n}::text, 8, '0')`;
const customerEmail = (customer: string) => `'Customer' || ${customer} || '@Example.com'`;
/** Of the paid intents, one in 25 is refunded in full and one in 25 by half. */
const refunded = (n: string) =>
  `case when ${n} % 4 = 0 then 0 when (${n} / 10) % 25 = 3 then 1000 + (${n} % 500) * 100 when (${n} / 10) % 25 = 7 then (1000 + (${n} % 500) * 100) / 2 else 0 end`;

/** What the seed made: how long it took, and ids the measurements need. */
export interface Seeded {
  seconds: number;
  sizes: SeedSizes;
}

/**
 * Seeds `databaseUrl` (already migrated, with the bench merchant `merchantId`) to `sizes`. Every
 * row is made by a handful of INSERT ... SELECT FROM generate_series statements; then the tables
 * are analysed, as autovacuum would do on a live database.
 */
export async function seed(databaseUrl: string, merchantId: string, sizes: SeedSizes, tag = 'seed'): Promise<Seeded> {
  if (!/^[a-z]{4}$/.test(tag)) throw new Error('a seed tag is four letters: ids are the prefix, the tag and 20 digits');
  const started = performance.now();
  await withClient(databaseUrl, async (c) => {
    const run = (text: string, values: unknown[] = []) => c.query(text, values);
    // The other merchants: m = 1 .. merchants - 1, with a key each.
    await run(
      `insert into merchants (id, name, logo_url, created_at)
       select 'acct_${tag}' || lpad(m::text, 20, '0'), 'Seeded ' || m, null, now() from generate_series(1, $1 - 1) m`,
      [sizes.merchants],
    );
    await run(
      `insert into api_keys (id, merchant_id, livemode, key_hash, last4, created_at)
       select 'key_${tag}' || lpad(m::text, 20, '0'), 'acct_${tag}' || lpad(m::text, 20, '0'), false, md5(m::text) || md5('k' || m), 'seed', now()
         from generate_series(1, $1 - 1) m`,
      [sizes.merchants],
    );
    // Intents: a tenth for the bench merchant, the rest spread over the others; created over the
    // last SPAN_DAYS days, most paid. The database is seeded in the state the service keeps it in,
    // so that the bench measures the service at this size, not it catching up: an unpaid intent
    // older than its day has been expired (canceled) already, as the expiry job would have done.
    // What a search finds is there as merchants have it: every customer (CUSTOMERS of them per
    // merchant, each e-mail stored in mixed case) pays about 20 times, two in three with a phone;
    // the description names the order and one of PRODUCTS; the metadata holds the order's id and
    // a channel (a value a quarter of all intents share).
    const owner = (n: string) => `case when ${n} % 10 = 0 or $3 = 1 then $2 else 'acct_${tag}' || lpad((1 + ${n} % greatest($3 - 1, 1))::text, 20, '0') end`;
    const age = `make_interval(secs => (n * ${SPAN_DAYS * 86_400}.0 / $1))`;
    const expired = `n % 4 = 0 and n * ${SPAN_DAYS * 86_400}.0 / $1 >= 86000`;
    const customer = `((n / 10) % ${CUSTOMERS})`;
    await run(
      `insert into payment_intents (id, merchant_id, livemode, amount, currency, description, metadata, status, method,
                                    customer_email, customer_phone, client_secret_hash, amount_refunded, service_fee, created_at, expires_at, succeeded_at,
                                    cancellation_reason, canceled_at)
       select 'pi_${tag}' || lpad(n::text, 20, '0'), ${owner('n')}, false, 1000 + (n % 500) * 100, 'NGN',
              'Order ' || n || ': ' || (${sqlArray(PRODUCTS)})[1 + (n / 10) % ${PRODUCTS.length}],
              jsonb_build_object('order_id', ${orderId('n')}, 'channel', (array['web', 'app', 'pos', 'whatsapp'])[1 + (n / 3) % 4]),
              case when n % 4 <> 0 then 'succeeded' when ${expired} then 'canceled' else 'requires_authentication' end,
              case when n % 4 = 0 then null else 'card' end,
              ${customerEmail(customer)}, case when n % 3 = 0 then null else '+234803' || lpad(${customer}::text, 7, '0') end,
              md5(n::text), ${refunded('n')},
              case when n % 4 = 0 then null else 15 + (n % 500) * 2 end,
              now() - ${age}, now() - ${age} + interval '1 day',
              case when n % 4 = 0 then null else now() - ${age} + interval '1 minute' end,
              case when ${expired} then 'expired' end,
              case when ${expired} then now() - ${age} + interval '1 day' end
         from generate_series(1, $1) n`,
      [sizes.intents, merchantId, sizes.merchants],
    );
    // The refunds those amounts refunded, each made two days after its payment (or now, if sooner).
    await run(
      `insert into refunds (id, merchant_id, livemode, payment_intent_id, amount, status, created_at)
       select 're_${tag}' || substr(id, 8), merchant_id, livemode, id, amount_refunded, 'succeeded', least(now(), succeeded_at + interval '2 days')
         from payment_intents where id like 'pi\\_${tag}%' and amount_refunded > 0`,
    );
    // Events (two per intent's worth), each delivered once, over the last 29 days: older ones the
    // retention job has removed (EVENT_RETENTION_DAYS, 30).
    await run(
      `insert into events (id, merchant_id, livemode, type, payment_intent_id, payload, created_at, delivery_status, attempts, next_attempt_at)
       select 'evt_${tag}' || lpad(e::text, 20, '0'), ${owner('(e / 2)')}, false,
              case when e % 2 = 0 then 'payment_intent.succeeded' else 'payment_intent.failed' end,
              'pi_${tag}' || lpad((e / 2 + 1)::text, 20, '0'),
              json_build_object('id', 'evt_${tag}' || lpad(e::text, 20, '0'), 'type', 'payment_intent.failed',
                                'created', 0, 'livemode', false, 'data', json_build_object('id', 'pi', 'last_error', 'card_declined'))::text,
              now() - make_interval(secs => (e * 2505600.0 / $1)), 'succeeded', 1, null
         from generate_series(1, $1) e`,
      [sizes.events, merchantId, sizes.merchants],
    );
    await run(
      `insert into webhook_deliveries (id, event_id, attempt, trigger, schedule_step, url, started_at, finished_at, duration_ms, response_status, response_body)
       select 'whd_${tag}' || lpad(e::text, 20, '0'), 'evt_${tag}' || lpad(e::text, 20, '0'), 1, 'scheduled', 1, 'https://shop.example.com/hooks',
              now() - make_interval(secs => (e * 2505600.0 / $1)), now() - make_interval(secs => (e * 2505600.0 / $1)), 35, 200, 'ok'
         from generate_series(1, $1) e`,
      [sizes.events],
    );
    // Idempotency keys of the last day (older ones are gone).
    await run(
      `insert into idempotency_keys (merchant_id, livemode, key, operation, fingerprint, response_status, response_body, created_at)
       select ${owner('k')}, false, 'seed-key-${tag}-' || k, 'createPaymentIntent', '{"v":2,"params":{},"filled":{}}', 201, '{}',
              now() - make_interval(secs => (k * 86000.0 / $1))
         from generate_series(1, $1) k`,
      [sizes.idempotencyKeys, merchantId, sizes.merchants],
    );
    for (const table of ['merchants', 'api_keys', 'payment_intents', 'refunds', 'events', 'webhook_deliveries', 'idempotency_keys']) {
      await run(`vacuum analyze ${table}`);
    }
  });
  return { seconds: Math.round((performance.now() - started) / 100) / 10, sizes };
}

/** An id of the bench merchant's intents about `depth` of the way down its list (0 newest, 1 oldest). */
export async function intentAtDepth(client: pg.Client, merchantId: string, depth: number): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `select id from payment_intents where merchant_id = $1 and livemode = false
      order by created_at desc, id desc offset (select floor(count(*) * $2::float8)::bigint from payment_intents where merchant_id = $1 and livemode = false) limit 1`,
    [merchantId, depth],
  );
  if (rows[0] === undefined) throw new Error('no intent at that depth');
  return rows[0].id;
}

/** What a merchant searches its payments for, each taken from one of the bench merchant's intents halfway down its list. */
export interface SearchTerms {
  id: string;
  /** The customer's e-mail, in lower case (it is stored in mixed case). */
  email: string;
  /** The metadata's order_id. */
  orderId: string;
  /** The last word of the product its description names. */
  word: string;
}

export async function searchTerms(client: pg.Client, merchantId: string): Promise<SearchTerms> {
  const id = await intentAtDepth(client, merchantId, 0.5);
  const { rows } = await client.query<{ email: string; order_id: string; product: string }>(
    `select lower(customer_email) as email, metadata ->> 'order_id' as order_id, split_part(description, ': ', 2) as product from payment_intents where id = $1`,
    [id],
  );
  const row = rows[0]!;
  return { id, email: row.email, orderId: row.order_id, word: row.product.split(' ').at(-1)! };
}
