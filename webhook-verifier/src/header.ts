import { malformedHeader, missingHeader } from './errors.ts';

/** The header's name as Node spells incoming headers (lower case). */
export const SIGNATURE_HEADER = 'service-signature';

export interface ParsedSignatureHeader {
  /** `t` exactly as sent: the signed string starts with it. */
  t: string;
  timestamp: number;
  /** Every `v1`, 64 lowercase hex characters each. */
  signatures: string[];
}

const HEX_64 = /^[0-9a-f]{64}$/;
const DIGITS = /^[0-9]+$/;

/**
 * Spec 6.4: split on ",", read `t` and every `v1`, ignore other schemes (a future v2 must not
 * break today's receivers). Deliberately lenient about spaces around parts and empty parts (proxies
 * and hand-written test headers add them); strict about everything the signature depends on:
 * exactly one `t` of decimal digits, and each `v1` 64 lowercase hex characters as the spec says.
 */
export function parseSignatureHeader(header: string | readonly string[] | null | undefined): ParsedSignatureHeader {
  const value = typeof header === 'string' ? header : Array.isArray(header) ? header.join(',') : undefined;
  if (value === undefined || value.trim() === '') throw missingHeader();

  let t: string | undefined;
  const signatures: string[] = [];
  const otherSchemes: string[] = [];
  for (const rawPart of value.split(',')) {
    const part = rawPart.trim();
    if (part === '') continue;
    const eq = part.indexOf('=');
    if (eq <= 0) throw malformedHeader(`"${clip(part)}" is not a key=value pair`);
    const key = part.slice(0, eq).trim();
    const val = part.slice(eq + 1).trim();
    if (key === 't') {
      if (t !== undefined) throw malformedHeader('it has more than one t');
      if (!DIGITS.test(val) || !Number.isSafeInteger(Number(val))) {
        throw malformedHeader(`t must be the Unix time in whole seconds, got "${clip(val)}"`);
      }
      t = val;
    } else if (key === 'v1') {
      if (!HEX_64.test(val)) throw malformedHeader(describeBadV1(val));
      signatures.push(val);
    } else {
      otherSchemes.push(key);
    }
  }
  if (t === undefined) throw malformedHeader('it has no t=<unix seconds>');
  if (signatures.length === 0) {
    const others = otherSchemes.length > 0 ? ` (only ${[...new Set(otherSchemes)].join(', ')}, which this version ignores)` : '';
    throw malformedHeader(`it has no v1 signature${others}`);
  }
  return { t, timestamp: Number(t), signatures };
}

function describeBadV1(value: string): string {
  if (value.length !== 64) return `each v1 must be 64 hex characters, one is ${value.length}`;
  if (/^[0-9a-fA-F]{64}$/.test(value)) return 'each v1 must be lowercase hex, one has upper-case letters';
  return 'each v1 must be hex (0-9, a-f), one has other characters';
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}...` : text;
}
