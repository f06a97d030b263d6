// Request bodies are UTF-8 JSON, labelled as such, and only where the operation takes one. They
// are read with three rules JSON.parse alone does not keep:
// - an integer field (every kobo amount, a card's expiry) must be written as a whole number:
//   `100.00000000000000001`, `100.0` and `1e2` all parse to 100, and would pass for 100;
// - strings (and keys) must be well-formed Unicode: a lone UTF-16 surrogate (`"\udfff"`) cannot be
//   stored by PostgreSQL, nor encoded as UTF-8 in an event;
// - strings must not contain NUL, which PostgreSQL text cannot hold.
// Each is refused with 400 naming the field, before anything is looked up or stored.
import { isUtf8 } from 'node:buffer';
import type { Request, RequestHandler } from 'express';
import { ApiError } from '../domain/errors.ts';
import { resolveRef, type Contract } from './contract.ts';

// The holders (objects or arrays) and keys of numbers that JSON.parse saw written with a fraction
// or an exponent; filled by the reviver, read by the walk that follows the parse.
const notWrittenAsIntegers = new WeakMap<object, Set<string>>();

const INTEGER_LITERAL = /^-?(0|[1-9]\d*)$/;

// The reviver (which V8 calls for every value, with its source text) costs more than the parse
// itself, and only a body with a number written with a fraction or an exponent needs it: such a
// body's bytes are kept here while it is read, and it is parsed again, with the reviver, after.
const revivedLater = new WeakMap<object, Buffer>();

/** For express.json: remembers every number whose source text is not an integer literal. */
export function jsonReviver(this: object, key: string, value: unknown, context?: { source?: string }): unknown {
  if (typeof value === 'number' && context?.source !== undefined && !INTEGER_LITERAL.test(context.source)) {
    let keys = notWrittenAsIntegers.get(this);
    if (keys === undefined) notWrittenAsIntegers.set(this, (keys = new Set()));
    keys.add(key);
  }
  return value;
}

/**
 * Deeper than any request of the contract can be (metadata is at most 20 levels), and shallow
 * enough that parsing and walking the body cannot run out of stack.
 */
const MAX_JSON_DEPTH = 64;

const hasBody = (req: Request): boolean =>
  req.get('transfer-encoding') !== undefined || (req.get('content-length') !== undefined && req.get('content-length') !== '0');

const noBodyTaken = (): ApiError =>
  new ApiError('invalid_request', 'This operation takes no request body; send none (or an empty JSON object).');

/**
 * Before the body is read: it must be JSON (Content-Type: application/json) in UTF-8, and sent
 * only to an operation that takes one. Otherwise a body could be ignored without a word (an
 * unlabelled one, or one sent where none is read) or read as something else (UTF-16).
 */
export function checkBodyFraming(): RequestHandler {
  return (req, _res, next) => {
    const operation = hasBody(req) ? req.operation : undefined;
    if (operation === undefined) return next();
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(req.get('content-type') ?? '')?.[1]?.toLowerCase();
    if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
      throw new ApiError('invalid_request', `The request body must be UTF-8 JSON, not ${charset.slice(0, 40)}.`);
    }
    if (req.is('application/json') === false || req.get('content-type') === undefined) {
      if (!operation.takesBody && req.get('content-length') === undefined) {
        // A chunked body may still be empty, which is no body at all: read it to know.
        return whenEmpty(req, next);
      }
      if (!operation.takesBody) throw noBodyTaken();
      throw new ApiError('invalid_request', 'Send the request body as JSON with Content-Type: application/json.');
    }
    next();
  };
}

/** Goes on when the request's (chunked) body turns out empty; refuses it at its first byte otherwise. */
function whenEmpty(req: Request, next: (error?: unknown) => void): void {
  let done = false;
  const finish = (error?: unknown) => {
    if (done) return;
    done = true;
    next(error);
  };
  req.on('data', (chunk: Buffer) => {
    if (chunk.length === 0) return;
    finish(noBodyTaken());
    req.resume(); // the rest is read and dropped, so the answer can be sent
  });
  req.on('end', () => finish());
  req.on('error', (error) => finish(error));
}

/**
 * For express.json's `verify`, on the raw bytes: refuses a body that is not valid UTF-8 (rather
 * than reading U+FFFD into it), and one nested deeper than MAX_JSON_DEPTH, naming the top-level
 * field it is under. One pass over the bytes, strings skipped.
 */
export function checkRawBody(req: object, _res: unknown, body: Buffer): void {
  if (!isUtf8(body)) throw new ApiError('invalid_request', 'The request body is not valid UTF-8; send UTF-8 JSON.');
  let notInteger = false;
  let depth = 0;
  let topKeyStart = -1;
  let topKey: string | undefined;
  for (let i = 0; i < body.length; i++) {
    const byte = body[i];
    if (byte === 0x22 /* " */) {
      const start = i;
      for (i++; i < body.length && body[i] !== 0x22; i++) if (body[i] === 0x5c /* \ */) i++;
      if (depth === 1 && topKeyStart === -2) topKeyStart = start;
      if (depth === 1 && topKeyStart === start) {
        try {
          topKey = JSON.parse(body.subarray(start, i + 1).toString('utf8')) as string;
        } catch {
          topKey = undefined;
        }
      }
    } else if (byte === 0x7b /* { */ || byte === 0x5b /* [ */) {
      depth++;
      if (depth === 1 && byte === 0x7b) topKeyStart = -2; // the next string is a key
      if (depth > MAX_JSON_DEPTH) {
        throw new ApiError('invalid_request', `The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`, topKey);
      }
    } else if (byte === 0x7d /* } */ || byte === 0x5d /* ] */) {
      depth--;
    } else if (byte === 0x2c /* , */ && depth === 1) {
      topKeyStart = -2;
    } else if (byte === 0x2e /* . */ || ((byte === 0x65 /* e */ || byte === 0x45) /* E */ && isDigit(body[i - 1]))) {
      // Outside strings, only a number has a point, or an e after a digit (true and false have theirs after letters).
      notInteger = true;
    }
  }
  if (notInteger) revivedLater.set(req, body);
}

