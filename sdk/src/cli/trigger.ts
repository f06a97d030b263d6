// `nairaflow trigger <type>`: makes an event of that type fire in test mode by doing, through the
// public API, what would make it fire for real: a payment paid with a test card, a refund, a
// test event. Nothing is faked: the objects are real test-mode objects.
import createClient from 'openapi-fetch';
import { Nairaflow } from '../client.ts';
import { API_VERSION } from '../generated/api-version.ts';
import type { components, paths } from '../generated/openapi.ts';
import type { CreatedPaymentIntent, EventResource } from '../types.ts';
import { VERSION } from '../version.ts';
import type { ApiKey } from './args.ts';

export const TRIGGERS = {
  'payment_intent.succeeded': 'a payment intent, paid with the test card that succeeds',
  'payment_intent.failed': 'a payment intent, and an attempt with the test card that is declined',
  'payment_intent.canceled': 'a payment intent, canceled',
  'refund.succeeded': 'a paid payment intent (so payment_intent.succeeded too), partly refunded',
  'payout.paid': 'a paid payment intent, then a payout of part of it to the test payout account (set to 0123456789 at GTBank if none is set), waited for until it is paid',
  'payout.failed': 'a paid payment intent, then a payout of part of it to the test account 1111111111, whose payouts fail (it becomes the test payout account)',
  'webhook.test': 'a test event (POST /v1/webhook_endpoint/test_event)',
} as const;

export type Trigger = keyof typeof TRIGGERS;

type CheckoutView = components['schemas']['CheckoutView'];

const CARD_SUCCEEDS = '4084 0840 8408 4081';
const CARD_DECLINED = '4084 0800 0000 5408';
const AMOUNT = 250_000n;
// Less than the payment itself credits the balance after the service fee, so the refund never
// needs a top-up and moves nothing the merchant already had.
const REFUND_AMOUNT = 100_000n;
/** Test-mode payout accounts: one whose payouts arrive, one whose payouts fail. */
const PAYING_ACCOUNT = '0123456789';
const FAILING_ACCOUNT = '1111111111';

/** Does it, printing each object made and each event that fired. Throws the SDK's errors. */
export async function trigger(type: Trigger, key: ApiKey, apiBase: string): Promise<void> {
  const nf = new Nairaflow(key.value, { baseUrl: apiBase });

  if (type === 'webhook.test') {
    const event = await nf.webhookEndpoint.sendTestEvent();
    console.log('Sent a test event.');
    printEvents([event]);
    return;
  }

  if (type === 'payout.paid' || type === 'payout.failed') return triggerPayout(type, nf, apiBase);

  const intent = await nf.paymentIntents.create({
    amount: AMOUNT,
    currency: 'NGN',
    description: `nairaflow trigger ${type}`,
    customer: { email: 'customer@example.com' },
  });
  console.log(`Created payment intent ${intent.id} for ${naira(AMOUNT)} (test mode).`);

  if (type === 'payment_intent.canceled') {
    await nf.paymentIntents.cancel(intent.id);
    console.log(`Canceled ${intent.id}.`);
  } else if (type === 'payment_intent.failed') {
    const view = await pay(apiBase, intent, CARD_DECLINED);
    if (view.last_error === null) throw new Error(`the declined test card did not fail the attempt: status ${view.status}`);
    console.log(`Tried to pay it with the test card ${CARD_DECLINED}: declined (${view.last_error}).`);
  } else {
    const view = await pay(apiBase, intent, CARD_SUCCEEDS);
    if (view.status !== 'succeeded') throw new Error(`the test card ${CARD_SUCCEEDS} did not pay ${intent.id}: status ${view.status}, ${view.last_error ?? 'no error'}`);
    console.log(`Paid it with the test card ${CARD_SUCCEEDS}.`);
    if (type === 'refund.succeeded') {
      const refund = await nf.refunds.create({ payment_intent: intent.id, amount: REFUND_AMOUNT });
      console.log(`Refunded ${naira(REFUND_AMOUNT)} of it: ${refund.id}.`);
    }
  }
  // Each event is recorded in the same transaction as its change, so it is there already.
  const { data } = await nf.events.list({ payment_intent: intent.id, limit: 100 });
  printEvents([...data].reverse());
}

