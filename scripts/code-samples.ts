// The code samples of the API reference: openapi.yaml's `x-codeSamples` (Redoc's extension), for
// every operation of the merchants' reference (everything not `x-internal`). Each gets a curl
// command and, when it takes the secret key, the same call through @nairaflow/sdk. Both are
// generated, never written by hand: the request from the operation itself (method, path, the
// examples of its parameters and body, its Idempotency-Key), the SDK call from the SDK's own source
// (which method sends that request, and what it takes). `npm run generate` writes them into
// openapi.yaml in place, changing nothing else in the file; `npm run check:generated` fails when
// they differ from what the contract and the SDK say now.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { isMap, isScalar, parse, parseDocument, type Pair, type YAMLMap } from 'yaml';

export interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

/** How the reference labels each kind of sample; redocly.yaml's `codeSamples.languages` lists the same two, or Redoc hides them. */
export const CURL = { lang: 'curl', label: 'curl' } as const;
export const NODE_SDK = { lang: 'JavaScript', label: 'Node SDK' } as const;

/** The variable the samples read the secret key from (the SDK's README names it so too). */
export const SECRET_KEY_VARIABLE = 'NAIRAFLOW_SECRET_KEY';

/** An SDK method, found in the SDK's source by the request it sends. */
export interface SdkMethod {
  /** The client's property: `paymentIntents`. */
  resource: string;
  name: string;
  parameters: { name: string; type: string; optional: boolean }[];
  /** A generator: its sample reads it with `for await`. */
  iterates: boolean;
}

export interface SampledOperation {
  operationId: string;
  method: string;
  path: string;
  samples: CodeSample[];
  /** Authenticated with the secret key, so merchants' servers call it and the SDK should have a method for it. */
  wantsSdk: boolean;
  sdk: SdkMethod | undefined;
}

