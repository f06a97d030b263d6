import type { components } from '../../generated/openapi.ts';
import type { Refund } from '../../persistence/entities/index.ts';
import { koboToWire } from '../../domain/money.ts';

export type RefundBody = components['schemas']['Refund'];

export function presentRefund(refund: Refund): RefundBody {
  return {
    id: refund.id,
    livemode: refund.livemode,
    payment_intent: refund.payment_intent_id,
    amount: koboToWire(refund.amount),
    status: refund.status as RefundBody['status'],
    destination_status: (refund.destination_status ?? 'succeeded') as RefundBody['destination_status'],
    created_at: refund.created_at.toISOString(),
  };
}