/** A payment (so there is money to pay out), then a payout, followed until it ends. */
async function triggerPayout(type: 'payout.paid' | 'payout.failed', nf: Nairaflow, apiBase: string): Promise<void> {
  const intent = await nf.paymentIntents.create({ amount: AMOUNT, currency: 'NGN', description: `nairaflow trigger ${type}`, customer: { email: 'customer@example.com' } });
  const view = await pay(apiBase, intent, CARD_SUCCEEDS);
  if (view.status !== 'succeeded') throw new Error(`the test card ${CARD_SUCCEEDS} did not pay ${intent.id}: status ${view.status}`);
  console.log(`Created payment intent ${intent.id} for ${naira(AMOUNT)} and paid it with the test card ${CARD_SUCCEEDS}.`);
  const current = await nf.payoutAccount.retrieve().catch(() => null);
  if (type === 'payout.failed') {
    const account = await nf.payoutAccount.update({ bank_code: '058', account_number: FAILING_ACCOUNT });
    console.log(`Set the test payout account to ${account.bank_name} ${FAILING_ACCOUNT}, whose payouts fail${current === null ? '' : ` (it was ${current.bank_name} ...${current.account_last4})`}.`);
  } else if (current === null) {
    const account = await nf.payoutAccount.update({ bank_code: '058', account_number: PAYING_ACCOUNT });
    console.log(`Set the test payout account to ${account.bank_name} ${PAYING_ACCOUNT} (there was none).`);
  }
  const payout = await nf.payouts.create({ amount: REFUND_AMOUNT });
  console.log(`Paid out ${naira(REFUND_AMOUNT)}: ${payout.id}; waiting for it to end (TEST_PAYOUT_DELAY_SECONDS on the server)...`);
  const deadline = Date.now() + 120_000;
  let now = payout;
  while (now.status !== 'paid' && now.status !== 'failed') {
    if (Date.now() > deadline) throw new Error(`payout ${payout.id} is still ${now.status} after 2 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    now = await nf.payouts.retrieve(payout.id);
  }
  console.log(`${payout.id} is ${now.status}${now.failure_code === null ? '' : ` (${now.failure_code})`}.`);
  if (type === 'payout.paid' && now.status !== 'paid') throw new Error(`payout ${payout.id} failed (${now.failure_code}): is the test payout account 1111111111? Set another one.`);
  const { data } = await nf.events.list({ type, limit: 100 });
  printEvents(data.filter((event) => event.type === type && event.data.id === payout.id));
}

/** What the payment sheet does: pay with a card, authenticated by the intent's client_secret, not the key. */
async function pay(apiBase: string, intent: CreatedPaymentIntent, number: string): Promise<CheckoutView> {
  const client = createClient<paths>({ baseUrl: apiBase, headers: { 'nairaflow-version': API_VERSION, 'user-agent': `nairaflow-cli/${VERSION}` } });
  const { data, error, response } = await client.POST('/v1/payment_intents/{id}/confirm', {
    params: { path: { id: intent.id } },
    body: { client_secret: intent.client_secret, method: 'card', card: { number, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, cvc: '123' } },
  });
  if (data === undefined) throw new Error(`paying ${intent.id} was refused: ${response.status} ${error?.error.message ?? ''}`);
  return data;
}

function printEvents(events: readonly EventResource[]): void {
  for (const event of events) console.log(`  fired ${event.type} ${event.id}`);
}

function naira(kobo: bigint): string {
  const whole = (kobo / 100n).toLocaleString('en-US');
  return `NGN ${whole}.${String(kobo % 100n).padStart(2, '0')}`;
}
