import type { components } from '../../generated/openapi.ts';
import { koboToWire } from '../../domain/money.ts';
import type { Payout, PayoutAccount } from '../../domain/payouts.ts';

/** A payout as the merchant sees it: the account it went to only by its last four digits. */
export function presentPayout(payout: Payout): components['schemas']['Payout'] {
  return {
    id: payout.id,
    livemode: payout.livemode,
    amount: koboToWire(payout.amount),
    status: payout.status,
    failure_code: payout.failure_code,
    bank_code: payout.bank_code,
    bank_name: payout.bank_name,
    account_name: payout.account_name,
    account_last4: payout.account_number.slice(-4),
    created_at: payout.created_at.toISOString(),
    paid_at: payout.paid_at?.toISOString() ?? null,
    failed_at: payout.failed_at?.toISOString() ?? null,
  };
}

export function presentPayoutAccount(account: PayoutAccount): components['schemas']['PayoutAccount'] {
  return {
    livemode: account.livemode,
    bank_code: account.bankCode,
    bank_name: account.bankName,
    account_name: account.accountName,
    account_last4: account.accountNumber.slice(-4),
    updated_at: account.updatedAt.toISOString(),
  };
}
