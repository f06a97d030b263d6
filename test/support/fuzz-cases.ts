// Malformed requests for every operation of openapi.yaml, generated from the contract itself: each
// operation's parameters and request body schema are walked ($refs resolved) and every field,
// parameter and header gets the mutations its schema says are wrong. A new operation or field is
// fuzzed without editing anything here. Also the transports (fetch, and a raw socket for what fetch
// cannot send) and the judge of an answer against the contract's one error shape.
import { connect } from 'node:net';
import { loadContract } from '../../server/src/http/contract.ts';

// ---------------------------------------------------------------------------------------------
// The contract, as far as the fuzzer reads it

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  minProperties?: number;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
}

/** A schema with its $refs followed; `name` is the named schema the use site referred to, if any. */
interface Resolved {
  schema: JsonSchema;
  name?: string;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
  example?: unknown;
}

interface MediaType {
  schema?: JsonSchema;
  example?: unknown;
  examples?: Record<string, { value?: unknown; $ref?: string }>;
}

interface OperationObject {
  operationId: string;
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: { required?: boolean; content?: Record<string, MediaType> };
  responses?: Record<string, unknown>;
}

type Document = {
  paths: Record<string, Record<string, unknown> & { parameters?: (Parameter | { $ref: string })[] }>;
  components: { schemas: Record<string, JsonSchema> };
};

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

function documentOf(): Document {
  return loadContract().document as unknown as Document;
}

function pointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`fuzz: only local $refs are supported (${ref})`);
  let at: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    at = (at as Record<string, unknown>)[key];
    if (at === undefined) throw new Error(`fuzz: unresolvable $ref ${ref}`);
  }
  return at;
}

/** Follows $refs; the use site's sibling keywords (a description, say) win, as in OpenAPI 3.1. */
function resolve(schema: JsonSchema | undefined): Resolved {
  const doc = documentOf();
  let current: JsonSchema = schema ?? {};
  let name: string | undefined;
  const seen = new Set<string>();
  let merged: JsonSchema = {};
  while (current.$ref !== undefined) {
    const ref = current.$ref;
    if (seen.has(ref)) throw new Error(`fuzz: circular $ref ${ref}`);
    seen.add(ref);
    name ??= /^#\/components\/schemas\/([^/]+)$/.exec(ref)?.[1];
    const { $ref: _ignored, ...siblings } = current;
    merged = { ...siblings, ...merged };
    current = pointer(doc, ref) as JsonSchema;
  }
  return { schema: { ...current, ...merged }, ...(name === undefined ? {} : { name }) };
}

function resolveParameter(p: Parameter | { $ref: string }): Parameter {
  return '$ref' in p ? (pointer(documentOf(), p.$ref) as Parameter) : p;
}

function typesOf(schema: JsonSchema): Set<string> | undefined {
  if (schema.type !== undefined) {
    const types = new Set(Array.isArray(schema.type) ? schema.type : [schema.type]);
    if (types.has('number')) types.add('integer');
    return types;
  }
  if (schema.const !== undefined) return new Set([jsonType(schema.const)]);
  if (schema.enum !== undefined) return new Set(schema.enum.map(jsonType));
  if (schema.properties !== undefined) return new Set(['object']);
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives !== undefined) {
    const all = new Set<string>();
    for (const alternative of alternatives) {
      const types = typesOf(resolve(alternative).schema);
      if (types === undefined) return undefined;
      for (const t of types) all.add(t);
    }
    return all;
  }
  return undefined; // anything goes
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

const isFreeFormObject = (schema: JsonSchema): boolean =>
  typesOf(schema)?.has('object') === true && schema.properties === undefined && schema.additionalProperties !== false;

// ---------------------------------------------------------------------------------------------
// Requests as the wire sees them

/** A place a value is used: real ids and secrets differ by it (see Fixtures). */
export type Where = 'path' | 'query' | 'header' | 'body';

/** What a case needs from the running service to be a well-authenticated request about real objects. */
export interface Fixtures {
  /** The real value for a schema of this name used there, or undefined to keep the contract's example. */
  real(schemaName: string, where: Where): unknown;
  secretKey: string;
  session: { cookie: string; csrfToken: string };
}

export interface WireRequest {
  method: string;
  /** The request target: the path and query exactly as sent (percent-encoding untouched). */
  target: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** Sent over a raw socket: fetch cannot send it (a GET with a body, odd bytes, an invalid method). */
  socket?: boolean;
  /** The whole request, byte for byte, instead of one built from the fields above. */
  bytes?: (host: string) => Buffer;
}

export interface Expectation {
  /** The one status the contract names for this case (405 for an unsupported method). */
  status?: number;
  code?: string;
  /** The methods an `Allow` header must list. */
  allow?: string[];
}

export interface FuzzCase {
  /** Which operation, which part and which mutation: what a failure prints. */
  label: string;
  build(fx: Fixtures): WireRequest;
  expect?: Expectation;
}

export interface OperationPlan {
  operationId: string;
  method: string;
  path: string;
  /** The statuses its `responses` name explicitly. */
  documented: number[];
  /** Whether its requests need a payment intent of its own that can still be paid (a path id, a client secret). */
  needsOpenIntent: boolean;
  cases: FuzzCase[];
}

export interface ErrorContract {
  codes: string[];
  /** code -> status, as the `Error` schema's description pairs them. */
  statusOf: Map<string, number>;
  requestId: RegExp;
}

export interface FuzzPlan {
  operations: OperationPlan[];
  /** Requests outside any one operation: undecodable paths, OPTIONS and wrong methods, raw HTTP. */
  server: FuzzCase[];
  errors: ErrorContract;
}

/** A JSON number (or any JSON text) written exactly as given, e.g. 100.00000000000000001. */
class Raw {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => (v instanceof Raw ? `@@raw:${raws.push(v.text) - 1}@@` : v));
  return text.replace(/"@@raw:(\d+)@@"/g, (_m, i: string) => raws[Number(i)]!);
}

const clone = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));

