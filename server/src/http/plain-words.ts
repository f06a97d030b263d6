// What a refused request was asked to be, in the words a person uses: "amount must be a whole
// number of kobo, at least 1", "unknown parameter amout: did you mean amount?". Never a regular
// expression or a validator's own phrasing ("must match pattern", "must NOT have additional
// properties"): the words come from the field's schema in the contract (its type, bounds, format,
// the shape of its ids), so they stay true as the contract changes.
import type { ErrorObject } from 'ajv/dist/2020.js';
import { resolveRef } from './contract.ts';

type Schema = Record<string, unknown>;

const HEADER_PARAMS: Record<string, string> = { 'idempotency-key': 'Idempotency-Key', 'last-event-id': 'Last-Event-ID', 'nairaflow-version': 'Nairaflow-Version' };

/** The API's name for a validator's place: customer.email, limit, Idempotency-Key. */
export function paramName(path: string): { where: string; param: string } {
  const [where = '', ...rest] = path.slice(1).split('/');
  // A body field is a JSON pointer (escaped ~0 and ~1), written as a dotted path; a parameter is named as sent.
  let param = where === 'body' ? rest.map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~')).join('.') : rest.join('/');
  if (where === 'headers') param = HEADER_PARAMS[param.toLowerCase()] ?? param;
  return { where, param };
}

/**
 * A name (or value) the request sent, as it may be repeated back: never what looks like a card
 * number or a secret (a client that put one in the wrong place must not find it in its error
 * logs), never a page of text.
 */
export function shown(name: string): string {
  if (name === '') return '(an empty name)';
  if (/\d{8,}|sk_(test|live)_|whsec_|_secret_/.test(name.replace(/[\s-]/g, ''))) return '(something that looks like a card number or a secret, not repeated here)';
  return name.length > 64 ? `${name.slice(0, 60)}...` : name;
}

/** For a name the request used that the operation does not take: the likeliest one meant, if any is close. */
export function unknownParameter(rawName: string, known: readonly string[]): string {
  const name = shown(rawName);
  const leaf = name.slice(name.lastIndexOf('.') + 1);
  const parent = name.slice(0, name.length - leaf.length);
  const meant = closest(leaf, known);
  if (meant !== undefined) return `unknown parameter ${name}: did you mean ${parent}${meant}?`;
  if (known.length === 0) return `unknown parameter ${name}: ${parent === '' ? 'this request takes no parameters' : `${parent.slice(0, -1)} takes no fields`}.`;
  return `unknown parameter ${name}: the parameters here are ${list(known.map((k) => parent + k), 'and')}.`;
}

/** Of the fields `sent` that the object at `pointer` does not take, the one that is a near spelling of `missing`. */
export function misspeltAs(missing: string, sent: readonly string[], pointer: string, root: Schema, document: Schema): string | undefined {
  const known = Object.keys((schemaAt(root, pointer, document)?.['properties'] as Schema | undefined) ?? {});
  const unknown = sent.filter((name) => !known.includes(name));
  return unknown.find((name) => closest(name, [missing]) !== undefined);
}

export function emptyParameter(name: string): string {
  return `${name} is empty: give it a value, or leave it out.`;
}

/** Ajv's first error at `place` (the API's name for it), said as what the value must be. */
export function explain(error: ErrorObject, place: string, root: Schema, document: Schema): string {
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  const name = place === '' ? 'The request body' : place;
  if (error.keyword === 'required' && params.missingProperty !== undefined) return `${name} is required.`;
  if (error.keyword === 'additionalProperties' && params.additionalProperty !== undefined) {
    const owner = schemaAt(root, error.instancePath, document);
    return unknownParameter(place, Object.keys((owner?.['properties'] as Schema | undefined) ?? {}));
  }
  const schema = schemaAt(root, error.instancePath, document);
  if (schema === undefined) return `${name} is not valid here.`;
  if (error.keyword === 'minProperties') {
    return `${name} must have at least one of its fields (${list(Object.keys((schema['properties'] as Schema | undefined) ?? {}), 'or')}).`;
  }
  return `${name} must be ${mustBe(schema, document, error.keyword)}.`;
}

/** The schema of the value at `pointer` (a JSON pointer into the validated value), or undefined. */
function schemaAt(root: Schema, pointer: string, document: Schema): Schema | undefined {
  let schema: Schema | undefined = resolved(root, document);
  for (const segment of pointer.split('/').slice(1)) {
    if (schema === undefined) return undefined;
    const key = segment.replace(/~1/g, '/').replace(/~0/g, '~');
    const properties = schema['properties'] as Record<string, Schema> | undefined;
    const next: Schema | undefined = properties?.[key] ?? (schema['items'] as Schema | undefined);
    schema = next === undefined ? undefined : resolved(next, document);
  }
  return schema;
}

