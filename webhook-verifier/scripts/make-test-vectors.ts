// Writes webhook-verifier/test-vectors.json: named Service-Signature cases with the verdict any
// verifier (this package, or a port to another language) must reach.
//
//   node webhook-verifier/scripts/make-test-vectors.ts          write the file
//   node webhook-verifier/scripts/make-test-vectors.ts --check  exit 1 if the file differs
//
// The signatures are computed here with node:crypto directly, from spec 6.4, and never with the
// package: the vectors check the package, so they must not come from it. Everything is fixed
// (secrets, clock, bodies), so the output is the same on every run.
import { createHmac } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';

const out = new URL('../test-vectors.json', import.meta.url);

const SECRET = 'whsec_Qm9yZWFsaXNGcm9tTmFpcmFmbG93VGVzdA';
const OLD_SECRET = 'whsec_T2xkU2VjcmV0QmVmb3JlVGhlUm9sbA';
const OTHER_SECRET = 'whsec_QW5vdGhlckVuZHBvaW50c1NlY3JldA';
const NOW = 1767261792;
const TOLERANCE = 300;

/** Spec 6.4: lowercase hex HMAC-SHA256, keyed with the secret's UTF-8 bytes, of `<t>.<raw body>`. */
function v1(secret: string, t: number | string, body: string): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(Buffer.from(`${t}.`, 'utf8'))
    .update(Buffer.from(body, 'utf8'))
    .digest('hex');
}

// Compact JSON, as the service sends it.
const succeeded = JSON.stringify({
  id: 'evt_mmFhLZKiP4cIuelfT4fOKx2A',
  type: 'payment_intent.succeeded',
  created: NOW - 2,
  livemode: false,
  data: {
    id: 'pi_2JIglADXcZSH0YR87yZi3eO4',
    amount: '250000',
    currency: 'NGN',
    method: 'card',
    service_fee: '13750',
    metadata: { order_id: '1042' },
  },
});
const testEvent = JSON.stringify({
  id: 'evt_Tq3yJd0WbS2kXn8ZcV5uLp1A',
  type: 'webhook.test',
  created: NOW,
  livemode: false,
  data: { test: true },
});
const failed = JSON.stringify({
  id: 'evt_7xK2mQ9pL4sN1vB8cR5tY3wZ',
  type: 'payment_intent.failed',
  created: NOW - 60,
  livemode: false,
  data: { id: 'pi_2JIglADXcZSH0YR87yZi3eO4', last_error: 'card_declined' },
});
// Multi-byte UTF-8 (2-, 3- and 4-byte characters): the signature is over the bytes, not the characters.
const unicode = JSON.stringify({
  id: 'evt_Uni6c0deB0dyTe5tCase0001',
  type: 'payment_intent.succeeded',
  created: NOW,
  livemode: false,
  data: {
    id: 'pi_Un1c0deUn1c0deUn1c0de001',
    amount: '250000',
    currency: 'NGN',
    method: 'card',
    service_fee: '13750',
    metadata: { customer: 'Adébáyọ̀ Ọláolúwa', note: '₦2,500 for 🛒 order 1042' },
  },
});
const reserialized = JSON.stringify(JSON.parse(succeeded), null, 2);
// One byte changed: the amount 250000 -> 950000.
const tampered = succeeded.replace('"250000"', '"950000"');
if (tampered === succeeded || Buffer.byteLength(tampered) !== Buffer.byteLength(succeeded)) throw new Error('tampered body must differ by one byte');

type Expected = { valid: true; type: string } | { error: string };
interface Case {
  name: string;
  description: string;
  secrets: string[];
  header: string | null;
  body: string;
  now: number;
  tolerance: number;
  expected: Expected;
}

const valid = (body: string): Expected => ({ valid: true, type: (JSON.parse(body) as { type: string }).type });
const error = (code: string): Expected => ({ error: code });
const sig = v1(SECRET, NOW, succeeded);