function getAt(value: unknown, path: string[]): unknown {
  let at = value;
  for (const key of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

// ---------------------------------------------------------------------------------------------
// One operation, read from the contract

interface BodyField {
  path: string[];
  resolved: Resolved;
  required: boolean;
}

interface OperationModel {
  operationId: string;
  method: string;
  path: string;
  takesKey: boolean;
  takesSession: boolean;
  params: (Parameter & { resolved: Resolved })[];
  body?: { required: boolean; resolved: Resolved; examples: unknown[] };
  documented: number[];
}

function modelOf(operationId: string): OperationModel {
  const doc = documentOf();
  const op = loadContract().operations.find((o) => o.operationId === operationId)!;
  const item = doc.paths[op.path]!;
  const object = item[op.method] as OperationObject;
  const byKey = new Map<string, Parameter>();
  for (const p of [...(item.parameters ?? []), ...(object.parameters ?? [])].map(resolveParameter)) byKey.set(`${p.in}:${p.name}`, p);
  const params = [...byKey.values()].map((p) => ({ ...p, resolved: resolve(p.schema) }));
  const json = object.requestBody?.content?.['application/json'];
  let body: OperationModel['body'];
  if (json !== undefined) {
    const examples: unknown[] = [];
    if (json.example !== undefined) examples.push(json.example);
    for (const example of Object.values(json.examples ?? {})) {
      const value = example.$ref !== undefined ? (pointer(doc, example.$ref) as { value?: unknown }).value : example.value;
      if (value !== undefined) examples.push(value);
    }
    body = { required: object.requestBody?.required === true, resolved: resolve(json.schema), examples };
  }
  const documented = Object.keys(object.responses ?? {})
    .filter((k) => /^\d{3}$/.test(k))
    .map(Number);
  return {
    operationId,
    method: op.method.toUpperCase(),
    path: op.path,
    takesKey: op.schemes.has('secretKey'),
    takesSession: op.schemes.has('dashboardSession'),
    params,
    ...(body === undefined ? {} : { body }),
    documented,
  };
}

function bodyFields(resolved: Resolved, path: string[] = []): BodyField[] {
  const fields: BodyField[] = [];
  const { schema } = resolved;
  for (const [key, sub] of Object.entries(schema.properties ?? {})) {
    const child = resolve(sub);
    fields.push({ path: [...path, key], resolved: child, required: (schema.required ?? []).includes(key) });
    if (child.schema.properties !== undefined) fields.push(...bodyFields(child, [...path, key]));
  }
  return fields;
}

/** A valid value for a schema with no example to borrow from. */
function synthesize(resolved: Resolved, fx: Fixtures, where: Where): unknown {
  const { schema, name } = resolved;
  if (name !== undefined) {
    const real = fx.real(name, where);
    if (real !== undefined) return real;
  }
  const sample = schema.examples?.[0] ?? schema.example ?? schema.default ?? schema.enum?.[0] ?? schema.const;
  if (sample !== undefined) return clone(sample);
  const types = typesOf(schema);
  if (types?.has('object') || types === undefined) {
    const object: Record<string, unknown> = {};
    for (const key of schema.required ?? []) object[key] = synthesize(resolve(schema.properties?.[key]), fx, where);
    if (Object.keys(object).length === 0 && (schema.minProperties ?? 0) > 0) {
      const [first] = Object.entries(schema.properties ?? {});
      if (first !== undefined) object[first[0]] = synthesize(resolve(first[1]), fx, where);
    }
    return object;
  }
  if (types.has('integer')) return schema.minimum ?? 1;
  if (types.has('string')) return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
  if (types.has('boolean')) return true;
  if (types.has('array')) return [];
  return null;
}

/** Replaces, inside a value, everything whose schema names a real object (ids, secrets, credentials). */
function withRealValues(value: unknown, resolved: Resolved, fx: Fixtures, where: Where): unknown {
  if (resolved.name !== undefined) {
    const real = fx.real(resolved.name, where);
    if (real !== undefined) return clone(real);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const [key, sub] of Object.entries(resolved.schema.properties ?? {})) {
    if (key in out) out[key] = withRealValues(out[key], resolve(sub), fx, where);
  }
  return out;
}

/** The valid body every body case starts from: the contract's first example, with real ids. */
function baseBody(model: OperationModel, fx: Fixtures): Record<string, unknown> {
  const body = model.body!;
  const example = body.examples[0] ?? synthesize(body.resolved, fx, 'body');
  return withRealValues(clone(example), body.resolved, fx, 'body') as Record<string, unknown>;
}

/** A valid value for one body field: the base body's, another example's, or one made from its schema. */
function validFieldValue(model: OperationModel, field: BodyField, fx: Fixtures): unknown {
  const inBase = getAt(baseBody(model, fx), field.path);
  if (inBase !== undefined) return inBase;
  for (const example of model.body!.examples) {
    const value = getAt(example, field.path);
    if (value !== undefined) return withRealValues(clone(value), field.resolved, fx, 'body');
  }
  return synthesize(field.resolved, fx, 'body');
}

/** Sets (or, with `remove`, deletes) a field of the base body, making absent parents valid first. */
function mutateBody(model: OperationModel, fx: Fixtures, path: string[], change: { set: unknown } | { remove: true }): Record<string, unknown> {
  const body = baseBody(model, fx);
  let at: Record<string, unknown> = body;
  let resolved = model.body!.resolved;
  for (const key of path.slice(0, -1)) {
    resolved = resolve(resolved.schema.properties?.[key]);
    if (at[key] === null || typeof at[key] !== 'object') at[key] = synthesize(resolved, fx, 'body');
    at = at[key] as Record<string, unknown>;
  }
  const last = path.at(-1)!;
  if ('remove' in change) delete at[last];
  else at[last] = change.set;
  return body;
}

// ---------------------------------------------------------------------------------------------
// Building a request of an operation

interface RequestParts {
  pathValues?: Record<string, string>; // already percent-encoded
  /** Extra query segments ("name=value"), already percent-encoded. */
  query?: string[];
  dropQuery?: string[];
  headers?: Record<string, string>;
  /** The body; without one, an operation that takes a body gets its valid base body. */
  body?: string | Uint8Array;
  /** Send no body at all, even to an operation that takes one. */
  omitBody?: boolean;
  contentType?: string | null; // null: send none
  socket?: boolean;
}

function buildRequest(model: OperationModel, fx: Fixtures, parts: RequestParts = {}): WireRequest {
  const headers: Record<string, string> = {};
  if (model.takesKey) headers['authorization'] = `Bearer ${fx.secretKey}`;
  else if (model.takesSession) {
    headers['cookie'] = fx.session.cookie;
    if (model.method !== 'GET') headers['x-csrf-token'] = fx.session.csrfToken;
  }
  const path = model.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    if (parts.pathValues?.[name] !== undefined) return parts.pathValues[name];
    const param = model.params.find((p) => p.in === 'path' && p.name === name)!;
    return encodeURIComponent(String(validParamValue(param, fx)));
  });
  const query: string[] = [];
  for (const param of model.params) {
    if (param.in !== 'query' || param.required !== true || parts.dropQuery?.includes(param.name)) continue;
    query.push(`${param.name}=${encodeURIComponent(String(validParamValue(param, fx)))}`);
  }
  query.push(...(parts.query ?? []));
  const target = query.length === 0 ? path : `${path}?${query.join('&')}`;
  // A case about the path, the query or a header sends the operation's valid body, if it takes one.
  const body = parts.omitBody === true ? undefined : (parts.body ?? (model.body === undefined ? undefined : toJson(baseBody(model, fx))));
  if (body !== undefined && parts.contentType !== null) headers['content-type'] = parts.contentType ?? 'application/json';
  Object.assign(headers, parts.headers);
  return {
    method: model.method,
    target,
    headers,
    ...(body === undefined ? {} : { body }),
    ...(parts.socket === true ? { socket: true } : {}),
  };
}

