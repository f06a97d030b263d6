// What the service itself checks about a card before any processor sees it.
import type { components } from '../generated/openapi.ts';

/** A card as the customer gives it at checkout (never stored: only its brand and last four are kept). */
export type CardInput = components['schemas']['ConfirmPaymentIntentRequest']['card'];

/** The digits of a card number typed with spaces. */
export function cardDigits(number: string): string {
  return number.replace(/ /g, '');
}

/** The Luhn checksum every real card number satisfies; catches most typing mistakes. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A card is good through the last day of its expiry month. */
export function hasExpired(expMonth: number, expYear: number, now: Date): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return expYear < year || (expYear === year && expMonth < month);
}

export function cardBrand(digits: string): string {
  if (/^(5060|5061|5078|5079|6500)/.test(digits)) return 'verve';
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'unknown';
}