const cases: Case[] = [
  { name: 'valid', description: 'One v1, signed with the secret, t equal to the receiver clock.', secrets: [SECRET], header: `t=${NOW},v1=${sig}`, body: succeeded, now: NOW, tolerance: TOLERANCE, expected: valid(succeeded) },
  { name: 'valid_test_event', description: 'A webhook.test event verifies like any other.', secrets: [SECRET], header: `t=${NOW},v1=${v1(SECRET, NOW, testEvent)}`, body: testEvent, now: NOW, tolerance: TOLERANCE, expected: valid(testEvent) },
  { name: 'several_v1_one_valid', description: 'Three v1: two from other secrets, the middle one valid. Any match passes.', secrets: [SECRET], header: `t=${NOW},v1=${v1(OTHER_SECRET, NOW, succeeded)},v1=${sig},v1=${v1(OLD_SECRET, NOW, succeeded)}`, body: succeeded, now: NOW, tolerance: TOLERANCE, expected: valid(succeeded) },
  { name: 'unknown_schemes_ignored', description: 'v0 and v2 entries (even with non-hex values) are ignored; the v1 decides.', secrets: [SECRET], header: `t=${NOW},v0=${v1(OTHER_SECRET, NOW, succeeded)},v1=${sig},v2=not-a-signature-scheme-we-know`, body: succeeded, now: NOW, tolerance: TOLERANCE, expected: valid(succeeded) },
  { name: 'wrong_secret', description: "Signed with another endpoint's secret.", secrets: [SECRET], header: `t=${NOW},v1=${v1(OTHER_SECRET, NOW, succeeded)}`, body: succeeded, now: NOW, tolerance: TOLERANCE, expected: error('no_matching_signature') },
  { name: 'body_one_byte_changed', description: 'The body differs from the signed one in one byte (amount 250000 -> 950000).', secrets: [SECRET], header: `t=${NOW},v1=${sig}`, body: tampered, now: NOW, tolerance: TOLERANCE, expected: error('no_matching_signature') },
  { name: 'body_reserialized', description: 'The same JSON value re-serialized with indentation: different bytes, so no match. Verify the raw body.', secrets: [SECRET], header: `t=${NOW},v1=${sig}`, body: reserialized, now: NOW, tolerance: TOLERANCE, expected: error('no_matching_signature') },
  { name: 't_changed_after_signing', description: 'The v1 was computed over another t: t is part of what is signed, so a replay with a fresh t fails.', secrets: [SECRET], header: `t=${NOW},v1=${v1(SECRET, NOW - 3600, succeeded)}`, body: succeeded, now: NOW, tolerance: TOLERANCE, expected: error('no_matching_signature') },
  { name: 't_plus_299', description: 't 299 s ahead of the receiver clock: within tolerance.', secrets: [SECRET], header: `t=${NOW + 299},v1=${v1(SECRET, NOW + 299, succeeded)}`, body: succeeded, now: NOW, tolerance: TOLERANCE, expected: valid(succeeded) },
  { name: 't_minus_299', description: 't 299 s behind the receiver clock: within tolerance.', secrets: [SECRET], header: `t=${NOW - 299},v1=${v1(SECRET, NOW - 299, succeeded)}`, body: succeeded, now: NOW, tolerance: TOLERANCE, expected: valid(succeeded) },
  { name: 't_minus_300', description: 'Exactly the tolerance away: accepted (reject only when more than the tolerance).', secrets: [SECRET], header: `t=${NOW - 300},v1=${v1(SECRET, NOW - 300, succeeded)}`, body: succeeded, now: NOW, tolerance: TOLERANCE, expected: valid(succeeded) },
  { name: 't_plus_301', description: 't 301 s in the future: rejected (the tolerance applies in both directions).', secrets: [SECRET], header: `t=${NOW + 301},v1=${v1(SECRET, NOW + 301, succeeded)}`, body: succeeded, now: NOW, tolerance: TOLERANCE, expected: error('timestamp_out_of_tolerance') },
  { name: 't_minus_301', description: 't 301 s in the past: rejected.', secrets: [SECRET], header: `t=${NOW - 301},v1=${v1(SECRET, NOW - 301, succeeded)}`, body: succeeded, now: NOW, tolerance: TOLERANCE, expected: error('timestamp_out_of_tolerance') },
  { name: 'custom_tolerance', description: 'A receiver tolerance of 600 s accepts t 500 s old.', secrets: [SECRET], header: `t=${NOW - 500},v1=${v1(SECRET, NOW - 500, succeeded)}`, body: succeeded, now: NOW, tolerance: 600, expected: valid(succeeded) },
  { name: 'signature_checked_before_time', description: 'Wrong secret and t out of tolerance: the signature is checked first, so the error is no_matching_signature.', secrets: [SECRET], header: `t=${NOW - 3600},v1=${v1(OTHER_SECRET, NOW - 3600, succeeded)}`, body: succeeded, now: NOW, tolerance: TOLERANCE, expected: error('no_matching_signature') },
  { name: 'missing_header', description: 'No Service-Signature header (null).', secrets: [SECRET], header: null, body: succeeded, now: NOW, tolerance: TOLERANCE, expected: error('missing_header') },
  { name: 'empty_header', description: 'An empty header counts as missing.', secrets: [SECRET], header: '', body: succeeded, now: NOW, tolerance: TOLERANCE, expected: error('missing_header') },
  { name: 'blank_header', description: 'A header of spaces only counts as missing.', secrets: [SECRET], header: '   ', body: succeeded, now: NOW, tolerance: TOLERANCE, expected: error('missing_header') },
  { name: 't_missing', description: 'No t part.', secrets: [SECRET], header: `v1=${sig}`, body: succeeded, now: NOW, tolerance: TOLERANCE, expected: error('malformed_header') },
  { name: 't_not_a_number', description: 't is not decimal digits.', secrets: [SECRET], header: `t=yesterday,v1=${sig}`, body: succeeded, now: NOW, tolerance: TOLERANCE, expected: error('malformed_header') },
  { name: 't_fractional', description: 't must be whole seconds.', secrets: [SECRET], header: `t=${NOW}.5,v1=${sig}`, body: succeeded, now: NOW, tolerance: TOLERANCE, expected: error('malformed_header') },
  { name: 't_negative', description: 't must be digits only, no sign.', secrets: [SECRET], header: `t=-${NOW},v1=${sig}`, body: succeeded, now: NOW, tolerance: TOLERANCE, expected: error('malformed_header') },
  { name: 't_duplicated', description: 'Two t parts are ambiguous (which one was signed?): rejected, even though the first is right.', secrets: [SECRET], header: `t=${NOW},t=${NOW - 1000},v1=${sig}`, body: succeeded, now: NOW, tolerance: TOLERANCE, expected: error('malformed_header') },
  { name: 'v1_not_hex', description: 'A v1 of 64 characters that are not all hex.', secrets: [SECRET], header: `t=${NOW},v1=${'zz' + sig.slice(2)}`, body: succeeded, now: NOW, tolerance: TOLERANCE, expected: error('malformed_header') },
  { name: 'v1_wrong_length', description: 'A v1 one hex character short.', secrets: [SECRET], header: `t=${NOW},v1=${sig.slice(0, 63)}`, body: succeeded, now: NOW, tolerance: TOLERANCE, expected: error('malformed_header') },
  { name: 'v1_empty', description: 'v1= with nothing after it.', secrets: [SECRET], header: `t=${NOW},v1=`, body: succeeded, now: NOW, tolerance: TOLERANCE, expected: error('malformed_header') },
  { name: 'v1_uppercase_hex', description: 'The right signature in upper-case hex: the spec says lowercase, and this verifier is strict about it.', secrets: [SECRET], header: `t=${NOW},v1=${sig.toUpperCase()}`, body: succeeded, now: NOW, tolerance: TOLERANCE, expected: error('malformed_header') },
  { name: 'no_v1', description: 'Only unknown schemes: nothing to verify.', secrets: [SECRET], header: `t=${NOW},v0=${sig}`, body: succeeded, now: NOW, tolerance: TOLERANCE, expected: error('malformed_header') },
  { name: 'scheme_names_case_sensitive', description: '"V1" is not "v1": an unknown scheme, so there is no v1.', secrets: [SECRET], header: `t=${NOW},V1=${sig}`, body: succeeded, now: NOW, tolerance: TOLERANCE, expected: error('malformed_header') },
  { name: 'part_without_equals', description: 'A part that is not key=value.', secrets: [SECRET], header: `t=${NOW},${sig}`, body: succeeded, now: NOW, tolerance: TOLERANCE, expected: error('malformed_header') },
  { name: 'spaces_around_parts', description: 'Spaces around parts and around "=" are tolerated (proxies and hand-made headers add them).', secrets: [SECRET], header: ` t=${NOW} , v1 = ${sig} `, body: succeeded, now: NOW, tolerance: TOLERANCE, expected: valid(succeeded) },
  { name: 'empty_parts_ignored', description: 'Empty parts (",,", a trailing ",") are ignored.', secrets: [SECRET], header: `t=${NOW},,v1=${sig},`, body: succeeded, now: NOW, tolerance: TOLERANCE, expected: valid(succeeded) },
  { name: 'rotation_signed_by_old', description: 'After a secret roll the receiver holds [new, old]; a delivery signed with the old one passes.', secrets: [SECRET, OLD_SECRET], header: `t=${NOW},v1=${v1(OLD_SECRET, NOW, succeeded)}`, body: succeeded, now: NOW, tolerance: TOLERANCE, expected: valid(succeeded) },
  { name: 'rotation_signed_by_new', description: 'The receiver holds [new, old]; a delivery signed with the new one passes.', secrets: [SECRET, OLD_SECRET], header: `t=${NOW},v1=${sig}`, body: succeeded, now: NOW, tolerance: TOLERANCE, expected: valid(succeeded) },
  { name: 'rotation_both_signatures_receiver_has_new', description: 'During a roll the service sends one v1 per active secret; a receiver that already has only the new secret passes.', secrets: [SECRET], header: `t=${NOW},v1=${v1(OLD_SECRET, NOW, succeeded)},v1=${sig}`, body: succeeded, now: NOW, tolerance: TOLERANCE, expected: valid(succeeded) },
  { name: 'rotation_both_signatures_receiver_has_old', description: 'Same header; a receiver not yet updated, holding only the old secret, passes too.', secrets: [OLD_SECRET], header: `t=${NOW},v1=${v1(OLD_SECRET, NOW, succeeded)},v1=${sig}`, body: succeeded, now: NOW, tolerance: TOLERANCE, expected: valid(succeeded) },
  { name: 'rotation_old_secret_expired', description: 'The receiver dropped the old secret; a delivery signed only with it fails.', secrets: [SECRET], header: `t=${NOW},v1=${v1(OLD_SECRET, NOW, succeeded)}`, body: succeeded, now: NOW, tolerance: TOLERANCE, expected: error('no_matching_signature') },
  { name: 'unicode_body', description: 'A body with 2-, 3- and 4-byte UTF-8 characters; signed over its UTF-8 bytes.', secrets: [SECRET], header: `t=${NOW},v1=${v1(SECRET, NOW, unicode)}`, body: unicode, now: NOW, tolerance: TOLERANCE, expected: valid(unicode) },
  { name: 'other_event_type', description: 'A payment_intent.failed event.', secrets: [SECRET], header: `t=${NOW},v1=${v1(SECRET, NOW, failed)}`, body: failed, now: NOW, tolerance: TOLERANCE, expected: valid(failed) },
  { name: 'invalid_json_valid_signature', description: 'Correctly signed, but not JSON: verification passes, parsing fails.', secrets: [SECRET], header: `t=${NOW},v1=${v1(SECRET, NOW, '{"id": "evt_')}`, body: '{"id": "evt_', now: NOW, tolerance: TOLERANCE, expected: error('invalid_json') },
  { name: 'empty_body_valid_signature', description: 'Correctly signed empty body: not an event.', secrets: [SECRET], header: `t=${NOW},v1=${v1(SECRET, NOW, '')}`, body: '', now: NOW, tolerance: TOLERANCE, expected: error('invalid_json') },
];

