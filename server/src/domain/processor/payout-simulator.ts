import type { Bank, PayoutRail } from './processor.ts';

/** Test mode's banks: a fixed list, in the order `GET /v1/banks` answers it (by name). */
export const TEST_BANKS: readonly Bank[] = [
  { code: '044', name: 'Access Bank' },
  { code: '023', name: 'Citibank Nigeria' },
  { code: '050', name: 'Ecobank Nigeria' },
  { code: '070', name: 'Fidelity Bank' },
  { code: '011', name: 'First Bank of Nigeria' },
  { code: '214', name: 'First City Monument Bank' },
  { code: '058', name: 'Guaranty Trust Bank' },
  { code: '030', name: 'Heritage Bank' },
  { code: '301', name: 'Jaiz Bank' },
  { code: '082', name: 'Keystone Bank' },
  { code: '50515', name: 'Moniepoint MFB' },
  { code: '999992', name: 'OPay' },
  { code: '999991', name: 'PalmPay' },
  { code: '076', name: 'Polaris Bank' },
  { code: '221', name: 'Stanbic IBTC Bank' },
  { code: '068', name: 'Standard Chartered Bank' },
  { code: '232', name: 'Sterling Bank' },
  { code: '032', name: 'Union Bank of Nigeria' },
  { code: '033', name: 'United Bank For Africa' },
  { code: '215', name: 'Unity Bank' },
  { code: '035', name: 'Wema Bank' },
  { code: '057', name: 'Zenith Bank' },
];

/** Test-mode account numbers that behave in their own way; every other 10-digit number is paid. */
export const TEST_ACCOUNTS = {
  doesNotResolve: '0000000000',
  payoutsFail: '1111111111',
} as const;

/**
 * Test mode's payouts (and the sandbox's): no money moves. A payout is in transit for `delaySeconds`
 * after it was sent, then paid, except to account 1111111111, whose payouts fail. It keeps nothing:
 * what it says follows from the account and the time the payout was sent.
 */
export function payoutSimulator(delaySeconds: number): PayoutRail {
  return {
    name: 'simulator',
    async banks() {
      return TEST_BANKS;
    },
    async resolveAccount(_bankCode, accountNumber) {
      return accountNumber === TEST_ACCOUNTS.doesNotResolve ? null : `Test Account ${accountNumber.slice(-4)}`;
    },
    async recipient({ bankCode, accountNumber }) {
      return `RCP_test_${bankCode}_${accountNumber}`;
    },
    async transfer() {
      return { outcome: 'in_transit' };
    },
    async checkTransfer({ accountNumber, sentAt }) {
      if (Date.now() - sentAt.getTime() < delaySeconds * 1000) return { outcome: 'in_transit' };
      if (accountNumber === TEST_ACCOUNTS.payoutsFail) return { outcome: 'failed', reason: 'the test account 1111111111 takes no transfers', accountInvalid: true };
      return { outcome: 'paid' };
    },
  };
}
