// Shortcuts for tests that need money to have moved: create an intent and pay it through the API.
import type { TestMerchant, TestService } from './service.ts';

export const CARDS = {
  success: '4084 0840 8408 4081',
  otp: '5060 6666 6666 6666 666',
  declined: '4084 0800 0000 5408',
  insufficientFunds: '4084 0800 0000 0409',
  processingSucceeds: '4000 0000 0000 0259',
  processingFails: '4000 0000 0000 0267',
  otherVisa: '4111 1111 1111 1111',
} as const;

export const futureExpiry = { exp_month: 12, exp_year: new Date().getUTCFullYear() + 3 };

export function card(number: string) {
  return { number, ...futureExpiry, cvc: '123' };
}

export async function createIntent(svc: TestService, key: string, body: Record<string, unknown> = {}) {
  const res = await svc.request('POST', '/v1/payment_intents', {
    key,
    body: { amount: 250_000, currency: 'NGN', customer: { email: 'ada@example.com' }, ...body },
  });
  if (res.status !== 201) throw new Error(`could not create an intent: ${res.text}`);
  return res.body as { id: string; client_secret: string; amount: string };
}

export function confirm(svc: TestService, intent: { id: string; client_secret: string }, extra: Record<string, unknown> = {}) {
  return svc.request('POST', `/v1/payment_intents/${intent.id}/confirm`, {
    body: { client_secret: intent.client_secret, method: 'card', card: card(CARDS.success), ...extra },
  });
}

/** A succeeded payment of `amount` kobo, paid by `email`. */
export async function paidIntent(svc: TestService, merchant: TestMerchant, amount = 250_000, email = 'ada@example.com', live = false) {
  const intent = await createIntent(svc, live ? merchant.liveKey : merchant.testKey, { amount, customer: { email } });
  const res = await confirm(svc, intent, live ? { card: card(CARDS.otherVisa) } : {});
  if (res.body?.status !== 'succeeded') throw new Error(`payment did not succeed: ${res.text}`);
  return intent;
}

export async function balance(svc: TestService, key: string): Promise<bigint> {
  const res = await svc.request('GET', '/v1/balance', { key });
  return BigInt(res.body.available);
}

export async function events(svc: TestService, paymentIntentId: string): Promise<{ type: string; payload: any }[]> {
  const rows = await svc.service.orm.em
    .fork()
    .execute<{ type: string; payload: string }[]>('select type, payload from events where payment_intent_id = ? order by created_at, id', [
      paymentIntentId,
    ]);
  return rows.map((r) => ({ type: r.type, payload: JSON.parse(r.payload) }));
}

export async function waitFor<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
