// All money arithmetic lives here. Amounts are integer kobo held in bigint; they cross the wire as
// JSON integers on the way in and decimal strings on the way out, so no float ever touches them.

export type Kobo = bigint;

/** The largest amount one request may carry: 10^15 kobo (NGN 10 trillion), well inside 2^53. */
export const MAX_AMOUNT: Kobo = 10n ** 15n;

/** A request amount (a JSON integer, already range-checked by the contract) as kobo. */
export function koboFromRequest(amount: number): Kobo {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`not a whole number of kobo: ${amount}`);
  return BigInt(amount);
}

/** Kobo as the wire's decimal string. */
export function koboToWire(amount: Kobo): string {
  return amount.toString();
}

/** A stored amount (PostgreSQL bigint arrives as a string or bigint) as kobo. */
export function koboFromDb(value: string | bigint | number): Kobo {
  return BigInt(value);
}
