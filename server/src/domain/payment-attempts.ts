import type { EntityManager } from '@mikro-orm/postgresql';
import { PaymentAttempt } from '../persistence/entities/index.ts';
import type { Caller } from './merchants.ts';
import { retrievePaymentIntent } from './payment-intents.ts';

/** Every attempt at paying one of the caller's intents, oldest first. */
export async function listPaymentAttempts(em: EntityManager, caller: Caller, paymentIntentId: string): Promise<PaymentAttempt[]> {
  await retrievePaymentIntent(em, caller, paymentIntentId); // another merchant's or mode's intent is not found
  return em.find(PaymentAttempt, { payment_intent_id: paymentIntentId }, { orderBy: { created_at: 'asc', id: 'asc' } });
}