/** `$ref`s followed (those pointing into the registered contract, too) and `allOf`s merged. */
function resolved(schema: Schema, document: Schema): Schema {
  let s = schema;
  while (typeof s['$ref'] === 'string') {
    const { $ref, ...rest } = s;
    s = { ...resolveRef(document, { $ref: ($ref as string).replace(/^contract#/, '#') }), ...rest };
  }
  if (Array.isArray(s['allOf'])) {
    const { allOf, ...rest } = s;
    s = Object.assign({}, ...(allOf as Schema[]).map((part) => resolved(part, document)), rest) as Schema;
  }
  return s;
}

/** What a value of `schema` is, as a phrase: "a whole number of kobo, at least 1". */
function mustBe(schemaIn: Schema, document: Schema, keyword?: string): string {
  const schema = resolved(schemaIn, document);
  const alternatives = (schema['oneOf'] ?? schema['anyOf']) as Schema[] | undefined;
  if (Array.isArray(alternatives)) return alternatives.map((a) => mustBe(a, document)).join(', or ');
  if (schema['const'] !== undefined) return `exactly ${JSON.stringify(schema['const'])}`;
  if (Array.isArray(schema['enum'])) return `one of ${list(schema['enum'].filter((v) => v !== null).map(String), 'or')}`;
  const types = [schema['type']].flat().filter((t): t is string => typeof t === 'string');
  const orNull = types.includes('null') ? ', or null' : '';
  const type = types.find((t) => t !== 'null');
  const kobo = /\bkobo\b/i.test(String(schema['description'] ?? ''));
  switch (type) {
    case 'integer':
    case 'number':
      return `${type === 'integer' ? 'a whole number' : 'a number'}${kobo ? ' of kobo' : ''}${bounds(schema, keyword)}${orNull}`;
    case 'boolean':
      return `true or false${orNull}`;
    case 'string':
      return `${stringWords(schema, kobo, keyword)}${orNull}`;
    case 'object':
      return `an object${orNull}`;
    case 'array':
      return `a list${orNull}`;
    default:
      return 'a value of the kind the API reference gives for it';
  }
}

function bounds(schema: Schema, keyword: string | undefined): string {
  const min = (schema['minimum'] ?? schema['exclusiveMinimum']) as number | undefined;
  const max = (schema['maximum'] ?? schema['exclusiveMaximum']) as number | undefined;
  const atLeast = schema['exclusiveMinimum'] !== undefined ? `more than ${min}` : `at least ${min}`;
  const atMost = schema['exclusiveMaximum'] !== undefined ? `less than ${max}` : `at most ${max}`;
  // The bound that was broken, alone; otherwise every bound there is.
  if (keyword === 'minimum' || keyword === 'exclusiveMinimum') return `, ${atLeast}`;
  if (keyword === 'maximum' || keyword === 'exclusiveMaximum') return `, ${atMost}`;
  if (min !== undefined && max !== undefined) return `, ${atLeast} and ${atMost}`;
  if (min !== undefined) return `, ${atLeast}`;
  if (max !== undefined) return `, ${atMost}`;
  return '';
}

function stringWords(schema: Schema, kobo: boolean, keyword: string | undefined): string {
  const format = schema['format'];
  if (format === 'date-time') return 'a date and time such as 2026-01-01T09:00:00Z';
  if (format === 'email') return 'an email address';
  if (format === 'uri') return 'an absolute URL, such as https://shop.example.com/orders/1042';
  const pattern = schema['pattern'];
  if (typeof pattern === 'string') return patternWords(pattern, kobo);
  const min = schema['minLength'] as number | undefined;
  const max = schema['maxLength'] as number | undefined;
  if (keyword === 'minLength' && min === 1) return 'text, not empty';
  if (min !== undefined && max !== undefined) return min === 1 ? `text of at most ${max} characters, not empty` : `text of ${min} to ${max} characters`;
  if (max !== undefined) return `text of at most ${max} characters`;
  if (min !== undefined) return `text of at least ${min} characters`;
  return 'text';
}

/** The shapes of the contract's patterns, in words. */
function patternWords(pattern: string, kobo: boolean): string {
  const id = /^\^([a-z]+_)\[0-9A-Za-z\]\{(\d+)\}\$$/.exec(pattern);
  if (id !== null) return `an id: ${id[1]} followed by ${id[2]} letters and digits`;
  const digits = /^\^\[0-9\]\{(\d+)(?:,(\d+))?\}\$$/.exec(pattern);
  if (digits !== null) return digits[2] === undefined ? `${digits[1]} digits` : `${digits[1]} to ${digits[2]} digits`;
  const known: Record<string, string> = {
    '^[0-9]+$': kobo ? 'a whole number of kobo, written as a string of digits such as "250000"' : 'a string of digits',
    '^-?(0|[1-9][0-9]*)$': 'a whole number written as a string, such as "-50000"',
    '^pi_[0-9A-Za-z]{24}_secret_[0-9A-Za-z]{24}$': "the payment intent's client_secret, exactly as created (pi_..._secret_...)",
    '^le_[1-9][0-9]{0,17}$': 'a balance entry id: le_ followed by a number',
    '^sk_(test|live)_[0-9A-Za-z]{32}$': 'a secret key: sk_test_ or sk_live_ followed by 32 letters and digits',
    '^whsec_[0-9A-Za-z]{32}$': 'a signing secret: whsec_ followed by 32 letters and digits',
    '^[0-9 ]{12,23}$': 'a card number: its digits, with or without spaces',
    '^[0-9A-Za-z]{4}$': '4 letters and digits',
    '^[0-9A-Za-z_-]{43}$': 'a token of 43 letters, digits, _ and -',
    '^\\+[1-9][0-9]{1,14}$': 'a phone number in international form, such as +2348031234567',
  };
  return known[pattern] ?? 'in the form the API reference gives for it';
}

/** The known name nearest `name` (a typo: a few letters off, or another case), if one is close enough. */
function closest(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const d = distance(name.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  // Two edits for a long name, one for a short one: beyond that a guess misleads more than it helps.
  return best !== undefined && bestDistance <= (best.length > 5 ? 2 : 1) ? best : undefined;
}

/** Edit distance (insertions, deletions, substitutions, swaps of neighbours). */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

function list(items: readonly string[], last: 'and' | 'or'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}`;
}
