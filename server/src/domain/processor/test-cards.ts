import type { ChargeState, FailureCode, Processor } from './processor.ts';

export const TEST_OTP = '123456';

/** A card number test mode answers in its own way, and what the payment sheet's table says it does. */
export interface TestCard {
  number: string;
  answer: ChargeState;
  result: string;
}

// design.md's test cards, in the order the payment sheet lists them. Any other Luhn-valid number in
// test mode is declined. The sheet's table is made from this list, so it offers every card there is.
export const TEST_CARD_LIST: readonly TestCard[] = [
  { number: '4084084084084081', answer: { outcome: 'succeeded', fee: 0n }, result: 'Succeeds' },
  {
    number: '5060666666666666666',
    answer: { outcome: 'requires_action', step: 'otp', message: null, reference: 'sim_otp' },
    result: `Asks for a one-time code: ${TEST_OTP}`,
  },
  { number: '4084080000005408', answer: { outcome: 'failed', code: 'card_declined' }, result: 'Declined' },
  { number: '4084080000000409', answer: { outcome: 'failed', code: 'insufficient_funds' }, result: 'Insufficient funds' },
  { number: '4000000000000259', answer: { outcome: 'processing', reference: 'sim_processing_succeeds' }, result: 'Processing, then succeeds' },
  { number: '4000000000000267', answer: { outcome: 'processing', reference: 'sim_processing_fails' }, result: 'Processing, then fails' },
  // Processing, and then the processor never answers: every status check fails.
  { number: '4000000000000275', answer: { outcome: 'processing', reference: 'sim_processing_silent' }, result: 'Stays processing: the processor never answers' },
];

export const TEST_CARDS: Readonly<Record<string, ChargeState>> = Object.fromEntries(TEST_CARD_LIST.map((card) => [card.number, card.answer]));

const failed = (code: FailureCode): ChargeState => ({ outcome: 'failed', code });

/**
 * Test mode's processor: every outcome on demand, no money anywhere, no fee of its own. It keeps
 * nothing: what a charge does next is in the reference it answered with.
 */
export const testCardSimulator: Processor = {
  name: 'simulator',
  async charge({ card }) {
    return TEST_CARDS[card.digits] ?? failed('card_declined');
  },
  async authenticate(reference, answer) {
    if (reference !== 'sim_otp' || answer.step !== 'otp') return failed('processor_declined');
    return answer.otp === TEST_OTP ? { outcome: 'succeeded', fee: 0n } : failed('invalid_otp');
  },
  async check(reference) {
    if (reference === 'sim_processing_succeeds') return { outcome: 'succeeded', fee: 0n };
    if (reference === 'sim_processing_fails') return failed('processor_declined');
    if (reference === 'sim_processing_silent') throw new Error("the processor did not answer (this test card's processor never does)");
    if (reference === 'sim_otp') return { outcome: 'requires_action', step: 'otp', message: null, reference };
    // A charge the simulator was never asked for: a process that stopped between recording the
    // attempt and asking (the simulator answers at once, so it never got the question).
    return { outcome: 'not_found' };
  },
};