export interface CodeSamples {
  /** openapi.yaml with its x-codeSamples as generated now (the same text when nothing changed). */
  text: string;
  operations: SampledOperation[];
  /** Operations whose x-codeSamples in the given text differ from what was generated. */
  drifted: string[];
  /** What keeps the samples from being complete: SDK methods that do not exist yet, examples the contract lacks. */
  problems: string[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
type Node = Record<string, unknown>;

/** Every sample for `text` (openapi.yaml) and the SDK in `sdkSourceDir`, and the text with them written in. */
export function codeSamples(text: string, sdkSourceDir: string): CodeSamples {
  const document = parse(text) as Node;
  const sdk = findSdkMethods(sdkSourceDir);
  const problems: string[] = [];
  const operations = sampleOperations(document, sdk, problems);
  for (const op of operations) {
    if (op.wantsSdk && op.sdk === undefined) {
      problems.push(`${op.operationId} (${op.method.toUpperCase()} ${op.path}): no SDK method sends it, so its reference shows curl only`);
    }
  }
  const wanted = new Map(operations.map((op) => [`${op.method} ${op.path}`, op.samples]));
  const written = writeCodeSamples(text, wanted);
  const before = samplesIn(document);
  const drifted = operations
    .filter((op) => JSON.stringify(before.get(`${op.method} ${op.path}`) ?? []) !== JSON.stringify(op.samples))
    .map((op) => op.operationId);
  for (const [key, samples] of before) if (samples.length > 0 && !wanted.has(key)) drifted.push(`${key} (x-internal, so no samples)`);
  return { text: written, operations, drifted, problems };
}

// ---------------------------------------------------------------------------------------------
// The SDK, read from its source: each resource class's methods and the request each one sends
// (`this.#t.client.POST('/v1/refunds', ...)`), and the client's property that holds the resource.

export function findSdkMethods(sdkSourceDir: string): Map<string, SdkMethod> {
  const source = (file: string) => ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const resourceOf = new Map<string, string>();
  const client = source(join(sdkSourceDir, 'client.ts'));
  for (const statement of client.statements) {
    if (!ts.isClassDeclaration(statement) || statement.name?.text !== 'Nairaflow') continue;
    for (const member of statement.members) {
      if (ts.isPropertyDeclaration(member) && ts.isIdentifier(member.name) && member.type !== undefined && ts.isTypeReferenceNode(member.type)) {
        resourceOf.set(member.type.typeName.getText(client), member.name.text);
      }
    }
  }
  if (resourceOf.size === 0) throw new Error(`${join(sdkSourceDir, 'client.ts')} has no class Nairaflow with resource properties`);

  const methods = new Map<string, SdkMethod>();
  const resourcesDir = join(sdkSourceDir, 'resources');
  for (const name of readdirSync(resourcesDir).filter((f) => f.endsWith('.ts')).sort()) {
    const file = source(join(resourcesDir, name));
    for (const statement of file.statements) {
      if (!ts.isClassDeclaration(statement) || statement.name === undefined) continue;
      const resource = resourceOf.get(statement.name.text);
      if (resource === undefined) continue;
      for (const member of statement.members) {
        if (!ts.isMethodDeclaration(member) || !ts.isIdentifier(member.name) || member.body === undefined) continue;
        const method: SdkMethod = {
          resource,
          name: member.name.text,
          iterates: member.asteriskToken !== undefined,
          parameters: member.parameters.map((p) => ({
            name: p.name.getText(file),
            type: p.type?.getText(file) ?? '',
            optional: p.questionToken !== undefined || p.initializer !== undefined,
          })),
        };
        for (const request of requestsSentBy(member.body)) if (!methods.has(request)) methods.set(request, method);
      }
    }
  }
  return methods;
}

/** `GET /v1/...` for each `<x>.client.GET('/v1/...', ...)` in `body`. */
function requestsSentBy(body: ts.Node): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      /^(GET|PUT|POST|DELETE|PATCH)$/.test(node.expression.name.text) &&
      ts.isPropertyAccessExpression(node.expression.expression) &&
      node.expression.expression.name.text === 'client'
    ) {
      const [path] = node.arguments;
      if (path !== undefined && ts.isStringLiteralLike(path)) found.push(`${node.expression.name.text.toLowerCase()} ${path.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(body);
  return found;
}

// ---------------------------------------------------------------------------------------------
// The samples.

interface Request {
  method: string;
  path: string;
  /** The path with its parameters' examples in. */
  url: string;
  pathParams: Map<string, string>;
  query: [string, unknown][];
  headers: [string, string][];
  body: unknown;
  secretKey: boolean;
  streams: boolean;
}

function sampleOperations(document: Node, sdk: Map<string, SdkMethod>, problems: string[]): SampledOperation[] {
  const origin = ((document['servers'] as Node[] | undefined)?.[0]?.['url'] as string | undefined)?.replace(/\/+$/, '');
  if (origin === undefined) throw new Error('openapi.yaml has no servers[0].url, the address the code samples call');
  const requests: { operationId: string; op: Node; request: Request }[] = [];
  for (const [path, item] of Object.entries((document['paths'] ?? {}) as Record<string, Node>)) {
    for (const method of METHODS) {
      const op = item[method] as Node | undefined;
      if (op === undefined || op['x-internal'] === true) continue;
      const operationId = String(op['operationId']);
      const request = requestOf(document, path, method, item, op, (problem) => problems.push(`${operationId} (${method.toUpperCase()} ${path}): ${problem}`));
      requests.push({ operationId, op, request });
    }
  }
  // A key sent to one operation is refused on another, so operations that share the contract's
  // example key (one shared parameter) each get their own: someone trying the samples one after
  // another must not be refused.
  const keyOf = ({ request }: (typeof requests)[number]) => request.headers.find(([name]) => name === 'Idempotency-Key');
  const keyUses = new Map<string, number>();
  for (const entry of requests) {
    const key = keyOf(entry);
    if (key !== undefined) keyUses.set(key[1], (keyUses.get(key[1]) ?? 0) + 1);
  }
  for (const entry of requests) {
    const key = keyOf(entry);
    if (key !== undefined && keyUses.get(key[1])! > 1) key[1] = `${entry.operationId.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}-${key[1]}`;
  }
  return requests.map(({ operationId, op, request }) => {
    const sdkMethod = sdk.get(`${request.method} ${request.path}`);
    const samples: CodeSample[] = [{ ...CURL, source: curl(origin, request) }];
    if (sdkMethod !== undefined) samples.push({ ...NODE_SDK, source: sdkCall(origin, document, op, request, sdkMethod) });
    return { operationId, method: request.method, path: request.path, samples, wantsSdk: request.secretKey, sdk: sdkMethod };
  });
}

function resolve(document: Node, node: unknown): Node {
  let at = node as Node;
  for (let hops = 0; typeof at?.['$ref'] === 'string' && hops < 10; hops++) {
    at = (at['$ref'] as string)
      .replace(/^#\//, '')
      .split('/')
      .reduce<Node>((parent, part) => parent?.[part.replace(/~1/g, '/').replace(/~0/g, '~')] as Node, document);
  }
  return at;
}

/** A parameter's or a media type's example: `example`, else the first of `examples`, else its schema's. */
function exampleOf(document: Node, node: Node): { value: unknown } | undefined {
  if ('example' in node) return { value: node['example'] };
  const examples = node['examples'] as Record<string, unknown> | undefined;
  const first = examples === undefined ? undefined : Object.values(examples)[0];
  if (first !== undefined) return { value: resolve(document, first)['value'] };
  const schema = node['schema'] === undefined ? undefined : resolve(document, node['schema']);
  if (schema !== undefined && 'example' in schema) return { value: schema['example'] };
  if (schema !== undefined && Array.isArray(schema['examples']) && schema['examples'].length > 0) return { value: schema['examples'][0] };
  return undefined;
}

function requestOf(document: Node, path: string, method: string, item: Node, op: Node, problem: (message: string) => void): Request {
  const parameters = [...((item['parameters'] ?? []) as unknown[]), ...((op['parameters'] ?? []) as unknown[])].map((p) => resolve(document, p));
  const example = (parameter: Node): unknown => {
    const found = exampleOf(document, parameter);
    if (found === undefined) problem(`parameter ${String(parameter['name'])} has no example`);
    return found?.value ?? `<${String(parameter['name'])}>`;
  };
  const pathParams = new Map<string, string>();
  const query: [string, unknown][] = [];
  const headers: [string, string][] = [];
  for (const parameter of parameters) {
    const name = String(parameter['name']);
    const required = parameter['required'] === true;
    if (parameter['in'] === 'path') pathParams.set(name, String(example(parameter)));
    // A list's sample asks for a page of `limit`; its filters and cursors are described beside
    // it, and their example ids would only find nothing.
    else if (parameter['in'] === 'query' && (required || name === 'limit')) query.push([name, example(parameter)]);
    // Idempotency-Key is optional on the wire, but every create should send one.
    else if (parameter['in'] === 'header' && (required || name === 'Idempotency-Key')) headers.push([name, String(example(parameter))]);
  }

  let body: unknown;
  const requestBody = op['requestBody'] === undefined ? undefined : resolve(document, op['requestBody']);
  const json = (requestBody?.['content'] as Record<string, Node> | undefined)?.['application/json'];
  if (json !== undefined) {
    const found = exampleOf(document, json);
    if (found !== undefined) body = found.value;
    else if (requestBody?.['required'] === true) {
      problem('its request body has no example');
      body = {};
    }
  }

  const security = (op['security'] ?? document['security'] ?? []) as Record<string, unknown>[];
  const success = Object.entries((op['responses'] ?? {}) as Record<string, unknown>).find(([status]) => /^2/.test(status));
  const successContent = success === undefined ? {} : ((resolve(document, success[1])['content'] ?? {}) as Record<string, unknown>);
  return {
    method,
    path,
    url: path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(pathParams.get(name) ?? `<${name}>`)),
    pathParams,
    query,
    headers,
    body,
    secretKey: security.some((requirement) => 'secretKey' in requirement),
    streams: 'text/event-stream' in successContent,
  };
}

/** Double-quoted for a POSIX shell, with the secret key's variable left to expand. */
function shellDoubleQuoted(value: string, keepVariable = false): string {
  const escaped = value.replace(/[\\"$`]/g, '\\$&');
  return `"${keepVariable ? escaped.replaceAll(`\\$${SECRET_KEY_VARIABLE}`, `$${SECRET_KEY_VARIABLE}`) : escaped}"`;
}

