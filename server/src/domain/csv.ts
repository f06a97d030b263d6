// CSV a spreadsheet can open safely: RFC 4180 quoting, and no cell that a spreadsheet would run as
// a formula (a value starting with =, +, -, @, a tab or a carriage return gets a leading '), so
// that a customer's name or a metadata value can never become a command on the merchant's computer.

/** The byte-order mark that makes Excel read the file as UTF-8 (naira signs, accented names). */
export const UTF8_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?[0-9]+(\.[0-9]+)?$/;

/** One cell, quoted where it must be, defused where a spreadsheet would take it for a formula. */
export function csvCell(value: string | number | bigint | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // A plain decimal number (an amount like -50.00) is a number; any other text that looks like a
  // formula is defused.
  if (typeof value === 'string' && FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line (CRLF-terminated, as RFC 4180 has it). */
export function csvLine(values: readonly (string | number | bigint | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
