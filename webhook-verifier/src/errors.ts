/** What failed, one code per cause; see the README's errors table for what to do about each. */
export type WebhookVerificationErrorCode =
  | 'missing_header'
  | 'malformed_header'
  | 'no_matching_signature'
  | 'timestamp_out_of_tolerance'
  | 'body_not_raw'
  | 'invalid_json';

// Registry-wide, so every copy of the package marks and recognises the same symbol.
const BRAND = Symbol.for('@nairaflow/webhook-verifier.WebhookVerificationError');

/**
 * The one error this package throws for a request that cannot be trusted or read. `code` says
 * what failed; `message` says how to fix it. Mistakes in calling the package (no secret, a
 * negative tolerance) are TypeErrors instead: they are bugs to fix once, not requests to reject.
 */
export class WebhookVerificationError extends Error {
  readonly code: WebhookVerificationErrorCode;

  constructor(code: WebhookVerificationErrorCode, message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
    this.code = code;
    Object.defineProperty(this, BRAND, { value: true });
  }

  /**
   * True for this package's error from any copy of it: the package ships an ESM and a CommonJS
   * build, and an app may load both (its own `require` beside the SDK's `import`), each with its
   * own class.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (this !== WebhookVerificationError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === 'object' && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true;
  }
}

export const HEADER_FORMAT = 't=<unix seconds>,v1=<64 lowercase hex>[,v1=...]';

export const RAW_BODY_RULE =
  'The signature covers the exact bytes Nairaflow sent, so the body must reach the verifier unparsed: ' +
  "in Express use express.raw({ type: 'application/json' }) on the webhook route (not express.json(), " +
  'whose parsed object can never be turned back into the same bytes), or mount webhookHandler(), which reads the body itself.';

export function missingHeader(): WebhookVerificationError {
  return new WebhookVerificationError(
    'missing_header',
    'No Service-Signature header. Pass the header exactly as received (req.headers["service-signature"], ' +
      'request.headers.get("service-signature")). Every Nairaflow delivery carries one: a request without it ' +
      'did not come from Nairaflow, or a proxy in front of this server dropped the header.',
  );
}

export function malformedHeader(problem: string): WebhookVerificationError {
  return new WebhookVerificationError(
    'malformed_header',
    `The Service-Signature header is malformed: ${problem}. Nairaflow sends ${HEADER_FORMAT}; ` +
      'pass the header value exactly as received, not a part of it.',
  );
}

export function noMatchingSignature(secrets: readonly string[]): WebhookVerificationError {
  const notSigningSecret = secrets.some((secret) => !secret.startsWith('whsec_'));
  return new WebhookVerificationError(
    'no_matching_signature',
    'No v1 signature in the Service-Signature header matches this body. Check that: ' +
      '(1) you pass the exact raw body bytes: express.raw({ type: \'application/json\' }) or webhookHandler(), never a ' +
      'parsed or re-serialized body (JSON.stringify(req.body) differs from what was signed); ' +
      '(2) the secret is the signing secret (whsec_...) of this endpoint and mode (test and live endpoints have different secrets); ' +
      '(3) after rolling the secret you pass both the new and the old secret until the old one expires.' +
      (notSigningSecret ? ' A secret you passed does not start with "whsec_": it may be an API key, which never signs webhooks.' : ''),
  );
}

export function timestampOutOfTolerance(skewSeconds: number, toleranceSeconds: number): WebhookVerificationError {
  const direction = skewSeconds > 0 ? 'ahead of' : 'behind';
  return new WebhookVerificationError(
    'timestamp_out_of_tolerance',
    `The signature is valid but its timestamp is ${Math.abs(skewSeconds)} s ${direction} this server's clock ` +
      `(tolerance ${toleranceSeconds} s). Nairaflow signs every attempt afresh, so genuine retries are never stale: ` +
      "either this server's clock is wrong (sync it with NTP) or the request is a replay of an old delivery.",
  );
}

export function bodyNotRaw(received: string): WebhookVerificationError {
  return new WebhookVerificationError('body_not_raw', `rawBody must be a string, Buffer or Uint8Array, got ${received}. ${RAW_BODY_RULE}`);
}

export function invalidJson(problem: string): WebhookVerificationError {
  return new WebhookVerificationError(
    'invalid_json',
    `The signature is valid but the body is not a JSON event (${problem}). ` +
      'Pass the body bytes as received, undecoded and uncompressed; if you built this body in a test, sign valid event JSON.',
  );
}