function curl(origin: string, request: Request): string {
  const query = request.query.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`).join('&');
  const url = `${origin}${request.url}${query === '' ? '' : `?${query}`}`;
  const flags = [
    // -N: print each event as it arrives instead of buffering the stream.
    ...(request.streams ? ['-N'] : []),
    // curl sends GET without a body and POST with one (-d) by itself.
    ...((request.method === 'get' && request.body === undefined) || (request.method === 'post' && request.body !== undefined) ? [] : [`-X ${request.method.toUpperCase()}`]),
  ];
  const lines = [`curl ${[...flags, /^[\w:/.-]+$/.test(url) ? url : shellDoubleQuoted(url)].join(' ')}`];
  if (request.secretKey) lines.push(`-H ${shellDoubleQuoted(`Authorization: Bearer $${SECRET_KEY_VARIABLE}`, true)}`);
  for (const [name, value] of request.headers) lines.push(`-H ${shellDoubleQuoted(`${name}: ${value}`)}`);
  if (request.body !== undefined) {
    lines.push(`-H "Content-Type: application/json"`);
    const json = JSON.stringify(request.body, null, 2).replace(/\n/g, '\n  ');
    lines.push(`-d '${json.replace(/'/g, `'\\''`)}'`);
  }
  return `${lines.join(' \\\n  ')}\n`;
}

