// Money on our pages: kobo arrive from the API as strings of digits and stay strings or BigInts.
// No float ever holds an amount, so ₦10,000,000,000,000.01 shows as exactly that.

/** The API's largest amount (10^15 kobo); below 2^53, so it is still exact as a JSON number. */
export const MAX_KOBO = 1_000_000_000_000_000n;

/**
 * "250000" (kobo) -> "₦2,500.00"; "-5000" -> "−₦50.00"; `signed` adds "+" to a positive amount;
 * `symbol` replaces "₦" ("NGN " to be read out, "" for the bare figure). Anything that is not a
 * whole number of kobo comes back as it is.
 * @param {string | bigint} kobo
 * @param {{ signed?: boolean, symbol?: string }} [options]
 * @returns {string}
 */
export function formatKobo(kobo, { signed = false, symbol = '₦' } = {}) {
  const text = String(kobo);
  if (!/^-?\d+$/.test(text)) return text;
  const value = BigInt(text);
  const abs = value < 0n ? -value : value;
  const naira = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const formatted = `${symbol}${naira}.${(abs % 100n).toString().padStart(2, '0')}`;
  if (value < 0n) return `\u2212${formatted}`;
  return signed && value > 0n ? `+${formatted}` : formatted;
}

/** @typedef {{ kobo: bigint, empty?: undefined, error?: undefined } | { empty: true, kobo?: undefined, error?: undefined } | { error: string, kobo?: undefined, empty?: undefined }} ParsedNaira */

/**
 * What someone typed as naira ("1,500.50", "₦200", "0.5") -> kobo as a BigInt, from the digits:
 * { empty } for nothing, { error } in words for anything that is not an exact amount.
 * @param {string} input
 * @returns {ParsedNaira}
 */
export function parseNaira(input) {
  const text = input.trim().replace(/^(?:₦|NGN)\s*/i, '').replace(/\s+/g, '');
  if (text === '') return { empty: true };
  if (text.startsWith('-')) return { error: 'Enter an amount above ₦0.00.' };
  if (/\.\d{3,}$/.test(text)) return { error: 'Use at most 2 decimal places (kobo), like 1,500.50.' };
  const match = /^(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d{0,2}))?$/.exec(text);
  if (match === null || (match[1] === '' && (match[2] ?? '') === '')) {
    return { error: 'Enter an amount in naira, like 1,500.50.' };
  }
  const whole = (match[1] ?? '').replaceAll(',', '') || '0';
  const kobo = BigInt(whole) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
  if (kobo === 0n) return { error: 'Enter an amount above ₦0.00.' };
  if (kobo > MAX_KOBO) return { error: `Enter at most ${formatKobo(MAX_KOBO)}.` };
  return { kobo };
}

/**
 * The sum of amounts in kobo (strings of digits or BigInts), as the API writes amounts.
 * @param {(string | bigint)[]} amounts
 * @returns {string}
 */
export function sumKobo(amounts) {
  return amounts.reduce((/** @type {bigint} */ total, amount) => total + BigInt(amount), 0n).toString();
}

/**
 * `a - b` in kobo, as the API writes amounts (a string of digits).
 * @param {string} a
 * @param {string} b
 * @returns {string}
 */
export function subtractKobo(a, b) {
  return (BigInt(a) - BigInt(b)).toString();
}

/**
 * -1, 0 or 1 as the amount is below, at or above zero.
 * @param {string | bigint} kobo
 * @returns {-1 | 0 | 1}
 */
export function koboSign(kobo) {
  const value = BigInt(kobo);
  return value < 0n ? -1 : value > 0n ? 1 : 0;
}
