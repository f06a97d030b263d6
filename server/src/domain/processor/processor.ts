import type { Kobo } from '../money.ts';

/** Why an attempt failed, as the customer's sheet and the merchant's events name it. */
export type FailureCode =
  | 'card_declined'
  | 'insufficient_funds'
  | 'invalid_otp'
  | 'processor_declined'
  | 'test_card_in_live_mode'
  // Approved, but a balance it would move is at the ledger's limit (see MAX_BALANCE).
  | 'balance_limit_reached';

/** How a processor answers a new attempt: at once, or after an OTP, or later. */
export type Authorization =
  | { outcome: 'succeeded' }
  | { outcome: 'failed'; code: FailureCode }
  | { outcome: 'requires_otp'; reference: string }
  | { outcome: 'processing'; reference: string };

export type Settlement = { outcome: 'succeeded' } | { outcome: 'failed'; code: FailureCode };

export interface CardDetails {
  /** Digits only, already Luhn-checked and in date. Never stored, never logged. */
  digits: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** The service's view of whoever moves card money: the test-card simulator or a live acquirer. */
export interface Processor {
  authorize(request: { card: CardDetails; amount: Kobo }): Promise<Authorization>;
  /** Finishes an attempt that asked for an OTP. */
  submitOtp(reference: string, otp: string): Promise<Settlement>;
  /** Finishes an attempt that was processing. */
  complete(reference: string): Promise<Settlement>;
}
