// Finds secrets in log lines: secret keys, client secrets, webhook signing secrets, card numbers
// and one-time codes, however they were percent-encoded. The test run's own log is scanned with it
// (scripts/test.ts), so a secret that reaches any log in any test fails the run.
import { passesLuhn } from '../../server/src/domain/card.ts';

export interface Finding {
  kind: 'secret key' | 'client secret' | 'signing secret' | 'card number' | 'one-time code' | 'card PIN';
  /** 1-based line of the log. */
  line: number;
  /** The finding with all but its first characters masked: the report must not leak it again. */
  masked: string;
}

const PATTERNS: [Finding['kind'], RegExp][] = [
  ['secret key', /sk_(?:test|live)_[0-9A-Za-z]{32}/g],
  ['client secret', /_secret_[0-9A-Za-z]{24}/g],
  ['signing secret', /whsec_[0-9A-Za-z]{32}/g],
  // A value given for an "otp" field (a request body or a query string that was logged).
  ['one-time code', /"?otp"?\s*[:=]\s*"?\d{4,8}\b/gi],
  // A value given for a "pin" field: a card's PIN is sent on to the processor and nowhere else.
  ['card PIN', /"?pin"?\s*[:=]\s*"?\d{4}\b/gi],
];

/**
 * 12 to 19 digits, maybe grouped by spaces or dashes, standing alone (not inside a longer run of
 * digits, nor part of a name such as Migration20261124050000_...), starting as card numbers do
 * (2 to 6: Mastercard, Amex, Visa, Verve, Discover), and passing Luhn.
 */
const CARD_SHAPED = /(?<![\dA-Za-z_])[2-6](?:[ -]?\d){11,18}(?![\dA-Za-z_])/g;

export function findSecrets(log: string): Finding[] {
  const findings: Finding[] = [];
  log.split('\n').forEach((raw, index) => {
    // In a JSON log line only the text is looked at (its keys and string values): numbers such
    // as `time` and `pid` are not secrets, and escaping is undone.
    const texts = textsOf(raw).flatMap((text) => [text, decodeRepeatedly(text)]);
    for (const text of new Set(texts)) {
      for (const [kind, pattern] of PATTERNS) {
        for (const match of text.matchAll(pattern)) findings.push({ kind, line: index + 1, masked: mask(match[0]) });
      }
      for (const match of text.matchAll(CARD_SHAPED)) {
        if (passesLuhn(match[0].replace(/\D/g, ''))) findings.push({ kind: 'card number', line: index + 1, masked: mask(match[0]) });
      }
    }
  });
  // One secret seen both as written and decoded is one finding.
  return findings.filter((f, i) => findings.findIndex((g) => g.line === f.line && g.masked === f.masked) === i);
}

function textsOf(line: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return [line];
  }
  const texts: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') texts.push(value);
    else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        texts.push(key);
        walk(child);
      }
    }
  };
  walk(parsed);
  return texts;
}

function decodeRepeatedly(text: string): string {
  let out = text;
  for (let round = 0; round < 3; round++) {
    const next = out.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
    if (next === out) break;
    out = next;
  }
  return out;
}

const mask = (secret: string): string => `${secret.slice(0, 6)}${'*'.repeat(Math.max(0, secret.length - 6))}`;
