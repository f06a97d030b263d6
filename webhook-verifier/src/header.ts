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
  if (typeof header === 'string') {
    const canonical = parseCanonical(header);
    if (canonical !== undefined) return canonical;
  }
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

const COMMA = 0x2c;
const EQUALS = 0x3d;
const ZERO = 0x30;
const NINE = 0x39;
const LOWER_A = 0x61;
const LOWER_F = 0x66;

/**
 * The hot path: the header exactly as Nairaflow writes it, `t=<digits>,v1=<64 lowercase hex>` with
 * any number of further `,v1=<64 lowercase hex>`, no spaces, no other scheme: one pass over the
 * characters, no split, trim or regular expression. Anything else (spaces, empty parts, other
 * schemes, a second t, an error of any kind) returns undefined and takes the general parser below,
 * which gives the verdict and the error message; what this accepts, that parser accepts with the
 * same result.
 */
function parseCanonical(value: string): ParsedSignatureHeader | undefined {
  const length = value.length;
  if (length < 2 || value.charCodeAt(0) !== 0x74 /* t */ || value.charCodeAt(1) !== EQUALS) return undefined;
  let i = 2;
  while (i < length) {
    const c = value.charCodeAt(i);
    if (c < ZERO || c > NINE) break;
    i++;
  }
  if (i === 2 || i === length || value.charCodeAt(i) !== COMMA) return undefined;
  const t = value.slice(2, i);
  const timestamp = Number(t);
  if (!Number.isSafeInteger(timestamp)) return undefined;
  const signatures: string[] = [];
  // Each round: `,v1=` then 64 lowercase hex digits, then the end or the next comma.
  while (i < length) {
    if (
      length - i < 68 ||
      value.charCodeAt(i) !== COMMA ||
      value.charCodeAt(i + 1) !== 0x76 /* v */ ||
      value.charCodeAt(i + 2) !== 0x31 /* 1 */ ||
      value.charCodeAt(i + 3) !== EQUALS
    ) {
      return undefined;
    }
    const start = i + 4;
    const end = start + 64;
    for (let j = start; j < end; j++) {
      const c = value.charCodeAt(j);
      if ((c < ZERO || c > NINE) && (c < LOWER_A || c > LOWER_F)) return undefined;
    }
    signatures.push(value.slice(start, end));
    i = end;
  }
  return { t, timestamp, signatures };
}

function describeBadV1(value: string): string {
  if (value.length !== 64) return `each v1 must be 64 hex characters, one is ${value.length}`;
  if (/^[0-9a-fA-F]{64}$/.test(value)) return 'each v1 must be lowercase hex, one has upper-case letters';
  return 'each v1 must be hex (0-9, a-f), one has other characters';
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}...` : text;
}
