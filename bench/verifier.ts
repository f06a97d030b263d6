// Webhook verification throughput: @nairaflow/webhook-verifier against stripe-node and a bare
// HMAC-SHA256 + timingSafeEqual, in one process, on one payload and one header.
//
//   npx node bench/verifier.ts          prints the table (and nothing else: no files written)
//   import { benchVerifier } from '../bench/verifier.ts'   what `npm run bench` calls
//
// What is measured, per variant, is verifications per second of the same realistic
// payment_intent.succeeded envelope (a Buffer, as a server receives it) with the same header
// `t=<t>,v1=<hex>`, computed here with node:crypto, independently of either library:
//
//   ours         constructEvent(body, header, secret, { now, toleranceSeconds: 300 }): parse the
//                header, HMAC, constant-time compare, time check in both directions, JSON.parse
//                and the event-shape check; returns the typed event.
//   stripe       stripe.webhooks.constructEvent(body, header, secret, 300, undefined, nowMs): the
//                same scheme (Stripe-Signature is also `t=...,v1=...`): decode, parse the header,
//                HMAC as hex, compare, age check, JSON.parse. `receivedAt` (milliseconds) pins its
//                clock to the same `now` as ours.
//   bare         createHmac('sha256', secret).update(`${t}.`).update(body).digest() and
//                timingSafeEqual against the header's signature bytes, which are decoded once,
//                before the loop. No header parsing, no time check, no JSON: the cost of the
//                cryptography alone, an upper bound for any verifier.
//   ours (verifySignature)   for information: ours without the JSON parse.
//   bare + JSON.parse        for information: bare, then JSON.parse of the body. No verifier that
//                returns the parsed event can beat it; it shows how much of the gap between
//                constructEvent and bare is the parse itself.
//
// Methodology: every variant is first checked to accept the header and to reject a one-byte
// change of the body. Then a warm-up (WARMUP_ROUNDS rounds of each, discarded) lets V8 optimise
// every path; then ROUNDS rounds, interleaved (A B C D, A B C D, ...), each a fixed number of
// calls timed with performance.now(). The rate of a variant is the median of its rounds' rates,
// so a GC pause or a noisy neighbour in one round does not move it. Every call's result feeds a
// checksum that is checked at the end, so no call can be optimised away.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import Stripe from 'stripe';
import { constructEvent, verifySignature } from '../webhook-verifier/src/index.ts';

export interface VerifierBenchOptions {
  /** Calls per round and variant. Default 20,000 (some 40-100 ms per round on a 2-core VM). */
  iterations?: number;
  /** Measured rounds per variant. Default 15. */
  rounds?: number;
  /** Discarded rounds per variant before measuring. Default 3. */
  warmupRounds?: number;
}

export type VerifierVariant = 'ours_construct_event' | 'stripe_construct_event' | 'bare_hmac' | 'ours_verify_signature' | 'bare_hmac_then_parse';

export interface VariantFigures {
  /** Median over the rounds, verifications per second. */
  per_s: number;
  /** Slowest and fastest round, verifications per second. */
  min_per_s: number;
  max_per_s: number;
  /** Median time per verification, microseconds. */
  us_per_op: number;
}

export interface VerifierBenchResult {
  timestamp: string;
  node: string;
  stripe_version: string;
  parameters: {
    payload_bytes: number;
    header: string;
    iterations_per_round: number;
    rounds: number;
    warmup_rounds: number;
    tolerance_seconds: number;
    order: string;
  };
  rates: Record<VerifierVariant, VariantFigures>;
  ratios: {
    /** ours constructEvent / stripe constructEvent. */
    ours_vs_stripe: number;
    /** ours constructEvent / bare HMAC + timingSafeEqual. */
    ours_vs_bare: number;
    /** For information: ours verifySignature (no JSON parse) / bare. */
    verify_signature_vs_bare: number;
    /** For information: ours constructEvent / (bare + JSON.parse), the ceiling for a parsing verifier. */
    ours_vs_bare_then_parse: number;
  };
  goal: {
    description: string;
    vs_stripe_target: number;
    vs_stripe_ok: boolean;
    vs_bare_target: number;
    vs_bare_ok: boolean;
    met: boolean;
  };
}

const GOAL_VS_STRIPE = 1.2;
const GOAL_VS_BARE = 0.7;
const TOLERANCE_SECONDS = 300;

// Fixed, so every run measures the same bytes. 64 characters of secret, as the service makes them.
const SECRET = 'whsec_Vq7pLr2XkT9mZc4NbW1yHs6DfJ0gAe3uRt8iOo5lKx2QwE7vB9nM4cZ1aS6d';
const T = 1_767_261_792;
const NOW = T + 12; // a delivery received 12 s after it was signed

