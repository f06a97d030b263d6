import type { Authorization, FailureCode, Processor, Settlement } from './processor.ts';

// design.md's test cards. Any other Luhn-valid number in test mode is declined.
export const TEST_CARDS: Record<string, Authorization> = {
  '4084084084084081': { outcome: 'succeeded' },
  '5060666666666666666': { outcome: 'requires_otp', reference: 'sim_otp' },
  '4084080000005408': { outcome: 'failed', code: 'card_declined' },
  '4084080000000409': { outcome: 'failed', code: 'insufficient_funds' },
  '4000000000000259': { outcome: 'processing', reference: 'sim_processing_succeeds' },
  '4000000000000267': { outcome: 'processing', reference: 'sim_processing_fails' },
  // Processing, and then the processor never answers: every status check fails.
  '4000000000000275': { outcome: 'processing', reference: 'sim_processing_silent' },
};

export const TEST_OTP = '123456';

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
