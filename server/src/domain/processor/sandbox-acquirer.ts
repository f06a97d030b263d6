import { TEST_CARDS } from './test-cards.ts';
import type { Processor } from './processor.ts';

/**
 * Live mode's processor for staging deployments (LIVE_PROCESSOR=sandbox, refused when
 * APP_ENV=production): it refuses test cards (so a test card can never look like real money) and
 * approves every other card, moving no money and keeping no fee.
 */
export const sandboxAcquirer: Processor = {
  name: 'sandbox',
  async charge({ card }) {
    if (card.digits in TEST_CARDS) return { outcome: 'failed', code: 'test_card_in_live_mode' };
    return { outcome: 'succeeded', fee: 0n };
  },
  async authenticate() {
    return { outcome: 'failed', code: 'processor_declined' };
  },
  async check() {
    // It answers every charge at once: one it is asked about was never sent to it.
    return { outcome: 'not_found' };
  },
};
