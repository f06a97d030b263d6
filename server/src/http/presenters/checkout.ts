import type { components } from '../../generated/openapi.ts';
import type { Merchant, PaymentIntent } from '../../persistence/entities/index.ts';
import { koboToWire } from '../../domain/money.ts';
import { nextActionOf } from '../../domain/payment-attempts.ts';

export type CheckoutViewBody = components['schemas']['CheckoutView'];

/** What the customer's payment sheet may know of an intent: nothing of the merchant's own data. */
export function presentCheckout(intent: PaymentIntent, merchant: Merchant): CheckoutViewBody {
  return {
    id: intent.id,
    livemode: intent.livemode,
    amount: koboToWire(intent.amount),
    currency: intent.currency as CheckoutViewBody['currency'],
    description: intent.description,
    merchant_name: merchant.name,
    merchant_logo_url: merchant.logo_url ?? null,
    status: intent.status,
    expires_at: intent.expires_at.toISOString(),
    next_action: nextActionOf(intent),
    last_error: (intent.last_error ?? null) as CheckoutViewBody['last_error'],
    needs_email: intent.customer_email == null,
    cancellation_reason: (intent.cancellation_reason ?? null) as CheckoutViewBody['cancellation_reason'],
    return_url: intent.return_url ?? null,
  };
}
