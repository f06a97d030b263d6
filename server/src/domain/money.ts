// All money arithmetic lives here. Amounts are integer kobo held in bigint; they cross the wire as
// JSON integers on the way in and decimal strings on the way out, so no float ever touches them.

export type Kobo = bigint;

/** The largest amount one request may carry: 10^15 kobo (NGN 10 trillion), well inside 2^53. */
export const MAX_AMOUNT: Kobo = 10n ** 15n;

/**
 * The largest balance any ledger account may reach, either way: 10^18 kobo (NGN 10 quadrillion).
 * Far beyond any real business, and far enough inside PostgreSQL's bigint (about 9.2 x 10^18) that
 * no posting can overflow it: a posting that would pass it is refused, cleanly, instead.
 */
export const MAX_BALANCE: Kobo = 10n ** 18n;

/** The largest test balance top-ups may build: 10^17 kobo (NGN 1 quadrillion), plenty to test refunds with. */
export const MAX_TEST_TOP_UP_BALANCE: Kobo = 10n ** 17n;

/** `kobo` in naira as a person reads it, for messages: `NGN 2,500`, `NGN 2,500.50`, `-NGN 1,000`. */
export function nairaText(kobo: Kobo): string {
  const size = kobo < 0n ? -kobo : kobo;
  const naira = (size / 100n).toString().replace(/\B(?=(\d{3})+$)/g, ',');
  const rest = size % 100n;
  return `${kobo < 0n ? '-' : ''}NGN ${naira}${rest === 0n ? '' : `.${rest.toString().padStart(2, '0')}`}`;
}

/** `kobo` as an exact decimal of naira, for a spreadsheet: `2500.00`, `-1000.50`. */
export function nairaDecimal(kobo: Kobo): string {
  const size = kobo < 0n ? -kobo : kobo;
  return `${kobo < 0n ? '-' : ''}${size / 100n}.${(size % 100n).toString().padStart(2, '0')}`;
}

/** Whether a balance is within MAX_BALANCE either way. */
export function withinBalanceLimit(balance: Kobo): boolean {
  return balance <= MAX_BALANCE && balance >= -MAX_BALANCE;
}

/** A request amount (a JSON integer, already range-checked by the contract) as kobo. */
export function koboFromRequest(amount: number): Kobo {
  if (!Number.isSafeInteger(amount) || amount < 1 || BigInt(amount) > MAX_AMOUNT) {
    throw new RangeError(`not a whole number of kobo from 1 to ${MAX_AMOUNT}: ${amount}`);
  }
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

// The service fee, kept by the platform on every successful payment:
// 1.5% of the amount rounded half-up to the kobo, plus NGN 100 from NGN 2,500 up, capped at NGN 2,000.
const FEE_RATE_PER_MILLE = 15n;
const FEE_FLAT: Kobo = 10_000n;
const FEE_FLAT_FROM: Kobo = 250_000n;
const FEE_CAP: Kobo = 200_000n;

export function serviceFee(amount: Kobo): Kobo {
  if (amount <= 0n) throw new RangeError('a payment amount is at least 1 kobo');
  // Half-up on a non-negative numerator: add half the divisor, then truncate.
  const percentage = (amount * FEE_RATE_PER_MILLE + 500n) / 1000n;
  const fee = percentage + (amount >= FEE_FLAT_FROM ? FEE_FLAT : 0n);
  return fee > FEE_CAP ? FEE_CAP : fee;
}

/** What the merchant keeps of a payment. */
export function netOfFee(amount: Kobo, fee: Kobo): Kobo {
  return amount - fee;
}

/** What the platform keeps of its service fee once the processor has taken its own (negative when the processor took more). */
export function platformShare(serviceFee: Kobo, processorFee: Kobo): Kobo {
  return serviceFee - processorFee;
}

/** What the merchant was left with over a period: payments, less their fees, less refunds. */
export function netOfFeesAndRefunds(volume: Kobo, fees: Kobo, refunded: Kobo): Kobo {
  return volume - fees - refunded;
}

/** What is left to refund of a payment. */
export function refundable(amount: Kobo, refunded: Kobo): Kobo {
  return amount - refunded;
}

export function addKobo(a: Kobo, b: Kobo): Kobo {
  return a + b;
}

/** `a` less `b`: what is left of an amount once part of it is taken (or given back). */
export function subtractKobo(a: Kobo, b: Kobo): Kobo {
  return a - b;
}

/** The other side of a ledger entry. */
export function negate(amount: Kobo): Kobo {
  return -amount;
}

export function minKobo(a: Kobo, b: Kobo): Kobo {
  return a < b ? a : b;
}

export function sumKobo(amounts: readonly Kobo[]): Kobo {
  return amounts.reduce((total, amount) => total + amount, 0n);
}
