import { TEST_CARDS } from './test-cards.ts';
import type { Processor } from './processor.ts';

/**
 * Live mode's shipped processor, for staging deployments: it refuses test cards (so a test card
 * can never look like real money) and approves every other card. A production deployment puts a
 * real acquirer behind the same interface.
 */
export const sandboxAcquirer: Processor = {
  async authorize({ card }) {
    if (card.digits in TEST_CARDS) return { outcome: 'failed', code: 'test_card_in_live_mode' };
    return { outcome: 'succeeded' };
  },
  async submitOtp() {
    throw new Error('the sandbox acquirer never asks for an OTP');
  },
  async complete() {
    throw new Error('the sandbox acquirer never leaves an attempt processing');
  },
};
