import { ApiError } from '../errors.ts';
import type { Processor } from './processor.ts';

const refuse = (): never => {
  throw new ApiError(
    'service_unavailable',
    'Live payments are not enabled on this Nairaflow service: its operator has set no live processor (LIVE_PROCESSOR). Nothing was charged.',
  );
};

/**
 * Live mode when the operator has named no processor: no live card is ever approved by default.
 * The attempt is refused before anything is recorded (`assertAvailable`).
 */
export const noLiveProcessor: Processor = {
  name: 'none',
  assertAvailable: refuse,
  charge: async () => refuse(),
  authenticate: async () => refuse(),
  check: async () => ({ outcome: 'not_found' }),
};
