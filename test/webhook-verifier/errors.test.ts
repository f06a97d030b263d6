import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import {
  constructEvent,
  constructEventAsync,
  verifySignature,
  WebhookVerificationError,
  type WebhookVerificationErrorCode,
} from '../../webhook-verifier/src/index.ts';
import { vector, type Vector } from './support/package.ts';

function errorOf(fn: () => unknown): WebhookVerificationError {
  try {
    fn();
  } catch (error) {
    expect(error).to.be.instanceOf(WebhookVerificationError);
    return error as WebhookVerificationError;
  }
  throw new Error('expected a WebhookVerificationError');
}

function errorFor(v: Vector): WebhookVerificationError {
  return errorOf(() => constructEvent(v.body, v.header, v.secrets, { now: v.now, toleranceSeconds: v.tolerance }));
}

describe('webhook-verifier: errors tell the merchant what to fix', () => {
  it('is one error class, an Error, with a name, a code and a message', () => {
    const error = errorFor(vector('wrong_secret'));
    expect(error).to.be.instanceOf(Error);
    expect(error.name).to.equal('WebhookVerificationError');
    expect(error.code).to.equal('no_matching_signature');
    expect(String(error)).to.match(/^WebhookVerificationError: /);
  });

  it('refuses a parsed body with body_not_raw, explaining the raw-body rule', () => {
    const v = vector('valid');
    for (const parsed of [JSON.parse(v.body), [], undefined, null, 42]) {
      const error = errorOf(() => constructEvent(parsed, v.header, v.secrets, { now: v.now }));
      expect(error.code).to.equal('body_not_raw');
      expect(error.message).to.include("express.raw({ type: 'application/json' })").and.include('exact bytes');
    }
    expect(errorOf(() => constructEvent(JSON.parse(v.body), v.header, v.secrets)).message).to.include('already parsed');
  });

  it('checks the body before the header, so a parsed body is named even without a header', () => {
    expect(errorOf(() => verifySignature({} as unknown as string, undefined, 'whsec_x')).code).to.equal('body_not_raw');
  });

  it('rejects the async variant the same way, as a rejected promise', async () => {
    const v = vector('valid');
    const error = await constructEventAsync({} as unknown as string, v.header, v.secrets).catch((e: unknown) => e);
    expect((error as WebhookVerificationError).code).to.equal('body_not_raw');
  });

  const hints: [string, WebhookVerificationErrorCode, RegExp[]][] = [
    ['missing_header', 'missing_header', [/service-signature/, /proxy/]],
    ['t_not_a_number', 'malformed_header', [/t must be the Unix time/, /t=<unix seconds>,v1=/]],
    ['t_duplicated', 'malformed_header', [/more than one t/]],
    ['v1_uppercase_hex', 'malformed_header', [/lowercase/]],
    ['v1_wrong_length', 'malformed_header', [/64 hex characters, one is 63/]],
    ['no_v1', 'malformed_header', [/no v1 signature \(only v0/]],
    ['wrong_secret', 'no_matching_signature', [/raw body/, /whsec_/, /test and live/, /both the new and the old secret/]],
    ['body_reserialized', 'no_matching_signature', [/JSON.stringify\(req.body\)/]],
    ['t_plus_301', 'timestamp_out_of_tolerance', [/301 s ahead of this server's clock/, /NTP/, /replay/]],
    ['t_minus_301', 'timestamp_out_of_tolerance', [/301 s behind/]],
    ['invalid_json_valid_signature', 'invalid_json', [/signature is valid/, /not a JSON event/]],
  ];
  for (const [name, code, patterns] of hints) {
    it(`${code} (${name}) says how to fix it`, () => {
      const error = errorFor(vector(name));
      expect(error.code).to.equal(code);
      for (const pattern of patterns) expect(error.message).to.match(pattern);
    });
  }

  it('points out a secret that is not a signing secret (an API key passed by mistake)', () => {
    const v = vector('valid');
    const error = errorOf(() => constructEvent(v.body, v.header, 'sk_test_4eC39HqLyjWDarjtT1zdp7dc', { now: v.now }));
    expect(error.message).to.include('does not start with "whsec_"');
    expect(errorFor(vector('wrong_secret')).message).to.not.include('does not start with');
  });

  it('calls a well-formed JSON value that is not an event invalid_json', () => {
    const secret = vector('valid').secrets[0]!;
    for (const body of ['[]', '"evt"', '{"id": 1, "type": "x"}', 'null']) {
      const error = errorOf(() => constructEvent(body, signed(body, secret), secret, { now: 1000 }));
      expect(error.code, body).to.equal('invalid_json');
    }
  });

  it('treats a mistake in calling it as a TypeError, not as a bad request', () => {
    const v = vector('valid');
    for (const secrets of [undefined, '', [], [''], [42]]) {
      expect(() => constructEvent(v.body, v.header, secrets as unknown as string), String(secrets)).to.throw(TypeError, /signing secret \(whsec_\.\.\.\)/);
    }
    expect(() => constructEvent(v.body, v.header, v.secrets, { toleranceSeconds: -1 })).to.throw(TypeError, /toleranceSeconds/);
    expect(() => constructEvent(v.body, v.header, v.secrets, { toleranceSeconds: Number.NaN })).to.throw(TypeError, /toleranceSeconds/);
    expect(() => constructEvent(v.body, v.header, v.secrets, { now: Number.NaN })).to.throw(TypeError, /now/);
  });

  it('uses the system clock when now is not given, so an old vector is out of tolerance', () => {
    expect(errorOf(() => constructEvent(vector('valid').body, vector('valid').header, vector('valid').secrets)).code).to.equal('timestamp_out_of_tolerance');
  });
});

/** A header signed with node:crypto directly, at t=1000. */
function signed(body: string, secret: string): string {
  return `t=1000,v1=${createHmac('sha256', secret).update(`1000.${body}`).digest('hex')}`;
}
