// Amounts in requests are JSON integers of kobo. A number past 2^53 - 1 has already lost its
// exact value before the SDK sees it, so it is refused rather than sent; bigints are exact at
// any size and go out as JSON integers (see json.ts).
import { InvalidRequestError } from './errors.ts';
import type { Amount } from './types.ts';

/** The amount as the body carries it; a bigint stays a bigint for the serializer to write. */
export function wireAmount(amount: Amount, param = 'amount'): number {
  if (typeof amount === 'bigint') {
    // Typed as the contract's number: toJson writes a bigint as the same JSON integer.
    return amount as unknown as number;
  }
  if (typeof amount !== 'number' || !Number.isInteger(amount)) {
    throw localError(param, `${param} must be an integer number of kobo (a number or a bigint), not ${describe(amount)}.`);
  }
  if (!Number.isSafeInteger(amount)) {
    throw localError(
      param,
      `${param} ${String(amount)} is above Number.MAX_SAFE_INTEGER (2^53 - 1), so it may not be the amount you meant; pass it as a bigint (e.g. ${BigInt(amount)}n) instead.`,
    );
  }
  return amount;
}

function describe(value: unknown): string {
  return typeof value === 'number' ? String(value) : typeof value;
}

function localError(param: string, message: string): InvalidRequestError {
  return new InvalidRequestError({ message: `${message} Nothing was sent.`, code: 'invalid_request', param });
}
