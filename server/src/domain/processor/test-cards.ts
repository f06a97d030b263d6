import type { Authorization, FailureCode, Processor, Settlement } from './processor.ts';

export const TEST_OTP = '123456';

/** A card number test mode answers in its own way, and what the payment sheet's table says it does. */
export interface TestCard {
  number: string;
  authorization: Authorization;
  result: string;
}

// design.md's test cards, in the order the payment sheet lists them. Any other Luhn-valid number in
// test mode is declined. The sheet's table is made from this list, so it offers every card there is.
export const TEST_CARD_LIST: readonly TestCard[] = [
  { number: '4084084084084081', authorization: { outcome: 'succeeded' }, result: 'Succeeds' },
  { number: '5060666666666666666', authorization: { outcome: 'requires_otp', reference: 'sim_otp' }, result: `Asks for a one-time code: ${TEST_OTP}` },
  { number: '4084080000005408', authorization: { outcome: 'failed', code: 'card_declined' }, result: 'Declined' },
  { number: '4084080000000409', authorization: { outcome: 'failed', code: 'insufficient_funds' }, result: 'Insufficient funds' },
  { number: '4000000000000259', authorization: { outcome: 'processing', reference: 'sim_processing_succeeds' }, result: 'Processing, then succeeds' },
  { number: '4000000000000267', authorization: { outcome: 'processing', reference: 'sim_processing_fails' }, result: 'Processing, then fails' },
  // Processing, and then the processor never answers: every status check fails.
  { number: '4000000000000275', authorization: { outcome: 'processing', reference: 'sim_processing_silent' }, result: 'Stays processing: the processor never answers' },
];

export const TEST_CARDS: Readonly<Record<string, Authorization>> = Object.fromEntries(TEST_CARD_LIST.map((card) => [card.number, card.authorization]));

const failed = (code: FailureCode): Settlement => ({ outcome: 'failed', code });

/** Test mode's processor: every outcome on demand, no money anywhere. */
export const testCardSimulator: Processor = {
  async authorize({ card }) {
    return TEST_CARDS[card.digits] ?? failed('card_declined');
  },
  async submitOtp(reference, otp) {
    if (reference !== 'sim_otp') throw new Error(`unknown simulator reference ${reference}`);
    return otp === TEST_OTP ? { outcome: 'succeeded' } : failed('invalid_otp');
  },
  async complete(reference) {
    if (reference === 'sim_processing_succeeds') return { outcome: 'succeeded' };
    if (reference === 'sim_processing_fails') return failed('processor_declined');
    if (reference === 'sim_processing_silent') throw new Error("the processor did not answer (this test card's processor never does)");
    throw new Error(`unknown simulator reference ${reference}`);
  },
};
