import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import {
  constructEvent,
  constructEventAsync,
  verifySignature,
  verifySignatureAsync,
  WebhookVerificationError,
  type RawBody,
} from '../../webhook-verifier/src/index.ts';
import { packageDir, vectors, type Vector } from './support/package.ts';

// Every vector in each form a body arrives in: a string (express.text, Deno), a Buffer
// (express.raw, node:http), a plain Uint8Array (fetch), an ArrayBuffer (request.arrayBuffer()).
const bodyForms: [string, (body: string) => RawBody][] = [
  ['string', (body) => body],
  ['Buffer', (body) => Buffer.from(body, 'utf8')],
  ['Uint8Array', (body) => new TextEncoder().encode(body)],
  ['ArrayBuffer', (body) => new TextEncoder().encode(body).buffer],
];

function options(v: Vector) {
  return { now: v.now, toleranceSeconds: v.tolerance };
}

function expectVerdict(v: Vector, outcome: { type: string } | unknown): void {
  if ('valid' in v.expected) {
    expect(outcome, v.name).to.not.be.instanceOf(Error);
    expect((outcome as { type: string }).type, v.name).to.equal(v.expected.type);
  } else {
    expect(outcome, v.name).to.be.instanceOf(WebhookVerificationError);
    expect((outcome as WebhookVerificationError).code, v.name).to.equal(v.expected.error);
  }
}

function attempt<T>(fn: () => T): T | unknown {
  try {
    return fn();
  } catch (error) {
    return error;
  }
}

describe('webhook-verifier: test-vectors.json', () => {
  it('has at least 20 cases, covering every way a signature can be right or wrong', () => {
    expect(vectors.length).to.be.at.least(20);
    const names = vectors.map((v) => v.name);
    for (const name of [
      'valid', 'several_v1_one_valid', 'unknown_schemes_ignored', 'wrong_secret', 'body_one_byte_changed', 'body_reserialized',
      't_plus_299', 't_minus_299', 't_plus_301', 't_minus_301', 'missing_header', 'empty_header', 't_missing', 't_not_a_number',
      'v1_not_hex', 'v1_wrong_length', 'no_v1', 'rotation_signed_by_old', 'rotation_signed_by_new', 'spaces_around_parts',
      't_duplicated', 'v1_uppercase_hex', 'unicode_body', 'invalid_json_valid_signature',
    ]) {
      expect(names, name).to.include(name);
    }
    const codes = new Set(vectors.map((v) => ('error' in v.expected ? v.expected.error : 'valid')));
    expect([...codes].sort()).to.deep.equal(
      ['invalid_json', 'malformed_header', 'missing_header', 'no_matching_signature', 'timestamp_out_of_tolerance', 'valid'].sort(),
    );
  });

  it('is exactly what scripts/make-test-vectors.ts computes (with node:crypto, not the package)', () => {
    const run = spawnSync(process.execPath, [join(packageDir, 'scripts/make-test-vectors.ts'), '--check'], { encoding: 'utf8' });
    expect(run.status, run.stderr).to.equal(0);
  });

  for (const [form, toBody] of bodyForms) {
    it(`constructEvent reaches every verdict with the body given as ${form}`, () => {
      for (const v of vectors) {
        expectVerdict(v, attempt(() => constructEvent(toBody(v.body), v.header, v.secrets, options(v))));
      }
    });

    it(`constructEventAsync (WebCrypto) reaches every verdict with the body given as ${form}`, async () => {
      for (const v of vectors) {
        expectVerdict(v, await constructEventAsync(toBody(v.body), v.header, v.secrets, options(v)).catch((error: unknown) => error));
      }
    });
  }

  it('verifySignature and verifySignatureAsync pass exactly the vectors whose signature is good', async () => {
    for (const v of vectors) {
      // invalid_json is a parsing verdict: the signature itself is fine.
      const signatureOk = 'valid' in v.expected || v.expected.error === 'invalid_json';
      const sync = attempt(() => verifySignature(v.body, v.header, v.secrets, options(v)));
      const async = await verifySignatureAsync(v.body, v.header, v.secrets, options(v)).catch((error: unknown) => error);
      for (const outcome of [sync, async]) {
        if (signatureOk) expect(outcome, v.name).to.equal(undefined);
        else expect((outcome as WebhookVerificationError).code, v.name).to.equal((v.expected as { error: string }).error);
      }
    }
  });

  it('returns the parsed event, field for field', () => {
    const v = vectors.find((c) => c.name === 'unicode_body')!;
    expect(constructEvent(v.body, v.header, v.secrets, options(v))).to.deep.equal(JSON.parse(v.body));
  });

  it('accepts the header as Node gives it when sent twice (an array)', () => {
    const v = vectors.find((c) => c.name === 'valid')!;
    const [t, signature] = v.header!.split(',');
    expect(constructEvent(v.body, [t!, signature!], v.secrets, options(v)).type).to.equal('payment_intent.succeeded');
  });
});