const isDigit = (byte: number | undefined): boolean => byte !== undefined && byte >= 0x30 && byte <= 0x39;

// The text body-parser parsed: UTF-8, a leading byte order mark dropped (TextDecoder drops it).
const utf8 = new TextDecoder('utf-8');

/** The body parsed again, with the reviver; it parsed once already, so a failure here is the same 400. */
function parseAgain(raw: Buffer): unknown {
  try {
    return JSON.parse(utf8.decode(raw), jsonReviver);
  } catch {
    throw new ApiError('invalid_request', 'The request body is not valid JSON. Send a JSON object with Content-Type: application/json.');
  }
}

type Schema = Record<string, unknown>;

/** Checks a parsed body against the three rules, reading the integer fields from the operation's body schema. */
export function checkJsonBody(contract: Contract): RequestHandler {
  return (req, _res, next) => {
    const raw = revivedLater.get(req);
    if (raw !== undefined) req.body = parseAgain(raw);
    const body: unknown = req.body;
    const operation = req.operation;
    if (body === undefined) return next();
    if (operation !== undefined && !operation.takesBody) {
      // `{}` is what many HTTP clients send with every POST: it says nothing, and is let through.
      if (typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).length === 0) return next();
      throw noBodyTaken();
    }
    if (body === null || typeof body !== 'object') return next();
    const schema = operation === undefined ? undefined : requestSchema(contract.document, operation.path, operation.method);
    walk(body, [], (path) => (schema === undefined ? false : isIntegerAt(contract.document, schema, path)));
    next();
  };
}

function walk(value: unknown, path: string[], isInteger: (path: string[]) => boolean): void {
  if (typeof value === 'string') return checkString(value, path);
  if (value === null || typeof value !== 'object') return;
  const marked = notWrittenAsIntegers.get(value);
  for (const [key, child] of Object.entries(value)) {
    const at = [...path, key];
    if (!Array.isArray(value)) checkString(key, path, 'a key');
    if (typeof child === 'number' && !Number.isFinite(child)) {
      // 1e400 parses to Infinity, which JSON cannot even write back (it would become null).
      const param = at.join('.');
      throw new ApiError('invalid_request', `${param} is a number too large to represent; send at most 15 significant digits.`, param);
    }
    if (typeof child === 'number' && marked?.has(key) && Number.isInteger(child) && isInteger(at)) {
      const param = at.join('.');
      throw new ApiError(
        'invalid_request',
        `${param} must be written as a whole number, without a decimal point or an exponent (amounts are integer kobo: 10000 is NGN 100).`,
        param,
      );
    }
    walk(child, at, isInteger);
  }
}

function checkString(text: string, path: string[], what = 'a string'): void {
  const param = path.length === 0 ? undefined : path.join('.');
  const where = param === undefined ? 'The request body' : param;
  if (text.includes('\u0000')) {
    throw new ApiError('invalid_request', `${where} contains ${what} with the NUL character (\\u0000), which cannot be stored.`, param);
  }
  if (!text.isWellFormed()) {
    throw new ApiError(
      'invalid_request',
      `${where} contains ${what} that is not well-formed Unicode (a lone UTF-16 surrogate such as \\udfff); send valid UTF-8 text.`,
      param,
    );
  }
}

function requestSchema(document: Schema, path: string, method: string): Schema | undefined {
  const operation = (document['paths'] as Record<string, Record<string, Schema>>)[path]?.[method];
  const content = (operation?.['requestBody'] as Schema | undefined)?.['content'] as Record<string, Schema> | undefined;
  return content?.['application/json']?.['schema'] as Schema | undefined;
}

/** Whether the schema says `path` (into the body) holds an integer. */
function isIntegerAt(document: Schema, schema: Schema, path: string[]): boolean {
  let node: Schema | undefined = resolveRef(document, schema);
  for (const segment of path) {
    if (node === undefined) return false;
    const properties = node['properties'] as Record<string, Schema> | undefined;
    const next: Schema | undefined =
      properties?.[segment] ?? (node['items'] as Schema | undefined) ?? branchWith(document, node, segment);
    node = next === undefined ? undefined : resolveRef(document, next);
  }
  return node !== undefined && (node['type'] === 'integer' || (Array.isArray(node['type']) && node['type'].includes('integer')));
}

// A property named in one branch of allOf / oneOf / anyOf.
function branchWith(document: Schema, node: Schema, segment: string): Schema | undefined {
  for (const keyword of ['allOf', 'oneOf', 'anyOf']) {
    for (const branch of (node[keyword] as Schema[] | undefined) ?? []) {
      const found = (resolveRef(document, branch)['properties'] as Record<string, Schema> | undefined)?.[segment];
      if (found !== undefined) return found;
    }
  }
  return undefined;
}