function sdkCall(origin: string, document: Node, op: Node, request: Request, method: SdkMethod): string {
  // The arguments as values; `undefined` for one left out.
  const args: unknown[] = [];
  for (const parameter of method.parameters) {
    if (request.pathParams.has(parameter.name)) args.push(request.pathParams.get(parameter.name));
    else if (/Options$/.test(parameter.type)) {
      const key = request.headers.find(([name]) => name === 'Idempotency-Key')?.[1];
      args.push(parameter.type === 'CreateOptions' && key !== undefined ? { idempotencyKey: key } : undefined);
    } else {
      const params = request.body ?? (request.query.length > 0 ? Object.fromEntries(request.query) : undefined);
      args.push(params ?? (parameter.optional ? undefined : {}));
    }
  }
  while (args.length > 0 && args.at(-1) === undefined) args.pop();
  // A generator (an event stream) is read with for await; anything else is awaited once.
  const start = method.iterates ? `for await (const event of nf.${method.resource}.${method.name}(` : `const ${resultName(document, op, method)} = await nf.${method.resource}.${method.name}(`;
  const end = method.iterates ? ')) {\n  console.log(event.type, event.id);\n}' : ');';
  const oneLine = `${start}${args.map((a) => jsLiteral(a)).join(', ')}${end}`;
  let call: string;
  // The reference's sample panel shows about 60 characters before it scrolls.
  if (oneLine.split('\n')[0]!.length <= 80 && !args.map((a) => jsLiteral(a)).join('').includes('\n')) call = oneLine;
  // A lone object argument opens on the call's line; several arguments go one a line.
  else if (args.length === 1 && typeof args[0] === 'object' && args[0] !== null) call = `${start}${jsLiteral(args[0], '', true)}${end}`;
  else call = `${start}\n${args.map((a) => `  ${jsLiteral(a, '  ')},`).join('\n')}\n${end}`;
  return [
    `import { Nairaflow } from '@nairaflow/sdk';`,
    '',
    `const nf = new Nairaflow(process.env.${SECRET_KEY_VARIABLE} ?? '', {`,
    `  baseUrl: ${jsLiteral(origin)},`,
    '});',
    '',
    call,
    '',
  ].join('\n');
}

/** What the answer is called in the sample: the response schema's name (`refund`), a page for a list. */
function resultName(document: Node, op: Node, method: SdkMethod): string {
  const success = Object.entries((op['responses'] ?? {}) as Record<string, unknown>).find(([status]) => /^2/.test(status));
  const content = success === undefined ? undefined : (resolve(document, success[1])['content'] as Record<string, Node> | undefined);
  const ref = (content?.['application/json']?.['schema'] as Node | undefined)?.['$ref'];
  const schema = typeof ref === 'string' ? ref.split('/').pop()! : undefined;
  if (schema === undefined) return 'result';
  if (schema.endsWith('List')) return method.name === 'list' ? 'page' : method.name;
  const name = schema.replace(/^Created/, '').replace(/(WithSecret|Resource)$/, '');
  return name.charAt(0).toLowerCase() + name.slice(1);
}

