// The contract's validation of requests and (outside production) responses, compiled from
// openapi.yaml with Ajv: each operation's checks are compiled once, on its first request, into one
// function per part of the request (path, query, headers, body) and one per documented response.
//
// Compiled once, the checks cost a small fraction of matching the URL against every path of the
// contract and building a parser per request, as a general validator middleware does. The rules:
// Ajv with strictNumbers, defaults filled in, path, query and header values coerced from text to the
// parameter's type, formats checked the fast way. Problems are reported by where they are
// (`/body/customer/email`, `/query/limit`), for errors.ts to put in words.
import { parse as parseQueryString } from 'node:querystring';
import { Ajv2020, type ErrorObject, type Options, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { resolveRef, type Contract, type ContractOperation } from './contract.ts';
import { emptyParameter, explain, misspeltAs, paramName, unknownParameter } from './plain-words.ts';

type Schema = Record<string, unknown>;

/** What is wrong with a request or response, the way the validator names it: `/body/customer/email`. */
export interface ContractProblem {
  path: string;
  message: string;
  /** For an unknown body field, its name (the path is its parent object's). */
  additionalProperty?: string;
  /** The same, in plain words for the person who sent the request (plain-words.ts). */
  words?: string;
}

/** A request's parts as the operation reads them; `query`, `headers` and `params` are completed and coerced in place. */
export interface RequestParts {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  body: unknown;
}

export interface OperationValidation {
  /** The request's first problem, or undefined (its defaults then filled in and its parameters typed). */
  request(parts: RequestParts): ContractProblem | undefined;
  /** The response's first departure from the contract, or undefined. */
  response(status: number, body: unknown): ContractProblem | undefined;
}

export interface ContractValidation {
  operation(operation: ContractOperation): OperationValidation;
  /** The query string of a request URL, parsed as the operations read it (repeated names become lists). */
  parseQuery(url: string): Record<string, unknown>;
}

const BASE: Options = {
  strict: false,
  strictNumbers: true,
  strictTuples: true,
  allowUnionTypes: false,
  validateSchema: false,
  // The first problem only: that is what the answer names.
  allErrors: false,
};

const CONTRACT_ID = 'contract';

export function contractValidation(contract: Contract): ContractValidation {
  // Schemas refer to one another as #/components/...: the document's components are registered once
  // under one id, and every operation's schemas point into it, so each shared schema compiles once.
  const components = { $id: CONTRACT_ID, components: (contract.document as Schema)['components'] ?? {} };
  const ajv = (options: Options) => {
    const instance = new Ajv2020({ ...BASE, ...options });
    addFormats.default(instance, { mode: 'fast' });
    instance.addSchema(components);
    return instance;
  };
  // Parameters arrive as text and are read as their schema's type; bodies are JSON and are not coerced.
  const parameters = ajv({ coerceTypes: true, useDefaults: true });
  const bodies = ajv({ coerceTypes: false, useDefaults: true });
  const responses = ajv({ coerceTypes: false, useDefaults: false });
  const compiled = new Map<ContractOperation, OperationValidation>();

  return {
    operation(operation) {
      let validation = compiled.get(operation);
      if (validation === undefined) {
        validation = compileOperation(contract.document as Schema, operation, { parameters, bodies, responses });
        compiled.set(operation, validation);
      }
      return validation;
    },
    parseQuery(url) {
      const at = url.indexOf('?');
      if (at === -1) return {};
      // A fragment (#...) is never part of the query; a client that sends one anyway is not asking for it.
      const end = url.indexOf('#', at);
      return { ...parseQueryString(url.slice(at + 1, end === -1 ? undefined : end)) };
    },
  };
}

const LOCATIONS = { path: 'params', query: 'query', header: 'headers' } as const;
type Location = (typeof LOCATIONS)[keyof typeof LOCATIONS];

function compileOperation(
  document: Schema,
  operation: ContractOperation,
  ajv: { parameters: Ajv2020; bodies: Ajv2020; responses: Ajv2020 },
): OperationValidation {
  const pathItem = (document['paths'] as Record<string, Schema>)[operation.path]!;
  const op = pathItem[operation.method] as Schema;
  const declared = [...((pathItem['parameters'] as Schema[] | undefined) ?? []), ...((op['parameters'] as Schema[] | undefined) ?? [])].map(
    (p) => resolveRef(document, p),
  );

  // One object schema per location: the parameters as properties, the required ones required.
  // In the order they are checked (the first problem is the one reported).
  const groups: Record<Location, { properties: Record<string, Schema>; required: string[] }> = {
    query: { properties: {}, required: [] },
    headers: { properties: {}, required: [] },
    params: { properties: {}, required: [] },
  };
  for (const parameter of declared) {
    const location = LOCATIONS[parameter['in'] as keyof typeof LOCATIONS];
    if (location === undefined) continue;
    const name = location === 'headers' ? String(parameter['name']).toLowerCase() : String(parameter['name']);
    groups[location].properties[name] = pointInto((parameter['schema'] as Schema | undefined) ?? {});
    if (parameter['required'] === true) groups[location].required.push(name);
  }
  const checkers = (Object.keys(groups) as Location[]).map((location) => {
    const { properties, required } = groups[location];
    const schema = { type: 'object', properties, required };
    const validate = ajv.parameters.compile(schema);
    return { location, validate, schema };
  });
  const queryNames = new Set(Object.keys(groups.query.properties));

  const requestBody = op['requestBody'] === undefined ? undefined : resolveRef(document, op['requestBody'] as Schema);
  const bodySchema = (requestBody?.['content'] as Record<string, Schema> | undefined)?.['application/json']?.['schema'] as Schema | undefined;
  const validateBody = bodySchema === undefined ? undefined : ajv.bodies.compile(pointInto(bodySchema));
  const bodyRequired = requestBody?.['required'] === true;

  const responseValidators = new Map<string, ValidateFunction | null>();
  const responseValidator = (status: number): ValidateFunction | null | undefined => {
    const documented = op['responses'] as Record<string, Schema>;
    const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => documented[k] !== undefined);
    if (key === undefined) return undefined;
    if (!responseValidators.has(key)) {
      const response = resolveRef(document, documented[key]!);
      const schema = (response['content'] as Record<string, Schema> | undefined)?.['application/json']?.['schema'] as Schema | undefined;
      responseValidators.set(key, schema === undefined ? null : ajv.responses.compile(pointInto(schema)));
    }
    return responseValidators.get(key);
  };

  return {
    request(parts) {
      // `limit[]=1` and `limit[x]=1` name `limit` with a list or an object for its value: the
      // parameter's own check then says what it must be.
      for (const name of Object.keys(parts.query)) {
        const bracket = name.indexOf('[');
        if (bracket <= 0) continue;
        const base = name.slice(0, bracket);
        if (!queryNames.has(base)) continue;
        parts.query[base] = name.endsWith('[]') ? [parts.query[name]].flat() : { [name.slice(base.length)]: parts.query[name] };
        delete parts.query[name];
      }
      // Query parameters the operation does not name are refused before any is read.
      for (const name of Object.keys(parts.query)) {
        if (!queryNames.has(name)) {
          return { path: `/query/${name}`, message: `Unknown query parameter '${name}'`, words: unknownParameter(name, [...queryNames]) };
        }
        if (parts.query[name] === '') return { path: `/query/${name}`, message: `Empty value found for query parameter '${name}'`, words: emptyParameter(name) };
      }
      for (const { location, validate, schema } of checkers) {
        if (!validate(parts[location])) return problemOf(validate.errors![0]!, `/${location}`, schema, document);
      }
      if (validateBody !== undefined && parts.body !== undefined) {
        if (!validateBody(parts.body)) {
          const error = validateBody.errors![0]!;
          // A required field reported missing because it was misspelt ("amout"): say so, not that it is missing.
          const typo = error.keyword === 'required' ? misspelling(error, parts.body, bodySchema!, document) : undefined;
          return typo ?? problemOf(error, '/body', bodySchema!, document);
        }
      } else if (bodyRequired && parts.body === undefined) {
        return { path: '/body', message: "must have required property 'body'", words: 'This request needs a JSON body (Content-Type: application/json).' };
      }
      return undefined;
    },
    response(status, body) {
      const validate = responseValidator(status);
      if (validate === undefined) return { path: '/response', message: `status ${status} is not documented for ${operation.operationId}` };
      if (validate === null || validate(body)) return undefined;
      return problemOf(validate.errors![0]!, '/response', undefined, document);
    },
  };
}

