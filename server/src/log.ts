import pino, { type DestinationStream, type Logger } from 'pino';

// Secret keys, client secrets, webhook signing secrets, card numbers and CVCs never reach a log.
// Structured fields that could carry them are censored by path; free text (URLs, messages) goes
// through redactText before it is logged.
const REDACT_PATHS = [
  'req.headers.authorization',
  'headers.authorization',
  'authorization',
  '*.client_secret',
  'client_secret',
  '*.secret',
  'secret',
  '*.card',
  'card',
  '*.cvc',
  'cvc',
  '*.number',
];

const SECRET_PATTERNS: [RegExp, string][] = [
  [/\bsk_(test|live)_[0-9A-Za-z]+/g, 'sk_$1_[redacted]'],
  [/\b(pi_[0-9A-Za-z]+)_secret_[0-9A-Za-z]+/g, '$1_secret_[redacted]'],
  [/\bwhsec_[0-9A-Za-z]+/g, 'whsec_[redacted]'],
  [/\b(?:\d[ -]?){12,18}\d\b/g, '[card redacted]'],
];

/** Removes anything shaped like a secret or a card number from text about to be logged. */
export function redactText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of SECRET_PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

/**
 * A request URL as it may be logged. Secrets are masked after decoding, however often and however
 * oddly they were percent-encoded (`pi_..%5Fsecret%5F..`, every character escaped); the payment
 * sheet's path and any `client_secret` query value are masked whatever they hold.
 */
export function redactUrl(url: string): string {
  let text = url;
  for (let round = 0; round < 3; round++) {
    const decoded = decodeLeniently(text);
    if (decoded === text) break;
    text = decoded;
  }
  return redactText(text)
    .replace(/^\/pay\/(?!assets\/)[^?#]+/, '/pay/[redacted]')
    .replace(/([?&]client_secret=)[^&#]*/gi, '$1[redacted]');
}

// Decodes every run of %XX escapes that forms valid UTF-8 and leaves the rest as it is.
function decodeLeniently(text: string): string {
  return text.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

export function createLogger(options: { level: string; pretty: boolean; destination?: DestinationStream }): Logger {
  const logOptions: pino.LoggerOptions = {
    level: options.level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    base: { service: 'nairaflow' },
    ...(options.pretty
      ? { transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,service' } } }
      : {}),
  };
  return options.destination === undefined ? pino(logOptions) : pino(logOptions, options.destination);
}
