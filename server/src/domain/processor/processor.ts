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

/** What a card issuer may ask of the customer before it answers: the checkout's `next_action` types. */
export type Step = 'pin' | 'otp' | 'phone' | 'birthday' | 'address';
export const STEPS: readonly Step[] = ['pin', 'otp', 'phone', 'birthday', 'address'];

/** The customer's answer to a step. Never stored and never logged: a PIN is a secret. */
export type StepAnswer =
  | { step: 'pin'; pin: string }
  | { step: 'otp'; otp: string }
  | { step: 'phone'; phone: string }
  | { step: 'birthday'; birthday: string }
  | { step: 'address'; address: { street: string; city: string; state: string; zip_code: string } };

/** What the processor says of a charge that succeeded: what it kept, and the card it saw. */
export interface Charged {
  /** The processor's fee in kobo (zero where the processor keeps none: the simulator, the sandbox). */
  fee: Kobo;
  /** The card's network and last four digits, as the processor saw them, where it says. */
  brand?: string;
  last4?: string;
}

/**
 * A processor's answer about a charge, at any step: final (succeeded or failed), a step the
 * customer must take, or not known yet. `reference` is the processor's handle on the charge where
 * it differs from ours (the simulator's); our reference serves otherwise.
 */
export type ChargeState =
  | ({ outcome: 'succeeded' } & Charged)
  | { outcome: 'failed'; code: FailureCode }
  | { outcome: 'requires_action'; step: Step; message: string | null; reference?: string }
  | { outcome: 'processing'; reference?: string };

/** What asking about a charge may find besides its state: no charge at all under that reference. */
export type CheckedCharge = ChargeState | { outcome: 'not_found' };

/** Where a refund to the card stands at the processor. */
export interface RefundState {
  outcome: 'pending' | 'succeeded' | 'failed';
  /** The processor's id for the refund. */
  processorRefundId: string;
  /** Why it failed, in the processor's words (for the operator's log). */
  reason?: string;
}

export interface CardDetails {
  /** Digits only, already Luhn-checked and in date. Never stored, never logged. */
  digits: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface ChargeRequest {
  /** Our reference for the charge (from the attempt's id): the same one whenever it is retried. */
  reference: string;
  card: CardDetails;
  amount: Kobo;
  email: string;
}

/**
 * The service's view of whoever moves card money: the test-card simulator, the sandbox, or a live
 * processor (Paystack). Every call is safe to repeat with the same reference, and is made outside
 * any database transaction. A call that cannot tell what happened (a timeout, a reset, a 5xx)
 * throws ProcessorUnavailableError: the attempt stays processing and is asked about later.
 */
export interface Processor {
  /** Which processor this is, for logs and the attempt's record. */
  readonly name: string;
  /** Throws (an ApiError) when this processor takes no payments at all; asked before an attempt is recorded. */
  assertAvailable?(): void;
  charge(request: ChargeRequest): Promise<ChargeState>;
  /** The customer's answer to the step a charge asked for. */
  authenticate(reference: string, answer: StepAnswer): Promise<ChargeState>;
  /** Asks how a charge stands (a processing one, or one whose answer was lost). */
  check(reference: string): Promise<CheckedCharge>;
  /**
   * Card money goes back through these; a processor without them moves none (the simulator, the
   * sandbox), and its refunds reach the card at once. A refund is not safe to repeat at Paystack
   * (it has no idempotency of its own): it is sent once, and after a lost answer looked for.
   */
  refunds?: {
    /** `refundId` (ours) goes with it, so that the refund can be found by it after a lost answer. */
    send(request: { refundId: string; chargeReference: string; amount: Kobo }): Promise<RefundState>;
    check(processorRefundId: string): Promise<RefundState>;
    /**
     * The refund sent for `refundId` (one whose answer was lost), made between `since` and `until`:
     * found by our id where the processor keeps it, else by charge and amount among those not in
     * `exclude`; null when there is none.
     */
    find(request: { refundId: string; chargeReference: string; amount: Kobo; since: Date; until: Date; exclude: readonly string[] }): Promise<RefundState | null>;
  };
}

/** The processor could not be reached, or could not say what happened: ask again later. */
export class ProcessorUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProcessorUnavailableError';
  }
}

/** A bank payouts can go to. */
export interface Bank {
  code: string;
  name: string;
}

/**
 * Where a transfer to a merchant's bank stands: sent but not there yet (`in_transit`), arrived
 * (`paid`), failed, sent back after it arrived (`reversed`), or held for an OTP the processor
 * wants from the platform's owner (`otp`: a configuration error, never resent).
 */
export type TransferState =
  | { outcome: 'in_transit' | 'paid' | 'reversed' | 'otp'; transferCode?: string }
  | { outcome: 'failed'; reason: string; accountInvalid?: boolean; transferCode?: string };

/**
 * How payouts reach merchants' banks: Paystack's transfers in live mode, a simulator in test mode.
 * `transfer` is safe to repeat with the same reference (the payout's id); a call that cannot tell
 * what happened throws ProcessorUnavailableError.
 */
export interface PayoutRail {
  readonly name: string;
  banks(): Promise<readonly Bank[]>;
  /** The account's name at its bank, or null when the number is not an account there. */
  resolveAccount(bankCode: string, accountNumber: string): Promise<string | null>;
  /** The processor's handle on the account (made once per account; asking again answers the same one); null when it refuses the account. */
  recipient(account: { bankCode: string; accountNumber: string; accountName: string }): Promise<string | null>;
  transfer(request: { reference: string; amount: Kobo; recipient: string; accountNumber: string }): Promise<TransferState>;
  /** How a transfer stands, or null when the processor has none under that reference. */
  checkTransfer(request: { reference: string; accountNumber: string; sentAt: Date }): Promise<TransferState | null>;
}

/** One item of the processor's own record of a day: a charge, a transfer or a refund. */
export interface ReportedItem {
  /** Our reference for it: a charge's, a transfer's (the payout id); for a refund, the processor's refund id. */
  reference: string;
  amount: Kobo;
  /** The processor's word for its status (success, failed, reversed, pending, processed, ...). */
  status: string;
  createdAt: Date;
  /** For a refund: the reference of the charge it refunds. */
  chargeReference?: string;
}

/** The processor's records, read back for reconciliation through its list APIs, page by page. */
export interface ProcessorReports {
  readonly name: string;
  transactions(from: Date, to: Date): AsyncIterable<ReportedItem>;
  transfers(from: Date, to: Date): AsyncIterable<ReportedItem>;
  refunds(from: Date, to: Date): AsyncIterable<ReportedItem>;
  /** The processor's settlements to the platform, newest first, a page at a time (page 1 first). */
  settlements(page: number): Promise<{ settlements: { id: string; status: string }[]; pageCount: number }>;
  /** The references of the charges one settlement paid out. */
  settledCharges(settlementId: string): Promise<string[]>;
}
