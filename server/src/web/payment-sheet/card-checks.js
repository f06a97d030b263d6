// What the sheet checks before sending a card, in the customer's words. The server decides; these
// only save a round trip for a typo.

/**
 * The card's network from its first digits, as shown beside the number.
 * @param {string} digits
 * @returns {'VERVE' | 'VISA' | 'MASTERCARD' | ''}
 */
export function cardBrand(digits) {
  if (/^(506[01]|507[89]|6500)/.test(digits)) return 'VERVE';
  if (/^4/.test(digits)) return 'VISA';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'MASTERCARD';
  return '';
}

/**
 * The Luhn checksum every card number carries: catches most typos.
 * @param {string} digits
 */
export function luhnValid(digits) {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** @param {string} digits */
export function numberProblem(digits) {
  if (digits.length === 0) return 'Enter your card number.';
  if (digits.length < 12) return 'Your card number is incomplete.';
  if (!luhnValid(digits)) return 'Your card number is invalid. Check it and try again.';
  return '';
}

/**
 * "MM/YY" -> its month and four-digit year, or what is wrong with it.
 * @param {string} value
 * @returns {{ message: '', month: number, year: number } | { message: string, month?: undefined, year?: undefined }}
 */
export function expiryProblem(value) {
  const match = /^(\d{2})\/(\d{2})$/.exec(value);
  if (value.trim() === '') return { message: 'Enter the expiry date on your card.' };
  if (!match) return { message: "Your card's expiry date is incomplete. Use MM/YY." };
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return { message: "Your card's expiry month is invalid." };
  const now = new Date();
  // A card is valid through the last day of its expiry month.
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
    return { message: 'Your card has expired. Check the date or use another card.' };
  }
  return { message: '', month, year };
}

/** @param {string} digits */
export function cvcProblem(digits) {
  if (digits.length === 0) return "Enter your card's security code (CVC).";
  if (digits.length < 3) return "Your card's security code is incomplete.";
  return '';
}

/** @param {string} value */
export function emailProblem(value) {
  if (value === '') return 'Enter your e-mail address for the receipt.';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return 'Enter a valid e-mail address, like name@example.com.';
  return '';
}
