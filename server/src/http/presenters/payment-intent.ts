import type { components } from '../../generated/openapi.ts';
import type { PaymentAttempt, PaymentIntent } from '../../persistence/entities/index.ts';
import type { Caller } from '../../domain/merchants.ts';
import { koboToWire } from '../../domain/money.ts';
import { nextActionOf } from '../../domain/payment-attempts.ts';
import { displayStatus } from '../../domain/payment-intents.ts';

export type PaymentIntentBody = components['schemas']['PaymentIntent'];

const iso = (date: Date): string => date.toISOString();
const isoOrNull = (date: Date | null | undefined): string | null => (date == null ? null : date.toISOString());

/** A payment intent as the API shows it to its merchant. The client secret (and the sheet's URL) only by create. */
export function presentPaymentIntent(
  intent: PaymentIntent,
  merchant: Caller['merchant'],
  created?: { clientSecret: string; publicBaseUrl: string },
): PaymentIntentBody {
  const email = intent.customer_email ?? null;
  const phone = intent.customer_phone ?? null;
  return {
    id: intent.id,
    livemode: intent.livemode,
    merchant_id: intent.merchant_id,
    merchant_name: merchant.name,
    merchant_logo_url: merchant.logo_url ?? null,
    amount: koboToWire(intent.amount),
    amount_refunded: koboToWire(intent.amount_refunded),
    currency: intent.currency as PaymentIntentBody['currency'],
    description: intent.description,
    status: intent.status,
    display_status: displayStatus(intent),
    method: (intent.method ?? null) as PaymentIntentBody['method'],
    service_fee: intent.service_fee == null ? null : koboToWire(intent.service_fee),
    metadata: intent.metadata,
    customer: email === null && phone === null ? null : { email, phone },
    next_action: nextActionOf(intent),
    last_error: (intent.last_error ?? null) as PaymentIntentBody['last_error'],
    cancellation_reason: (intent.cancellation_reason ?? null) as PaymentIntentBody['cancellation_reason'],
    created_at: iso(intent.created_at),
    expires_at: iso(intent.expires_at),
    succeeded_at: isoOrNull(intent.succeeded_at),
    canceled_at: isoOrNull(intent.canceled_at),
    return_url: intent.return_url ?? null,
    ...(created === undefined
      ? {}
      : { client_secret: created.clientSecret, payment_url: `${created.publicBaseUrl}/pay/${created.clientSecret}` }),
  };
}

export function presentPaymentAttempt(attempt: PaymentAttempt): components['schemas']['PaymentAttempt'] {
  return {
    id: attempt.id,
    payment_intent: attempt.payment_intent_id,
    method: 'card',
    card: { brand: attempt.card_brand, last4: attempt.card_last4 },
    status: attempt.status,
    failure_code: (attempt.failure_code ?? null) as components['schemas']['PaymentAttempt']['failure_code'],
    processor_reference: attempt.processor_reference ?? null,
    processor_fee: attempt.processor_fee == null ? null : koboToWire(attempt.processor_fee),
    created_at: attempt.created_at.toISOString(),
    completed_at: attempt.completed_at?.toISOString() ?? null,
  };
}