// A payment_intent.succeeded envelope as the service sends it (spec 2.3, 6.1), with the kind of
// metadata a shop attaches: 400-odd bytes.
const PAYLOAD = Buffer.from(
  JSON.stringify({
    id: 'evt_Tq3yJd0WbS2kXn8ZcV5uLp1A',
    type: 'payment_intent.succeeded',
    created: T,
    livemode: false,
    data: {
      id: 'pi_2JIglADXcZSH0YR87yZi3eO4',
      amount: '250000',
      currency: 'NGN',
      method: 'card',
      service_fee: '13750',
      metadata: { order_id: 'ord_7d1e4c2a9b', customer_ref: 'cus_ada_lovelace_0042', channel: 'web', cart: 'jollof-rice-x2;chapman-x1;puff-puff-x6', delivery: 'Lekki Phase 1' },
    },
  }),
);
const HEADER = `t=${T},v1=${createHmac('sha256', SECRET).update(`${T}.`).update(PAYLOAD).digest('hex')}`;

function stripeVersion(): string {
  return (Stripe as unknown as { PACKAGE_VERSION: string }).PACKAGE_VERSION;
}

/** Each variant: one verification of (body, header); returns a number for the checksum, or throws. */
function variants(): Record<VerifierVariant, (body: Buffer, header: string) => number> {
  const stripe = new Stripe('sk_test_not_used_for_webhooks');
  const sigStart = HEADER.indexOf('v1=') + 3;
  const bareT = HEADER.slice(2, HEADER.indexOf(','));
  const bareSignature = Buffer.from(HEADER.slice(sigStart), 'hex');
  return {
    ours_construct_event: (body, header) => constructEvent(body, header, SECRET, { now: NOW, toleranceSeconds: TOLERANCE_SECONDS }).created,
    stripe_construct_event: (body, header) =>
      (stripe.webhooks.constructEvent(body, header, SECRET, TOLERANCE_SECONDS, undefined, NOW * 1000) as unknown as { created: number }).created,
    bare_hmac: (body) => {
      const expected = createHmac('sha256', SECRET).update(`${bareT}.`).update(body).digest();
      if (!timingSafeEqual(expected, bareSignature)) throw new Error('bare: no match');
      return T;
    },
    ours_verify_signature: (body, header) => {
      verifySignature(body, header, SECRET, { now: NOW, toleranceSeconds: TOLERANCE_SECONDS });
      return T;
    },
    bare_hmac_then_parse: (body) => {
      const expected = createHmac('sha256', SECRET).update(`${bareT}.`).update(body).digest();
      if (!timingSafeEqual(expected, bareSignature)) throw new Error('bare: no match');
      return (JSON.parse(body.toString('utf8')) as { created: number }).created;
    },
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const round1 = (n: number): number => Math.round(n * 10) / 10;
const round3 = (n: number): number => Math.round(n * 1000) / 1000;

export async function benchVerifier(options: VerifierBenchOptions = {}): Promise<VerifierBenchResult> {
  const iterations = options.iterations ?? 20_000;
  const rounds = options.rounds ?? 15;
  const warmupRounds = options.warmupRounds ?? 3;
  const run = variants();
  const names = Object.keys(run) as VerifierVariant[];

  // Every variant must accept the real thing and refuse a body with one byte changed.
  const tampered = Buffer.from(PAYLOAD);
  tampered[tampered.indexOf('250000')] = '3'.charCodeAt(0);
  for (const name of names) {
    if (run[name](PAYLOAD, HEADER) !== T) throw new Error(`${name} did not verify the payload`);
    let refused = false;
    try {
      run[name](tampered, HEADER);
    } catch {
      refused = true;
    }
    if (!refused) throw new Error(`${name} accepted a tampered payload`);
  }

  let checksum = 0;
  const timeRound = (name: VerifierVariant): number => {
    const verify = run[name];
    const started = performance.now();
    for (let i = 0; i < iterations; i++) checksum += verify(PAYLOAD, HEADER) - T;
    return performance.now() - started;
  };

  for (let r = 0; r < warmupRounds; r++) for (const name of names) timeRound(name);
  const samples = Object.fromEntries(names.map((n) => [n, [] as number[]])) as Record<VerifierVariant, number[]>;
  for (let r = 0; r < rounds; r++) {
    for (const name of names) samples[name].push(iterations / (timeRound(name) / 1000));
    // Let timers and pending I/O of the caller run between rounds (this is called from a bench script).
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (checksum !== 0) throw new Error(`checksum ${checksum}: a verification returned the wrong event`);

  const rates = Object.fromEntries(
    names.map((n) => {
      const perS = median(samples[n]);
      return [n, { per_s: Math.round(perS), min_per_s: Math.round(Math.min(...samples[n])), max_per_s: Math.round(Math.max(...samples[n])), us_per_op: round3(1e6 / perS) }];
    }),
  ) as Record<VerifierVariant, VariantFigures>;
  const oursVsStripe = round3(rates.ours_construct_event.per_s / rates.stripe_construct_event.per_s);
  const oursVsBare = round3(rates.ours_construct_event.per_s / rates.bare_hmac.per_s);
  return {
    timestamp: new Date().toISOString(),
    node: process.version,
    stripe_version: stripeVersion(),
    parameters: {
      payload_bytes: PAYLOAD.length,
      header: HEADER,
      iterations_per_round: iterations,
      rounds,
      warmup_rounds: warmupRounds,
      tolerance_seconds: TOLERANCE_SECONDS,
      order: `interleaved: ${names.join(', ')} in every round; median of the rounds`,
    },
    rates,
    ratios: {
      ours_vs_stripe: oursVsStripe,
      ours_vs_bare: oursVsBare,
      verify_signature_vs_bare: round3(rates.ours_verify_signature.per_s / rates.bare_hmac.per_s),
      ours_vs_bare_then_parse: round3(rates.ours_construct_event.per_s / rates.bare_hmac_then_parse.per_s),
    },
    goal: {
      description: `constructEvent >= ${GOAL_VS_STRIPE}x stripe-node's constructEvent and >= ${GOAL_VS_BARE * 100}% of bare HMAC-SHA256 + timingSafeEqual`,
      vs_stripe_target: GOAL_VS_STRIPE,
      vs_stripe_ok: oursVsStripe >= GOAL_VS_STRIPE,
      vs_bare_target: GOAL_VS_BARE,
      vs_bare_ok: oursVsBare >= GOAL_VS_BARE,
      met: oursVsStripe >= GOAL_VS_STRIPE && oursVsBare >= GOAL_VS_BARE,
    },
  };
}

const LABELS: Record<VerifierVariant, string> = {
  ours_construct_event: 'ours: constructEvent',
  stripe_construct_event: `stripe-node: webhooks.constructEvent`,
  bare_hmac: 'bare HMAC-SHA256 + timingSafeEqual',
  ours_verify_signature: 'ours: verifySignature (no parse; info)',
  bare_hmac_then_parse: 'bare HMAC + JSON.parse (info)',
};

/** The table and the goal line, ready for console.log. */
export function formatVerifierBench(result: VerifierBenchResult): string[] {
  const bare = result.rates.bare_hmac.per_s;
  const rows: string[][] = [
    ['webhook verification', 'verifications/s', 'us/op', 'min/s', 'max/s', 'vs bare'],
    ...(Object.keys(LABELS) as VerifierVariant[]).map((n) => {
      const r = result.rates[n];
      return [LABELS[n], r.per_s.toLocaleString('en-US'), r.us_per_op.toFixed(2), r.min_per_s.toLocaleString('en-US'), r.max_per_s.toLocaleString('en-US'), `${round1((r.per_s / bare) * 100)}%`];
    }),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const lines = rows.map((row) => row.map((cell, j) => (j === 0 ? cell.padEnd(widths[j]!) : cell.padStart(widths[j]!))).join('  '));
  lines.splice(1, 0, widths.map((w) => '-'.repeat(w)).join('  '));
  const { ratios, goal, parameters: p } = result;
  lines.push(
    `(${p.payload_bytes}-byte payment_intent.succeeded, one v1; ${p.rounds} interleaved rounds of ${p.iterations_per_round.toLocaleString('en-US')} calls, median; stripe ${result.stripe_version}, node ${result.node})`,
    `verifier goal (${goal.description}): ${goal.met ? 'MET' : 'NOT MET'}` +
      ` (ours/stripe ${ratios.ours_vs_stripe.toFixed(2)}x ${goal.vs_stripe_ok ? '>=' : '<'} ${goal.vs_stripe_target}x,` +
      ` ours/bare ${round1(ratios.ours_vs_bare * 100)}% ${goal.vs_bare_ok ? '>=' : '<'} ${goal.vs_bare_target * 100}%)`,
  );
  return lines;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = await benchVerifier();
  for (const line of formatVerifierBench(result)) console.log(line);
}
