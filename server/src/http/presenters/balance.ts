import type { components } from '../../generated/openapi.ts';
import type { BalanceEntry } from '../../domain/balance.ts';
import { koboToWire } from '../../domain/money.ts';

export const BALANCE_ENTRY_PREFIX = 'le_';

export function presentBalanceEntry(entry: BalanceEntry): components['schemas']['BalanceEntry'] {
  return {
    id: `${BALANCE_ENTRY_PREFIX}${entry.id}`,
    type: entry.type,
    amount: koboToWire(entry.amount),
    payment_intent: entry.paymentIntentId,
    refund: entry.refundId,
    created_at: entry.createdAt.toISOString(),
  };
}