function validParamValue(param: Parameter & { resolved: Resolved }, fx: Fixtures): unknown {
  if (param.resolved.name !== undefined) {
    const real = fx.real(param.resolved.name, param.in === 'cookie' ? 'header' : param.in);
    if (real !== undefined) return real;
  }
  return param.example ?? synthesize(param.resolved, fx, param.in === 'cookie' ? 'header' : param.in);
}

// ---------------------------------------------------------------------------------------------
// Mutations

const ONE_MB = 1024 * 1024;
const LONE_SURROGATE = '\udfff';
const NUL = '\u0000';

type BadStringKind = 'pattern' | 'enum' | 'format';

const WRONG_FORMAT: Record<string, string> = { email: 'ada.example.com', uri: 'not a url', 'date-time': '2026-13-45T25:61:00Z' };

/** The ways a string can break its schema's pattern, enum/const or format, labelled for the case list. */
function badStringKinds(schema: JsonSchema): { kind: BadStringKind; what: string }[] {
  const kinds: { kind: BadStringKind; what: string }[] = [];
  if (schema.pattern !== undefined) kinds.push({ kind: 'pattern', what: `breaking the pattern ${schema.pattern}` });
  const choices = schema.enum ?? (schema.const === undefined ? undefined : [schema.const]);
  if (choices !== undefined) kinds.push({ kind: 'enum', what: `a value outside ${JSON.stringify(choices)}` });
  if (schema.format !== undefined && WRONG_FORMAT[schema.format] !== undefined) kinds.push({ kind: 'format', what: `not a valid ${schema.format} (${JSON.stringify(WRONG_FORMAT[schema.format])})` });
  return kinds;
}

/** A string that breaks the schema in that way, as close to the valid value as possible. */
function badString(schema: JsonSchema, kind: BadStringKind, valid: string): string {
  if (kind === 'pattern') {
    const re = new RegExp(schema.pattern!, 'u');
    // '-' is unreserved in URLs, so in a query or a path it is judged by the pattern, not the encoding.
    return [`${valid.slice(0, -1)}-`, `${valid}-`, `-${valid}`, ''].find((s) => !re.test(s)) ?? `${valid}\n`;
  }
  if (kind === 'enum') {
    const choices = schema.enum ?? [schema.const];
    return [valid.toLowerCase(), valid.toUpperCase(), `${valid}x`].find((s) => !choices.includes(s))!;
  }
  return WRONG_FORMAT[schema.format!]!;
}

/** Integers (and would-be integers) outside the schema: [what, JSON value or Raw]. */
function badIntegers(schema: JsonSchema): [string, unknown][] {
  const { minimum: min, maximum: max } = schema;
  const outside = (n: number): boolean => (min !== undefined && n < min) || (max !== undefined && n > max);
  const candidates: [string, unknown, number, boolean][] = [
    ['0', 0, 0, true],
    ['-1', -1, -1, true],
    ...(min === undefined ? [] : ([[`the minimum - 1 (${min - 1})`, min - 1, min - 1, true]] as [string, unknown, number, boolean][])),
    ...(max === undefined ? [] : ([[`the maximum + 1 (${max + 1})`, max + 1, max + 1, true]] as [string, unknown, number, boolean][])),
    ['1e308', new Raw('1e308'), 1e308, true],
    ['-1e308', new Raw('-1e308'), -1e308, true],
    ['2^63 (9223372036854775808)', new Raw('9223372036854775808'), 2 ** 63, true],
    // Not integers, whatever the range:
    ['1.5', 1.5, 1.5, false],
    ['100.00000000000000001 (a fraction a float parser rounds to 100)', new Raw('100.00000000000000001'), 100, false],
  ];
  const seen = new Set<string>();
  const out: [string, unknown][] = [];
  for (const [what, value, n, integral] of candidates) {
    if (integral && !outside(n)) continue;
    const text = toJson(value);
    if (seen.has(text)) continue;
    seen.add(text);
    out.push([what, value]);
  }
  return out;
}

const WRONG_TYPES: { what: string; type: string; value: (valid: unknown) => unknown }[] = [
  { what: 'a string', type: 'string', value: (v) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : 'text') },
  { what: 'a number', type: 'integer', value: () => 12345 },
  { what: 'an array', type: 'array', value: (v) => [v] },
  { what: 'an object', type: 'object', value: (v) => ({ value: v }) },
  { what: 'null', type: 'null', value: () => null },
  { what: 'a boolean', type: 'boolean', value: () => true },
];