const names = new Set(cases.map((c) => c.name));
if (names.size !== cases.length) throw new Error('case names must be unique');

const document = {
  description:
    'Service-Signature verification cases for Nairaflow webhooks (spec 6.4). Each v1 is the lowercase hex ' +
    'HMAC-SHA256, keyed with the UTF-8 bytes of the signing secret, of "<t>." followed by the UTF-8 bytes of `body` ' +
    '(the exact body, as a JSON string here). Verify `body` and `header` with `secrets` (any may match), the receiver ' +
    'clock `now` (Unix seconds) and `tolerance` (seconds, either direction; exactly `tolerance` away is accepted). ' +
    '`expected` is {valid: true, type} (the parsed event\'s type) or {error: code}. Checks run in this order, so a ' +
    'case failing several reports the first: missing_header (null, empty or blank), malformed_header, ' +
    'no_matching_signature, timestamp_out_of_tolerance, invalid_json. Header parsing: split on ","; spaces around ' +
    'parts and "=" and empty parts are ignored; exactly one t, decimal digits only; every v1 must be 64 lowercase hex ' +
    'characters; other schemes are ignored, but at least one v1 must be present.',
  generated_by: 'webhook-verifier/scripts/make-test-vectors.ts (node:crypto, independent of the package)',
  cases,
};

const text = `${JSON.stringify(document, null, 2)}\n`;
if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(out, 'utf8');
  } catch {
    // missing: reported below
  }
  if (current !== text) {
    console.error('webhook-verifier/test-vectors.json is out of date: run `node webhook-verifier/scripts/make-test-vectors.ts`');
    process.exit(1);
  }
  console.log(`test-vectors.json is up to date (${cases.length} cases)`);
} else {
  writeFileSync(out, text);
  console.log(`wrote test-vectors.json (${cases.length} cases)`);
}