/** A schema whose `#/...` references point into the registered document. */
function pointInto(schema: Schema): Schema {
  return JSON.parse(JSON.stringify(schema), (key, value: unknown) =>
    key === '$ref' && typeof value === 'string' && value.startsWith('#/') ? `${CONTRACT_ID}${value}` : value,
  ) as Schema;
}

/**
 * Ajv's error as the validator reports it (the failing place under `prefix`, and Ajv's own words,
 * for logs), and for a request, the same in plain words from the value's schema (`root` is the
 * schema the value was checked against).
 */
function problemOf(error: ErrorObject, prefix: string, root: Schema | undefined, document: Schema): ContractProblem {
  const params = error.params as { missingProperty?: string; additionalProperty?: string; allowedValues?: unknown[] };
  let message = error.message ?? 'is invalid';
  if (error.keyword === 'enum' && Array.isArray(params.allowedValues)) message = `${message}: ${params.allowedValues.join(', ')}`;
  const problem: ContractProblem =
    params.missingProperty !== undefined
      ? { path: `${prefix}${error.instancePath}/${params.missingProperty}`, message }
      : params.additionalProperty !== undefined
        ? { path: `${prefix}${error.instancePath}/${params.additionalProperty}`, message, additionalProperty: params.additionalProperty }
        : { path: `${prefix}${error.instancePath}`, message };
  if (root !== undefined) problem.words = explain(error, paramName(problem.path).param, root, document);
  return problem;
}

/**
 * When the object missing `required`'s property has an unknown field that is a near spelling of
 * it, the problem is that field.
 */
function misspelling(error: ErrorObject, body: unknown, root: Schema, document: Schema): ContractProblem | undefined {
  const missing = (error.params as { missingProperty?: string }).missingProperty;
  let value: unknown = body;
  for (const segment of error.instancePath.split('/').slice(1)) value = (value as Record<string, unknown> | undefined)?.[segment.replace(/~1/g, '/').replace(/~0/g, '~')];
  if (missing === undefined || typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const typo = misspeltAs(missing, Object.keys(value), error.instancePath, root, document);
  if (typo === undefined) return undefined;
  const path = `/body${error.instancePath}/${typo.replace(/~/g, '~0').replace(/\//g, '~1')}`;
  const place = paramName(path).param;
  return { path, message: 'must NOT have additional properties', additionalProperty: typo, words: `unknown parameter ${place}: did you mean ${place.slice(0, place.length - typo.length)}${missing}?` };
}