function bodyCases(model: OperationModel): FuzzCase[] {
  const body = model.body!;
  const cases: FuzzCase[] = [];
  const op = model.operationId;
  const json = (value: unknown) => toJson(value);
  const send = (fx: Fixtures, text: string) => buildRequest(model, fx, { body: text });

  // The body as a whole.
  const whole = (what: string, build: (fx: Fixtures) => WireRequest): void => {
    cases.push({ label: `${op} · body · ${what}`, build });
  };
  const baseText = (fx: Fixtures) => json(baseBody(model, fx));
  whole('not JSON', (fx) => send(fx, 'this is not JSON'));
  whole('truncated JSON', (fx) => send(fx, baseText(fx).slice(0, Math.max(1, Math.floor(baseText(fx).length / 2)))));
  whole('a JSON array instead of an object', (fx) => send(fx, `[${baseText(fx)}]`));
  whole('a JSON string instead of an object', (fx) => send(fx, JSON.stringify(baseText(fx))));
  whole('a JSON number instead of an object', (fx) => send(fx, '5000'));
  whole('JSON null instead of an object', (fx) => send(fx, 'null'));
  whole('JSON true instead of an object', (fx) => send(fx, 'true'));
  whole('an object followed by more text', (fx) => send(fx, `${baseText(fx)} trailing`));
  if (body.required) {
    whole('empty, though the body is required (Content-Type: application/json)', (fx) => buildRequest(model, fx, { body: '' }));
    whole('absent, though the body is required (no body, no Content-Type)', (fx) => buildRequest(model, fx, { omitBody: true }));
  }
  {
    // Into a free-text field where the example has one, so that the bytes are the only thing wrong.
    const strings = bodyFields(body.resolved).filter((f) => typeof getAt(body.examples[0], f.path) === 'string');
    const field = strings.find((f) => f.resolved.name === undefined && badStringKinds(f.resolved.schema).length === 0) ?? strings[0];
    const marker = '@@bytes@@';
    whole(`invalid UTF-8 bytes (0xC3 0x28) ${field === undefined ? 'before the first key' : `inside body.${field.path.join('.')}`}`, (fx) => {
      const text =
        field === undefined
          ? `{"${marker}":1,${baseText(fx).slice(1)}`
          : json(mutateBody(model, fx, field.path, { set: `${String(getAt(baseBody(model, fx), field.path))}${marker}` }));
      const [before, after] = text.split(marker) as [string, string];
      return buildRequest(model, fx, { body: new Uint8Array(Buffer.concat([Buffer.from(before), Buffer.from([0xc3, 0x28]), Buffer.from(after)])) });
    });
  }
  whole('UTF-16LE with a byte-order mark, sent as application/json', (fx) =>
    buildRequest(model, fx, { body: new Uint8Array(Buffer.from(`\ufeff${baseText(fx)}`, 'utf16le')) }),
  );
  whole('UTF-16LE, declared as application/json; charset=utf-16le', (fx) =>
    buildRequest(model, fx, { body: new Uint8Array(Buffer.from(baseText(fx), 'utf16le')), contentType: 'application/json; charset=utf-16le' }),
  );
  whole('valid JSON sent as Content-Type: text/plain', (fx) => buildRequest(model, fx, { body: baseText(fx), contentType: 'text/plain' }));
  whole('form-encoded (application/x-www-form-urlencoded)', (fx) =>
    buildRequest(model, fx, { body: formEncode(baseBody(model, fx)), contentType: 'application/x-www-form-urlencoded' }),
  );
  whole('multipart/form-data', (fx) => {
    const boundary = 'fuzzboundary7MA4YWxkTrZu0gW';
    return buildRequest(model, fx, { body: multipart(baseBody(model, fx), boundary), contentType: `multipart/form-data; boundary=${boundary}` });
  });
  whole('valid JSON declared as application/json; charset=latin1', (fx) =>
    buildRequest(model, fx, { body: baseText(fx), contentType: 'application/json; charset=latin1' }),
  );
  whole('valid JSON with no Content-Type at all', (fx) => buildRequest(model, fx, { body: new Uint8Array(Buffer.from(baseText(fx))), contentType: null }));
  whole('Content-Encoding: gzip on a body that is not gzip', (fx) =>
    buildRequest(model, fx, { body: baseText(fx), headers: { 'content-encoding': 'gzip' } }),
  );
  whole('over 64 KiB (valid JSON padded with 65 KiB of whitespace)', (fx) => send(fx, `${baseText(fx)}${' '.repeat(65 * 1024)}`));

  // Unknown fields, at the top level and in every nested object that allows none.
  if (body.resolved.schema.additionalProperties === false) {
    cases.push({
      label: `${op} · body · an unknown top-level field "unexpected_field"`,
      build: (fx) => send(fx, json({ ...baseBody(model, fx), unexpected_field: 'x' })),
    });
  }

  for (const field of bodyFields(body.resolved)) {
    const { schema } = field.resolved;
    const where = `body.${field.path.join('.')}`;
    const add = (what: string, value: (valid: unknown) => unknown): void => {
      cases.push({
        label: `${op} · ${where} · ${what}`,
        build: (fx) => send(fx, json(mutateBody(model, fx, field.path, { set: value(validFieldValue(model, field, fx)) }))),
      });
    };
    if (field.required) {
      cases.push({ label: `${op} · ${where} · missing (required)`, build: (fx) => send(fx, json(mutateBody(model, fx, field.path, { remove: true }))) });
    }
    const types = typesOf(schema);
    if (types !== undefined) {
      for (const wrong of WRONG_TYPES) {
        if (types.has(wrong.type) || (wrong.type === 'integer' && types.has('number'))) continue;
        add(`${wrong.what} instead of ${[...types].join(' or ')}`, wrong.value);
      }
    }
    if (types?.has('integer') && !types.has('string')) {
      for (const [what, value] of badIntegers(schema)) add(what, () => value);
    }
    if (types?.has('string')) {
      if (schema.maxLength !== undefined) {
        const n = schema.maxLength + 1;
        add(`one character over maxLength ${schema.maxLength}`, (v) => String(v).padEnd(n, 'a'));
      }
      if ((schema.minLength ?? 0) > 0) add(`one character under minLength ${schema.minLength}`, (v) => String(v).slice(0, schema.minLength! - 1));
      add('a 1 MB string', () => 'x'.repeat(ONE_MB));
      for (const { kind, what } of badStringKinds(schema)) add(what, (v) => badString(schema, kind, String(v)));
      add('a NUL character (\\u0000) appended', (v) => `${String(v)}${NUL}`);
      add('a lone UTF-16 surrogate (\\udfff) appended', (v) => `${String(v)}${LONE_SURROGATE}`);
    }
    if (isFreeFormObject(schema)) {
      const deepArrays = (depth: number) => new Raw(`{"deep": ${'['.repeat(depth)}"bottom"${']'.repeat(depth)}}`);
      add('arrays nested 5,000 deep', () => deepArrays(5000));
      add('arrays nested 30,000 deep (60 KB)', () => deepArrays(30_000));
      add('objects nested 5,000 deep', () => new Raw(`${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`));
      add('a NUL character (\\u0000) in a value', () => ({ note: `a${NUL}b` }));
      add('a NUL character (\\u0000) in a key', () => ({ [`a${NUL}b`]: 'v' }));
      add('a lone UTF-16 surrogate (\\udfff) in a value', () => ({ note: `a${LONE_SURROGATE}` }));
      add('a lone UTF-16 surrogate (\\udfff) in a key', () => ({ [`a${LONE_SURROGATE}`]: 'v' }));
    }
    if (schema.properties !== undefined) {
      if (schema.additionalProperties === false) {
        add('an unknown nested field "unexpected_field"', (v) => ({ ...(v as Record<string, unknown>), unexpected_field: 'x' }));
      }
      if ((schema.minProperties ?? 0) > 0 && (schema.required ?? []).length === 0) add('an empty object', () => ({}));
    }
  }
  return cases;
}