/** A JavaScript literal, on one line when it is short (and `multiline` does not ask otherwise). */
function jsLiteral(value: unknown, indent = '', multiline = false): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'string') return `'${JSON.stringify(value).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const inner = `${indent}  `;
  const entries = Array.isArray(value)
    ? value.map((item) => jsLiteral(item, inner))
    : Object.entries(value).map(([key, item]) => `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : jsLiteral(key)}: ${jsLiteral(item, inner)}`);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{ ', ' }'];
  if (entries.length === 0) return Array.isArray(value) ? '[]' : '{}';
  const short = `${open}${entries.join(', ')}${close}`;
  if (!multiline && short.length + indent.length <= 60 && !short.includes('\n')) return short;
  return `${open.trim()}\n${entries.map((e) => `${inner}${e},`).join('\n')}\n${indent}${close.trim()}`;
}

// ---------------------------------------------------------------------------------------------
// openapi.yaml, edited in place: each operation's `x-codeSamples` entry is replaced (or added as
// its last key, or removed), and every other byte of the file stays as it was.

function samplesIn(document: Node): Map<string, CodeSample[]> {
  const found = new Map<string, CodeSample[]>();
  for (const [path, item] of Object.entries((document['paths'] ?? {}) as Record<string, Node>)) {
    for (const method of METHODS) {
      const samples = (item[method] as Node | undefined)?.['x-codeSamples'];
      if (Array.isArray(samples)) found.set(`${method} ${path}`, samples as CodeSample[]);
    }
  }
  return found;
}

export function writeCodeSamples(text: string, wanted: Map<string, CodeSample[]>): string {
  const document = parseDocument(text);
  const paths = document.get('paths', true);
  if (!isMap(paths)) throw new Error('openapi.yaml has no paths');
  const edits: { start: number; end: number; insert: string }[] = [];
  const lineStart = (offset: number) => text.lastIndexOf('\n', offset - 1) + 1;
  const nextLine = (offset: number) => (offset > 0 && text[offset - 1] === '\n' ? offset : text.indexOf('\n', offset) + 1 || text.length);
  for (const item of paths.items as Pair[]) {
    if (!isScalar(item.key) || !isMap(item.value)) continue;
    for (const entry of (item.value as YAMLMap).items as Pair[]) {
      if (!isScalar(entry.key) || !isMap(entry.value) || !(METHODS as readonly string[]).includes(String(entry.key.value))) continue;
      const op = entry.value as YAMLMap;
      const samples = wanted.get(`${String(entry.key.value)} ${String(item.key.value)}`) ?? [];
      const firstKey = (op.items[0] as Pair).key as { range: [number, number, number] };
      const indent = ' '.repeat(firstKey.range[0] - lineStart(firstKey.range[0]));
      const block = samples.length === 0 ? '' : renderSamples(samples, indent);
      const existing = (op.items as Pair[]).find((pair) => isScalar(pair.key) && pair.key.value === 'x-codeSamples');
      if (existing !== undefined) {
        const start = lineStart((existing.key as { range: [number, number, number] }).range[0]);
        const end = nextLine((existing.value as { range: [number, number, number] }).range[1]);
        if (text.slice(start, end) !== block) edits.push({ start, end, insert: block });
      } else if (block !== '') {
        const at = nextLine(op.range![1]);
        edits.push({ start: at, end: at, insert: block });
      }
    }
  }
  let result = text;
  for (const { start, end, insert } of edits.sort((a, b) => b.start - a.start)) result = result.slice(0, start) + insert + result.slice(end);

  // The edit must have changed the samples and nothing else.
  const strip = (node: Node) => {
    for (const item of Object.values((node['paths'] ?? {}) as Record<string, Node>)) for (const method of METHODS) delete (item[method] as Node | undefined)?.['x-codeSamples'];
    return JSON.stringify(node);
  };
  const after = parse(result) as Node;
  const written = samplesIn(after);
  for (const [key, samples] of wanted) {
    if (JSON.stringify(written.get(key) ?? []) !== JSON.stringify(samples)) throw new Error(`writing the code samples of ${key} into openapi.yaml went wrong`);
  }
  if (strip(after) !== strip(parse(text) as Node)) throw new Error('writing the code samples into openapi.yaml changed something else');
  return result;
}

function renderSamples(samples: CodeSample[], indent: string): string {
  const scalar = (value: string) => (/^[A-Za-z][\w .+#-]*$/.test(value) && !/[ ]$/.test(value) ? value : JSON.stringify(value));
  const lines = [`${indent}x-codeSamples:`];
  for (const sample of samples) {
    if (!sample.source.endsWith('\n') || sample.source.endsWith('\n\n') || /^\s/.test(sample.source) || /[ \t]$/m.test(sample.source)) {
      throw new Error(`a ${sample.label} sample must end with one newline, start with no blank and have no trailing blanks`);
    }
    lines.push(`${indent}  - lang: ${scalar(sample.lang)}`, `${indent}    label: ${scalar(sample.label)}`, `${indent}    source: |`);
    for (const line of sample.source.slice(0, -1).split('\n')) lines.push(line === '' ? '' : `${indent}      ${line}`);
  }
  return `${lines.join('\n')}\n`;
}
