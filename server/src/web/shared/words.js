// The contract's enums in words, for both pages. Each map is a Record over the generated union
// (openapi.yaml -> server/src/generated/openapi.ts), so a value the API gains and the page lacks
// words for is a type error in `npm run typecheck`, not a raw code on a merchant's screen.

/** @typedef {import('../../generated/openapi.ts').components['schemas']} Schemas */
/** Why an attempt failed (`failure_code`, an intent's `last_error`). @typedef {Schemas['AttemptFailureCode']} FailureCode */
/** @typedef {'neutral' | 'info' | 'success' | 'muted' | 'error'} Tone */
/** @typedef {{ label: string, tone: Tone }} StatusWords */

/** @type {Record<Schemas['PaymentAttempt']['status'], StatusWords>} */
export const ATTEMPT_STATUS = {
  requires_otp: { label: 'Waiting for the one-time code', tone: 'info' },
  requires_action: { label: 'Waiting for a step the bank asked for', tone: 'info' },
  processing: { label: 'Processing', tone: 'info' },
  succeeded: { label: 'Succeeded', tone: 'success' },
  failed: { label: 'Failed', tone: 'error' },
  abandoned: { label: 'Abandoned', tone: 'muted' },
};

/** @type {Record<Schemas['DeliveryStatus'], StatusWords>} */
export const DELIVERY_STATUS = {
  pending: { label: 'Pending', tone: 'info' },
  succeeded: { label: 'Succeeded', tone: 'success' },
  failed: { label: 'Failed', tone: 'error' },
  no_endpoint: { label: 'No endpoint', tone: 'muted' },
  endpoint_disabled: { label: 'Endpoint disabled', tone: 'error' },
};

/** @type {Record<Schemas['Delivery']['trigger'], string>} */
export const DELIVERY_TRIGGERS = {
  scheduled: 'Scheduled',
  manual: 'Manual',
};

/** Why a card attempt failed, for the merchant. @type {Record<FailureCode, string>} */
export const FAILURE_WORDS = {
  card_declined: 'card declined',
  insufficient_funds: 'insufficient funds',
  invalid_otp: 'wrong one-time code',
  processor_declined: 'declined by the processor',
  test_card_in_live_mode: 'test card used in live mode',
  balance_limit_reached: 'approved, but a balance is at its limit; the charge is refunded',
};

/** Why a card attempt failed, for the customer paying: what they can do about it. @type {Record<FailureCode, string>} */
export const DECLINE_MESSAGES = {
  card_declined: 'Your card was declined. Try again with another card.',
  insufficient_funds: 'Your card has insufficient funds. Try again with another card.',
  invalid_otp: 'The one-time code was incorrect, so the payment did not go through. Enter your card details to try again.',
  processor_declined: "Your bank couldn't complete the payment. Try again, or use another card.",
  test_card_in_live_mode: 'This is a test card and this is a real payment. Use a real card.',
  balance_limit_reached: "This payment couldn't be completed, and you have not been charged. Contact the seller.",
};

/** @type {Record<NonNullable<Schemas['PaymentIntent']['cancellation_reason']>, string>} */
export const CANCELLATION_WORDS = {
  requested_by_merchant: 'canceled by you',
  expired: 'expired unpaid',
  too_many_failed_attempts: 'blocked after too many failed attempts',
};

/** @type {Record<Schemas['BalanceEntry']['type'], string>} */
export const BALANCE_ENTRY_TYPES = {
  payment: 'Payment',
  settlement: 'Payment settled',
  refund: 'Refund',
  refund_failed: 'Refund returned (the card could not take it)',
  payout: 'Payout',
  payout_failed: 'Payout returned',
  top_up: 'Test top-up',
};

/** What reconciliation found, in words. @type {Record<Schemas['ReconciliationNotice']['problem'], string>} */
export const RECONCILIATION_PROBLEMS = {
  missing_ours: 'Paystack has it; Nairaflow does not',
  missing_theirs: 'Nairaflow has it; Paystack does not',
  amount: 'The amounts differ',
  status: 'The statuses differ',
};

/** @type {Record<Schemas['ReconciliationNotice']['kind'], string>} */
export const RECONCILIATION_KINDS = { charge: 'Card payment', transfer: 'Payout', refund: 'Refund' };

/** What each event says happened; the events filter offers every one of them. @type {Record<Schemas['EventType'], string>} */
export const EVENT_TYPES = {
  'payment_intent.succeeded': 'Payment succeeded',
  'payment_intent.failed': 'Payment attempt failed',
  'payment_intent.canceled': 'Payment canceled',
  'refund.succeeded': 'Refunded',
  'refund.destination_succeeded': 'Refund reached the card',
  'refund.destination_failed': 'Refund could not reach the card',
  'payout.paid': 'Payout paid',
  'payout.failed': 'Payout failed',
  'webhook.test': 'Test event',
};

/**
 * The words for `value` in `map`, or undefined for a value the map has no words for (data from
 * before a value was renamed, or a server newer than this page).
 * @template {string} K
 * @template V
 * @param {Record<K, V>} map
 * @param {string | null | undefined} value
 * @returns {V | undefined}
 */
export function wordsFor(map, value) {
  return typeof value === 'string' && Object.hasOwn(map, value) ? map[/** @type {K} */ (value)] : undefined;
}

/**
 * The keys of a word map, typed as the union they cover.
 * @template {string} K
 * @param {Record<K, unknown>} map
 * @returns {K[]}
 */
export const keysOf = (map) => /** @type {K[]} */ (Object.keys(map));

/**
 * How a payment stands, as a merchant reads it (`display_status`): the status every payments page
 * shows and filters by. @type {Record<Schemas['PaymentIntentDisplayStatus'], StatusWords>}
 */
export const DISPLAY_STATUS = {
  succeeded: { label: 'Succeeded', tone: 'success' },
  partially_refunded: { label: 'Partially refunded', tone: 'info' },
  refunded: { label: 'Refunded', tone: 'muted' },
  failed: { label: 'Failed', tone: 'error' },
  processing: { label: 'Processing', tone: 'info' },
  awaiting_payment: { label: 'Awaiting payment', tone: 'neutral' },
  expired: { label: 'Expired', tone: 'muted' },
  canceled: { label: 'Canceled', tone: 'muted' },
};

/** Where a payout is, for the merchant. @type {Record<Schemas['Payout']['status'], StatusWords>} */
export const PAYOUT_STATUS = {
  pending: { label: 'Queued', tone: 'info' },
  in_transit: { label: 'On its way', tone: 'info' },
  paid: { label: 'Paid', tone: 'success' },
  failed: { label: 'Failed', tone: 'error' },
};

/** Why a payout failed, or why a queued one waits, and what to do about it. @type {Record<Schemas['PayoutFailureCode'], string>} */
export const PAYOUT_FAILURE_WORDS = {
  account_invalid: 'The bank account cannot take transfers; the amount is back in your balance. Set another payout account.',
  transfer_failed: 'The transfer failed; the amount is back in your balance.',
  transfer_reversed: 'Your bank sent the money back; the amount is back in your balance.',
  processor_configuration: 'Waiting: Paystack asks for an OTP to approve transfers. Turn that off in your Paystack dashboard.',
};