function formEncode(body: Record<string, unknown>, prefix = ''): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    const name = prefix === '' ? key : `${prefix}[${key}]`;
    if (value !== null && typeof value === 'object') pairs.push(formEncode(value as Record<string, unknown>, name));
    else pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  }
  return pairs.filter((p) => p !== '').join('&');
}

function multipart(body: Record<string, unknown>, boundary: string): string {
  const parts = Object.entries(body).map(
    ([key, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${typeof value === 'object' ? JSON.stringify(value) : String(value)}\r\n`,
  );
  return `${parts.join('')}--${boundary}--\r\n`;
}

function noBodyCases(model: OperationModel): FuzzCase[] {
  // fetch refuses a body on GET and HEAD: those go over a raw socket.
  const socket = model.method === 'GET' || model.method === 'HEAD';
  const op = model.operationId;
  return [
    {
      label: `${op} · body · a JSON object where the operation takes no body`,
      build: (fx) => buildRequest(model, fx, { body: '{"unexpected_field":true}', socket }),
    },
    // (An empty JSON object is let through: many HTTP clients send `{}` with every POST.)
    {
      label: `${op} · body · a JSON array where the operation takes no body`,
      build: (fx) => buildRequest(model, fx, { body: '[]', socket }),
    },
    {
      label: `${op} · body · text that is not JSON where the operation takes no body`,
      build: (fx) => buildRequest(model, fx, { body: 'this is not JSON', socket }),
    },
  ];
}

function queryCases(model: OperationModel): FuzzCase[] {
  const op = model.operationId;
  const cases: FuzzCase[] = [];
  const withQuery = (what: string, segments: (fx: Fixtures) => string[], drop: string[] = []): void => {
    cases.push({ label: `${op} · query · ${what}`, build: (fx) => buildRequest(model, fx, { query: segments(fx), dropQuery: drop }) });
  };
  withQuery('an unknown parameter "unexpected_param"', () => ['unexpected_param=1']);
  withQuery('an unknown parameter whose name is %ff', () => ['%ff=1']);
  withQuery('a lone % as a query segment', () => ['%']);
  for (const param of model.params.filter((p) => p.in === 'query')) {
    const { schema } = param.resolved;
    const name = param.name;
    const valid = (fx: Fixtures) => encodeURIComponent(String(validParamValue(param, fx)));
    const set = (what: string, encoded: (valid: string) => string): void =>
      withQuery(`${name} · ${what}`, (fx) => [`${name}=${encoded(String(validParamValue(param, fx)))}`], [name]);
    if (param.required === true) withQuery(`${name} · missing (required)`, () => [], [name]);
    const types = typesOf(schema);
    if (types?.has('integer') && !types.has('string')) {
      set('a word ("ten")', () => 'ten');
      set('a fraction ("1.5")', () => '1.5');
      set('empty', () => '');
      set('a boolean ("true")', () => 'true');
      set('a fraction a float parser rounds to an integer (".00000000000000001" appended)', (v) => `${v}.00000000000000001`);
      for (const [what, value] of badIntegers(schema)) {
        if (value instanceof Raw) set(what, () => encodeURIComponent(value.text));
        else if (Number.isInteger(value)) set(what, () => String(value));
      }
    }
    if (types?.has('string')) {
      for (const { kind, what } of badStringKinds(schema)) set(what, (v) => encodeURIComponent(badString(schema, kind, v)));
      if (schema.maxLength !== undefined) set(`one character over maxLength ${schema.maxLength}`, (v) => encodeURIComponent(v.padEnd(schema.maxLength! + 1, 'a')));
      set('a NUL byte (%00) appended', (v) => `${encodeURIComponent(v)}%00`);
      set('a lone surrogate as UTF-8 (%ed%bf%bf) appended', (v) => `${encodeURIComponent(v)}%ed%bf%bf`);
    }
    set('%ff (not UTF-8)', () => '%ff');
    set('a lone %', () => '%');
    set('%zz (not a percent-escape)', () => '%zz');
    withQuery(`${name} · repeated`, (fx) => [`${name}=${valid(fx)}`, `${name}=${valid(fx)}`], [name]);
    withQuery(`${name} · array syntax (${name}[]=...)`, (fx) => [`${name}[]=${valid(fx)}`], [name]);
    withQuery(`${name} · object syntax (${name}[x]=...)`, (fx) => [`${name}[x]=${valid(fx)}`], [name]);
  }
  return cases;
}

function pathCases(model: OperationModel): FuzzCase[] {
  const op = model.operationId;
  const cases: FuzzCase[] = [];
  for (const param of model.params.filter((p) => p.in === 'path')) {
    const set = (what: string, encoded: (valid: string) => string): void => {
      cases.push({
        label: `${op} · path {${param.name}} · ${what}`,
        build: (fx) => buildRequest(model, fx, { pathValues: { [param.name]: encoded(String(validParamValue(param, fx))) } }),
      });
    };
    const { schema } = param.resolved;
    for (const { kind, what } of badStringKinds(schema)) set(what, (v) => encodeURIComponent(badString(schema, kind, v)));
    set('%ff (not UTF-8)', () => '%ff');
    set('a real id with %ff appended', (v) => `${encodeURIComponent(v)}%ff`);
    set('a real id with a NUL byte (%00) appended', (v) => `${encodeURIComponent(v)}%00`);
    set('a lone surrogate as UTF-8 (%ed%bf%bf)', () => '%ed%bf%bf');
    set('a lone %', () => '%');
    set('%zz (not a percent-escape)', () => '%zz');
    set('8,000 characters long', (v) => encodeURIComponent(v.padEnd(8000, 'a')));
    set('a path traversal (..%2f..%2fbalance)', () => '..%2f..%2fbalance');
    set('an encoded slash inside the id (%2f)', (v) => `${encodeURIComponent(v.slice(0, 4))}%2f${encodeURIComponent(v.slice(4))}`);
  }
  return cases;
}

function headerCases(model: OperationModel): FuzzCase[] {
  const op = model.operationId;
  const cases: FuzzCase[] = [];
  for (const param of model.params.filter((p) => p.in === 'header')) {
    const { schema } = param.resolved;
    const set = (what: string, value: string): void => {
      cases.push({ label: `${op} · header ${param.name} · ${what}`, build: (fx) => withHeader(model, fx, param.name, value) });
    };
    if ((schema.minLength ?? 0) > 0) set(`empty (minLength ${schema.minLength})`, '');
    if (schema.maxLength !== undefined) set(`${schema.maxLength + 1} characters (maxLength ${schema.maxLength})`, 'k'.repeat(schema.maxLength + 1));
  }
  return cases;
}

/** The operation's valid request (its base body, if it takes one) with one header set. */
function withHeader(model: OperationModel, fx: Fixtures, name: string, value: string): WireRequest {
  return buildRequest(model, fx, { headers: { [name.toLowerCase()]: value } });
}

// ---------------------------------------------------------------------------------------------
// Outside the operations

function serverCases(): FuzzCase[] {
  const doc = documentOf();
  const operations = loadContract().operations;
  const cases: FuzzCase[] = [];
  const credentialsFor = (path: string, fx: Fixtures): Record<string, string> =>
    path.startsWith('/dashboard/api/')
      ? { cookie: fx.session.cookie, 'x-csrf-token': fx.session.csrfToken }
      : path.startsWith('/v1/')
        ? { authorization: `Bearer ${fx.secretKey}` }
        : {};
  const get = (label: string, target: string): void => {
    cases.push({ label: `server · ${label}`, build: (fx) => ({ method: 'GET', target, headers: credentialsFor(target, fx) }) });
  };
  get('GET /pay/%ff (the payment sheet, an undecodable client secret)', '/pay/%ff');
  get('GET /dashboard/%ff (a dashboard page, undecodable)', '/dashboard/%ff');
  get('GET /dashboard/api/%ff (the dashboard API, undecodable)', '/dashboard/api/%ff');
  get('GET /v1/%ff (the API, undecodable)', '/v1/%ff');
  get('GET /nowhere/%ff (an unknown path, undecodable)', '/nowhere/%ff');
  get('GET /%ff', '/%ff');

  // Every path of the contract, with OPTIONS and with each method it does not have: 405.
  for (const [path, item] of Object.entries(doc.paths)) {
    const methods = HTTP_METHODS.filter((m) => item[m] !== undefined).map((m) => m.toUpperCase());
    const sample = operations.find((o) => o.path === path)!;
    const model = modelOf(sample.operationId);
    const target = (fx: Fixtures) => buildRequest(model, fx).target;
    for (const method of ['OPTIONS', ...HTTP_METHODS.map((m) => m.toUpperCase()).filter((m) => !methods.includes(m))]) {
      cases.push({
        label: `server · ${method} ${path} (the path has ${methods.join(', ')})`,
        build: (fx) => ({ method, target: target(fx), headers: credentialsFor(path, fx) }),
        expect: { status: 405, code: 'method_not_allowed', allow: methods },
      });
    }
  }

  // What only a raw socket can send.
  const raw = (label: string, bytes: (host: string, fx: Fixtures) => string | Buffer): void => {
    cases.push({
      label: `server · raw HTTP · ${label}`,
      build: (fx) => ({ method: 'RAW', target: '', headers: {}, socket: true, bytes: (host) => toBytes(bytes(host, fx)) }),
    });
  };
  const auth = (fx: Fixtures) => `Authorization: Bearer ${fx.secretKey}\r\n`;
  raw('an invalid method token (FROB /v1/balance)', (host, fx) => `FROB /v1/balance HTTP/1.1\r\nHost: ${host}\r\n${auth(fx)}Connection: close\r\n\r\n`);
  raw('a lower-case method (get /v1/balance)', (host, fx) => `get /v1/balance HTTP/1.1\r\nHost: ${host}\r\n${auth(fx)}Connection: close\r\n\r\n`);
  raw('a header over 16 KB', (host, fx) => `GET /v1/balance HTTP/1.1\r\nHost: ${host}\r\n${auth(fx)}X-Padding: ${'a'.repeat(17 * 1024)}\r\nConnection: close\r\n\r\n`);
  raw('a request target over 16 KB', (host, fx) => `GET /v1/payment_intents/pi_${'a'.repeat(17 * 1024)} HTTP/1.1\r\nHost: ${host}\r\n${auth(fx)}Connection: close\r\n\r\n`);
  raw('a raw 0xff byte in the path', (host, fx) => `GET /v1/payment_intents/\xff HTTP/1.1\r\nHost: ${host}\r\n${auth(fx)}Connection: close\r\n\r\n`);
  raw('a space inside the request target', (host, fx) => `GET /v1/payment intents HTTP/1.1\r\nHost: ${host}\r\n${auth(fx)}Connection: close\r\n\r\n`);
  raw('a NUL byte in a header value', (host, fx) => `GET /v1/balance HTTP/1.1\r\nHost: ${host}\r\n${auth(fx)}X-Note: a\u0000b\r\nConnection: close\r\n\r\n`);
  raw('a header line without a colon', (host, fx) => `GET /v1/balance HTTP/1.1\r\nHost: ${host}\r\n${auth(fx)}Not a header\r\nConnection: close\r\n\r\n`);
  raw('an unsupported HTTP version (HTTP/1.7)', (host, fx) => `GET /v1/balance HTTP/1.7\r\nHost: ${host}\r\n${auth(fx)}Connection: close\r\n\r\n`);
  raw('bytes that are not HTTP at all', () => Buffer.from([0x16, 0x03, 0x01, 0x00, 0xa5, 0x01, 0x00, 0x00, 0xa1, 0x03, 0x03, 0x0d, 0x0a, 0x0d, 0x0a]));
  raw('both Content-Length and Transfer-Encoding: chunked', (host, fx) => {
    const body = '{"amount":5000,"currency":"NGN"}';
    return `POST /v1/payment_intents HTTP/1.1\r\nHost: ${host}\r\n${auth(fx)}Content-Type: application/json\r\nContent-Length: ${body.length}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`;
  });
  raw('a malformed chunked body', (host, fx) =>
    `POST /v1/payment_intents HTTP/1.1\r\nHost: ${host}\r\n${auth(fx)}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\n{"amount":5000}\r\n0\r\n\r\n`,
  );
  raw('two Content-Length headers that disagree', (host, fx) => {
    const body = '{"amount":5000,"currency":"NGN"}';
    return `POST /v1/payment_intents HTTP/1.1\r\nHost: ${host}\r\n${auth(fx)}Content-Type: application/json\r\nContent-Length: ${body.length}\r\nContent-Length: 3\r\nConnection: close\r\n\r\n${body}`;
  });
  return cases;
}

const toBytes = (value: string | Buffer): Buffer => (typeof value === 'string' ? Buffer.from(value, 'latin1') : value);

// ---------------------------------------------------------------------------------------------
// The plan

function errorContract(): ErrorContract {
  const error = resolve({ $ref: '#/components/schemas/Error' }).schema.properties!['error']!;
  const code = error.properties!['code']!;
  const statusOf = new Map<string, number>();
  for (const [, name, status] of String((code as { description?: string }).description ?? '').matchAll(/`([a-z_]+)` \((\d{3})\)/g)) {
    statusOf.set(name!, Number(status));
  }
  return { codes: (code.enum ?? []) as string[], statusOf, requestId: new RegExp(error.properties!['request_id']!.pattern!, 'u') };
}

export function fuzzPlan(): FuzzPlan {
  const operations = loadContract().operations.map((op): OperationPlan => {
    const model = modelOf(op.operationId);
    const cases = [
      ...(model.body === undefined ? noBodyCases(model) : bodyCases(model)),
      ...queryCases(model),
      ...pathCases(model),
      ...headerCases(model),
    ];
    const names = [
      ...model.params.map((p) => (p.in === 'path' && p.resolved.name === 'PaymentIntentId' ? 'PaymentIntentId@path' : p.resolved.name)),
      ...(model.body === undefined ? [] : bodyFields(model.body.resolved).map((f) => f.resolved.name)),
    ];
    return {
      operationId: op.operationId,
      method: model.method,
      path: op.path,
      documented: model.documented,
      needsOpenIntent: names.includes('PaymentIntentId@path') || names.includes('ClientSecret'),
      cases,
    };
  });
  return { operations, server: serverCases(), errors: errorContract() };
}

// ---------------------------------------------------------------------------------------------
// Sending

export interface Answer {
  status: number;
  headers: Map<string, string>;
  text: string;
  /** Why there was no HTTP answer at all. */
  failure?: string;
}

export async function send(origin: string, request: WireRequest): Promise<Answer> {
  if (request.socket === true || request.bytes !== undefined) return sendOverSocket(origin, request);
  try {
    const response = await fetch(`${origin}${request.target}`, {
      method: request.method,
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: request.body as BodyInit }),
      redirect: 'manual',
    });
    const text = await response.text();
    const headers = new Map<string, string>();
    response.headers.forEach((value, name) => headers.set(name.toLowerCase(), value));
    return { status: response.status, headers, text };
  } catch (err) {
    const cause = (err as { cause?: { message?: string } }).cause?.message;
    return { status: 0, headers: new Map(), text: '', failure: `fetch failed: ${(err as Error).message}${cause ? ` (${cause})` : ''}` };
  }
}

function sendOverSocket(origin: string, request: WireRequest): Promise<Answer> {
  const url = new URL(origin);
  let bytes: Buffer;
  if (request.bytes !== undefined) bytes = request.bytes(url.host);
  else {
    const body = request.body === undefined ? Buffer.alloc(0) : Buffer.from(request.body);
    const lines = [`${request.method} ${request.target} HTTP/1.1`, `Host: ${url.host}`];
    for (const [name, value] of Object.entries(request.headers)) lines.push(`${name}: ${value}`);
    if (request.body !== undefined) lines.push(`Content-Length: ${body.length}`);
    lines.push('Connection: close');
    bytes = Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), body]);
  }
  return new Promise((resolveAnswer) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(url.port), url.hostname);
    let done = false;
    const finish = (failure?: string): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const answer = parseHttpResponse(Buffer.concat(chunks));
      resolveAnswer(answer ?? { status: 0, headers: new Map(), text: '', failure: failure ?? 'the connection closed without an HTTP answer' });
    };
    const timer = setTimeout(() => finish('no answer within 10 s'), 10_000);
    // Not end(): a half-closed connection makes Node's server abort the request before it answers.
    socket.on('connect', () => socket.write(bytes));
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (parseHttpResponse(Buffer.concat(chunks), true) !== undefined) finish();
    });
    socket.on('error', (err) => finish(`socket error: ${err.message}`));
    socket.on('close', () => finish());
  });
}

/** One HTTP/1.1 response from raw bytes; with `complete`, only once its whole body has arrived. */
function parseHttpResponse(bytes: Buffer, complete = false): Answer | undefined {
  const end = bytes.indexOf('\r\n\r\n');
  if (end === -1) return undefined;
  const [statusLine, ...headerLines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/\d\.\d (\d{3})/.exec(statusLine ?? '')?.[1]);
  if (!Number.isInteger(status)) return undefined;
  const headers = new Map<string, string>();
  for (const line of headerLines) {
    const at = line.indexOf(':');
    if (at === -1) continue;
    const name = line.slice(0, at).trim().toLowerCase();
    const value = line.slice(at + 1).trim();
    headers.set(name, headers.has(name) ? `${headers.get(name)}, ${value}` : value);
  }
  let body = bytes.subarray(end + 4);
  if (/chunked/i.test(headers.get('transfer-encoding') ?? '')) {
    const parts: Buffer[] = [];
    let at = 0;
    for (;;) {
      const lineEnd = body.indexOf('\r\n', at);
      if (lineEnd === -1) {
        if (complete) return undefined;
        break;
      }
      const size = parseInt(body.subarray(at, lineEnd).toString('latin1'), 16);
      if (!Number.isFinite(size)) break;
      if (size === 0) break;
      if (lineEnd + 2 + size > body.length) {
        if (complete) return undefined;
        break;
      }
      parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
    body = Buffer.concat(parts);
  } else if (headers.has('content-length')) {
    const length = Number(headers.get('content-length'));
    if (complete && body.length < length) return undefined;
    body = body.subarray(0, length);
  } else if (complete) {
    return undefined; // the body ends with the connection
  }
  return { status, headers, text: body.toString('utf8') };
}

// ---------------------------------------------------------------------------------------------
// Judging

/**
 * What is wrong with an answer to a malformed request, by the contract: a 4xx (the status the
 * case names, if any, and one the operation documents), JSON in the one error shape, a code from
 * the closed set with its status, and x-request-id equal to error.request_id. Empty when fine.
 */
export function judge(answer: Answer, kase: FuzzCase, errors: ErrorContract, documented?: number[]): string[] {
  if (answer.failure !== undefined) return [`no HTTP answer (${answer.failure})`];
  const { status } = answer;
  // A success is the finding; its body is not an error to judge.
  if (status < 400) return [`accepted: answered ${status}`];
  const problems: string[] = [];
  if (status >= 500) problems.push(`answered ${status}, a server error`);
  if (kase.expect?.status !== undefined && status !== kase.expect.status) problems.push(`answered ${status}, not ${kase.expect.status}`);
  if (documented !== undefined && status >= 400 && status < 500 && !documented.includes(status)) {
    problems.push(`${status} is not a response the operation documents (${documented.join(', ')})`);
  }
  const requestId = answer.headers.get('x-request-id');
  if (requestId === undefined) problems.push('no x-request-id header');
  else if (!errors.requestId.test(requestId)) problems.push(`x-request-id ${JSON.stringify(requestId)} does not match ${errors.requestId}`);
  if (kase.expect?.allow !== undefined) problems.push(...judgeAllow(answer.headers.get('allow'), kase.expect.allow));

  const type = answer.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    problems.push(`not JSON (Content-Type ${JSON.stringify(type || null)})`);
    return problems;
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    problems.push('a body that does not parse as JSON');
    return problems;
  }
  const shape = errorShapeProblems(body, errors);
  problems.push(...shape);
  if (shape.length === 0) {
    const error = (body as { error: { code: string; request_id: string } }).error;
    const expected = errors.statusOf.get(error.code);
    if (expected !== undefined && expected !== status) problems.push(`code ${error.code} is documented with ${expected}, answered ${status}`);
    if (kase.expect?.code !== undefined && error.code !== kase.expect.code) problems.push(`code ${error.code}, not ${kase.expect.code}`);
    if (requestId !== undefined && error.request_id !== requestId) problems.push('error.request_id differs from the x-request-id header');
    const wording = validatorWording((body as { error: { message: string } }).error.message);
    if (wording !== undefined) problems.push(`the message shows ${wording} instead of plain words`);
  }
  return problems;
}

/** A message a person should never get: a regular expression, or a validator's own phrasing. */
export function validatorWording(message: string): string | undefined {
  const signs: [RegExp, string][] = [
    [/\^[^ ]*\$|\[0-9|\{\d+(,\d*)?\}/, 'a regular expression'],
    [/must (NOT|match|have required|be equal to|be >=|be <=|be integer|be string)|additional properties|allowed values/, "a validator's wording"],
  ];
  return signs.find(([pattern]) => pattern.test(message))?.[1];
}

function judgeAllow(allow: string | undefined, methods: string[]): string[] {
  if (allow === undefined) return [`no Allow header (expected ${methods.join(', ')})`];
  const listed = new Set(allow.split(',').map((m) => m.trim().toUpperCase()).filter((m) => m !== ''));
  const missing = methods.filter((m) => !listed.has(m));
  // HEAD comes with GET in HTTP; anything else listed is a method the path does not have.
  const extra = [...listed].filter((m) => !methods.includes(m) && !(m === 'HEAD' && methods.includes('GET')));
  const problems: string[] = [];
  if (missing.length > 0) problems.push(`Allow ${JSON.stringify(allow)} lacks ${missing.join(', ')}`);
  if (extra.length > 0) problems.push(`Allow ${JSON.stringify(allow)} lists ${extra.join(', ')}, which the path does not have`);
  return problems;
}

function errorShapeProblems(body: unknown, errors: ErrorContract): string[] {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return ['the body is not a JSON object'];
  const top = Object.keys(body);
  if (top.length !== 1 || top[0] !== 'error') return [`top-level keys ${JSON.stringify(top)}, not ["error"]`];
  const error = (body as { error: unknown }).error;
  if (error === null || typeof error !== 'object' || Array.isArray(error)) return ['"error" is not an object'];
  const e = error as Record<string, unknown>;
  const problems: string[] = [];
  const extra = Object.keys(e).filter((k) => !['code', 'message', 'param', 'doc_url', 'request_id'].includes(k));
  if (extra.length > 0) problems.push(`error has keys outside the shape: ${extra.join(', ')}`);
  if (typeof e['doc_url'] !== 'string' || !e['doc_url'].endsWith(`/docs#section/${String(e['code'])}`)) problems.push(`error.doc_url ${JSON.stringify(e['doc_url'])} is not the code's entry in /docs`);
  if (typeof e['code'] !== 'string' || !errors.codes.includes(e['code'])) problems.push(`error.code ${JSON.stringify(e['code'])} is not one of the Error schema's codes`);
  if (typeof e['message'] !== 'string' || e['message'] === '') problems.push('error.message is not a non-empty string');
  if ('param' in e && typeof e['param'] !== 'string') problems.push('error.param is not a string');
  if (typeof e['request_id'] !== 'string' || !errors.requestId.test(e['request_id'])) problems.push(`error.request_id ${JSON.stringify(e['request_id'])} does not match ${errors.requestId}`);
  return problems;
}
