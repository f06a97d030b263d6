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
  [/sk_(test|live)_[0-9A-Za-z]+/g, 'sk_$1_[redacted]'],
  [/(pi_[0-9A-Za-z]+)_secret_[0-9A-Za-z]+/g, '$1_secret_[redacted]'],
  [/whsec_[0-9A-Za-z]+/g, 'whsec_[redacted]'],
  // A card number, whatever separates its digits (spaces, dashes, dots, plus signs, ...).
  [/(?<!\d)\d(?:[^0-9A-Za-z]{0,3}\d){11,18}(?!\d)/g, '[card redacted]'],
];

/**
 * The query parameters whose values are logged: the list and filter parameters of the contract.
 * Every other value (a client secret, a key or a card number someone put in a URL) is masked.
 */
const LOGGED_QUERY_PARAMETERS = new Set(['limit', 'starting_after', 'ending_before', 'status', 'type', 'payment_intent', 'delivery_status']);

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
  const at = text.indexOf('?');
  const path = redactText(at === -1 ? text : text.slice(0, at)).replace(/^\/pay\/(?!assets\/)[^#]+/, '/pay/[redacted]');
  if (at === -1) return path;
  const query = text
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const [name = '', ...rest] = pair.split('=');
      const value = rest.join('=');
      if (rest.length === 0) return redactText(name);
      return LOGGED_QUERY_PARAMETERS.has(name.toLowerCase()) ? `${name}=${redactText(value)}` : `${redactText(name)}=[redacted]`;
    });
  return `${path}?${query.join('&')}`;
}

// Decodes every run of %XX escapes that forms valid UTF-8 (and + as a space) and leaves the rest.
function decodeLeniently(text: string): string {
  return text.replace(/\+/g, ' ').replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
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

/**
 * Something said at most once per `intervalMs` however often it happens, with how many times it
 * happened since it was last said: a database outage is a few log lines, not one per request or
 * per poll. `write` is called with that count.
 */
export function throttled(intervalMs: number): (write: (count: number) => void) => void {
  let last = 0;
  let count = 0;
  return (write) => {
    count++;
    const now = Date.now();
    if (now - last < intervalMs) return;
    write(count);
    last = now;
    count = 0;
  };
}
