// The code samples of the API reference: openapi.yaml's `x-codeSamples` (Redoc's extension), for
// every operation of the merchants' reference (everything not `x-internal`). Each gets a curl
// command and, when it takes the secret key, the same call through @nairaflow/sdk. Both are
// generated, never written by hand: the request from the operation itself (method, path, the
// examples of its parameters and body, its Idempotency-Key), the SDK call from the SDK's own source
// (which method sends that request, and what it takes). `npm run generate` writes them into
// openapi.yaml in place, changing nothing else in the file; `npm run check:generated` fails when
// they differ from what the contract and the SDK say now.
//
// The samples work as pasted, one after another in the order the reference shows them: where the
// contract's example names an object (`pi_...`, `evt_...`), the sample names a shell variable that
// an earlier sample sets from its answer (`$PI`, `$EVT`; SAMPLE_VARIABLES), and a sample whose
// object the samples before it would have used up makes its own first (PRELUDES). Where the
// example is the reader's own (the webhook receiver's URL), the sample reads a variable the reader
// sets first (`$WEBHOOK_URL`), so that pasting the samples points the endpoint at the reader's own
// receiver, never at the example's host.
// An SDK sample is a file of its own, run with `npx tsx sample.ts`: its calls are in an async
// `main()` (no top-level await, so it runs in a CommonJS project as in an ES module one), and it
// prints what each call answered.
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

/** An object a sample passes on to the samples after it, in a shell variable. */
export interface SampleVariable {
  /** The shell variable: `PI` for `$PI`. */
  name: string;
  /**
   * The operation whose curl sample sets it, and where in its answer (a JavaScript property path:
   * `id`, `data[0].id`); none for one the reader sets before pasting the samples.
   */
  setBy?: { operationId: string; field: string };
  /** What it holds, as the setting sample's comment says. */
  holds: string;
  /** The contract's example values it stands for. */
  example: RegExp;
  /** For one the reader sets: what the line asking them to shows as its value. */
  placeholder?: string;
}

export const SAMPLE_VARIABLES: readonly SampleVariable[] = [
  { name: 'PI', setBy: { operationId: 'createPaymentIntent', field: 'id' }, holds: 'its id', example: /^pi_[0-9A-Za-z]{24}$/ },
  { name: 'CLIENT_SECRET', setBy: { operationId: 'createPaymentIntent', field: 'client_secret' }, holds: 'its client secret', example: /^pi_[0-9A-Za-z]{24}_secret_[0-9A-Za-z]{24}$/ },
  { name: 'REFUND', setBy: { operationId: 'createRefund', field: 'id' }, holds: "the refund's id", example: /^re_[0-9A-Za-z]{24}$/ },
  { name: 'PAYOUT', setBy: { operationId: 'createPayout', field: 'id' }, holds: "the payout's id", example: /^po_[0-9a-z]{24}$/ },
  { name: 'EVT', setBy: { operationId: 'listEvents', field: 'data[0].id' }, holds: "the newest event's id", example: /^evt_[0-9A-Za-z]{24}$/ },
  // The samples point the webhook endpoint at the reader's own receiver, never at the example's host.
  { name: 'WEBHOOK_URL', holds: "your webhook receiver's URL", example: /^https:\/\/adire\.example\.com\/webhooks\/nairaflow$/, placeholder: 'https://...' },
];

/** What a sample does first, because the samples before it leave it nothing to act on. */
interface Prelude {
  /** The sample's first line, saying why. */
  why: string;
  /** The operation it calls first, with this body instead of its example (and without an Idempotency-Key). */
  operationId: string;
  body?: unknown;
  /** The object it makes, which the sample then acts on instead of the variable's. */
  makes?: { variable: string; js: string; field: string; instead: string };
  /** Its answer carries something to keep (a new signing secret): the sample shows it, in the SDK's constant of this name. */
  shows?: string;
}

const PRELUDES: Record<string, Prelude> = {
  // Canceling $PI would leave the Checkout samples an intent they cannot pay.
  cancelPaymentIntent: {
    why: 'Creates an intent to cancel, so that $PI stays open for the samples below.',
    operationId: 'createPaymentIntent',
    body: { amount: 250000, currency: 'NGN' },
    makes: { variable: 'CANCEL_PI', js: 'toCancel', field: 'id', instead: 'PI' },
  },
  // "Answer the step the card issuer asked for" above sends a wrong OTP, failing the attempt.
  submitPaymentIntentOtp: {
    why: 'Confirms $PI with the OTP card again ("Answer the step" above failed its attempt with a wrong code).',
    operationId: 'confirmPaymentIntent',
  },
  // "Delete the webhook endpoint" comes before it in the reference, and a secret needs an endpoint.
  // The endpoint it makes starts with a signing secret of its own, which signs beside the rolled one
  // for `expires_in` seconds: shown, like every secret a sample makes, never dropped.
  rollWebhookEndpointSecret: {
    why: 'Sets the endpoint again first ("Delete the webhook endpoint" above removed it), showing its first secret.',
    operationId: 'updateWebhookEndpoint',
    shows: 'created',
  },
};

/** A value the sample takes from a variable: `$PI` in the shell, `process.env.PI` or an object made first in JavaScript. */
class Stand {
  readonly shell: string;
  readonly js: string;
  constructor(shell: string, js: string) {
    this.shell = shell;
    this.js = js;
  }
}

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
  /** Each path parameter's example, or what stands for it. */
  pathParams: Map<string, unknown>;
  query: [string, unknown][];
  headers: [string, string][];
  body: unknown;
  secretKey: boolean;
  streams: boolean;
}

function sampleOperations(document: Node, sdk: Map<string, SdkMethod>, problems: string[]): SampledOperation[] {
  const origin = ((document['servers'] as Node[] | undefined)?.[0]?.['url'] as string | undefined)?.replace(/\/+$/, '');
  if (origin === undefined) throw new Error('openapi.yaml has no servers[0].url, the address the code samples call');
  const requests: { operationId: string; op: Node; request: Request; example: Request }[] = [];
  for (const [path, item] of Object.entries((document['paths'] ?? {}) as Record<string, Node>)) {
    // In the order the contract writes them, which is the reference's.
    for (const method of Object.keys(item).filter((key): key is (typeof METHODS)[number] => (METHODS as readonly string[]).includes(key))) {
      const op = item[method] as Node | undefined;
      if (op === undefined || op['x-internal'] === true) continue;
      const operationId = String(op['operationId']);
      const request = requestOf(document, path, method, item, op, (problem) => problems.push(`${operationId} (${method.toUpperCase()} ${path}): ${problem}`));
      // As the contract has it, before stand-ins replace its examples: what a prelude sends.
      const example = { ...request, pathParams: new Map(request.pathParams), query: [...request.query] };
      requests.push({ operationId, op, request, example });
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
  // Each sample takes the objects it needs from the samples before it in the reference.
  const byId = new Map(requests.map((entry) => [entry.operationId, entry]));
  const summaries = new Map(requests.map(({ operationId, op }) => [operationId, String(op['summary'] ?? operationId)]));
  const position = new Map(referenceOrder(document, requests.map((entry) => ({ operationId: entry.operationId, op: entry.op }))).map((id, i) => [id, i]));
  return requests.map(({ operationId, op, request }) => {
    const say = (problem: string) => problems.push(`${operationId} (${request.method.toUpperCase()} ${request.path}): ${problem}`);
    const prelude = PRELUDES[operationId];
    const first = prelude === undefined ? undefined : byId.get(prelude.operationId);
    if (prelude !== undefined && first === undefined) say(`its prelude calls ${prelude.operationId}, which the reference does not show`);
    const preludeRequest: Request | undefined =
      prelude === undefined || first === undefined
        ? undefined
        : {
            ...first.example,
            pathParams: new Map(first.example.pathParams),
            body: prelude.body ?? first.example.body,
            headers: first.example.headers.filter(([name]) => name !== 'Idempotency-Key'),
          };
    const at = position.get(operationId)!;
    const read = [standIns(request, at, position, prelude, say), preludeRequest === undefined ? [] : standIns(preludeRequest, at, position, undefined, say)].flat();
    const uses = SAMPLE_VARIABLES.filter((v) => read.includes(v));
    const sample: SampleParts = { request, uses, sets: SAMPLE_VARIABLES.filter((v) => v.setBy?.operationId === operationId), prelude, preludeRequest, summaries };
    const sdkMethod = sdk.get(`${request.method} ${request.path}`);
    const samples: CodeSample[] = [{ ...CURL, source: curl(origin, sample) }];
    if (sdkMethod !== undefined) {
      const preludeMethod = preludeRequest === undefined ? undefined : sdk.get(`${preludeRequest.method} ${preludeRequest.path}`);
      if (preludeRequest !== undefined && preludeMethod === undefined) say(`no SDK method sends its prelude (${prelude!.operationId})`);
      samples.push({ ...NODE_SDK, source: sdkCall(origin, document, op, sample, sdkMethod, preludeMethod) });
    }
    return { operationId, method: request.method, path: request.path, samples, wantsSdk: request.secretKey, sdk: sdkMethod };
  });
}

/** What one operation's samples are made of: its request, the variables it reads and sets, and what it does first. */
interface SampleParts {
  request: Request;
  uses: SampleVariable[];
  sets: readonly SampleVariable[];
  prelude: Prelude | undefined;
  preludeRequest: Request | undefined;
  /** Each operation's summary, by operationId: how the samples name each other. */
  summaries: Map<string, string>;
}

/** Operation ids as the reference shows them: by tag, in the contract's order of tags, then of paths and methods. */
export function referenceOrder(document: Node, operations: { operationId: string; op: Node }[]): string[] {
  const tags = ((document['tags'] ?? []) as { name: string }[]).map((tag) => tag.name);
  const tagOf = (op: Node) => ((op['tags'] ?? []) as string[])[0];
  const untagged = operations.filter(({ op }) => !tags.includes(tagOf(op) ?? ''));
  return [...tags.flatMap((tag) => operations.filter(({ op }) => tagOf(op) === tag)), ...untagged].map(({ operationId }) => operationId);
}

/**
 * Puts what stands for each example id into `request` (its path, query and body): the variable an
 * earlier sample (or the reader) sets, or the object the prelude makes. Returns the variables it reads.
 */
function standIns(request: Request, at: number, position: Map<string, number>, prelude: Prelude | undefined, say: (problem: string) => void): SampleVariable[] {
  const uses = new Set<SampleVariable>();
  const standFor = (value: unknown): unknown => {
    if (typeof value !== 'string') return value;
    const variable = SAMPLE_VARIABLES.find((v) => v.example.test(value));
    if (variable === undefined) return value;
    const made = prelude?.makes;
    if (made !== undefined && made.instead === variable.name) return new Stand(`$${made.variable}`, `${made.js}.${made.field}`);
    const setter = variable.setBy === undefined ? -1 : position.get(variable.setBy.operationId);
    if (setter === undefined || setter >= at) {
      say(`its example ${value} stands for $${variable.name}, which no sample before it sets`);
      return value;
    }
    uses.add(variable);
    return new Stand(`$${variable.name}`, `process.env.${variable.name} ?? ''`);
  };
  const deep = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(deep);
    if (value !== null && typeof value === 'object' && !(value instanceof Stand)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deep(v)]));
    return standFor(value);
  };
  for (const [name, value] of request.pathParams) request.pathParams.set(name, standFor(value));
  request.query = request.query.map(([name, value]) => [name, standFor(value)]);
  if (request.body !== undefined) request.body = deep(request.body);
  return SAMPLE_VARIABLES.filter((v) => uses.has(v));
}

/**
 * The comment lines saying where the variables a sample reads come from: the reader's own, which
 * they set first (`First set WEBHOOK_URL to ...: export WEBHOOK_URL=https://...`), and those of
 * earlier samples (`$PI and $CLIENT_SECRET: set by "Create a payment intent" above.`).
 */
function whereFrom(uses: SampleVariable[], summaries: Map<string, string>, by: string): string[] {
  const lines = uses.filter((v) => v.setBy === undefined).map((v) => `First set ${v.name} to ${v.holds}: export ${v.name}=${v.placeholder ?? '...'}`);
  const bySetter = new Map<string, string[]>();
  for (const { name, setBy } of uses) if (setBy !== undefined) bySetter.set(setBy.operationId, [...(bySetter.get(setBy.operationId) ?? []), `$${name}`]);
  const set = [...bySetter].map(([setter, names]) => `${names.join(' and ')}: set by ${by}"${summaries.get(setter) ?? setter}" above`).join('; ');
  return set === '' ? lines : [...lines, `${set}.`];
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
  const pathParams = new Map<string, unknown>();
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
    pathParams,
    query,
    headers,
    body,
    secretKey: security.some((requirement) => 'secretKey' in requirement),
    streams: 'text/event-stream' in successContent,
  };
}

/** Double-quoted for a POSIX shell, with the secret key's variable (and `variables`) left to expand. */
function shellDoubleQuoted(value: string, keepVariable = false, variables: string[] = []): string {
  let escaped = value.replace(/[\\"$`]/g, '\\$&');
  for (const name of [...(keepVariable ? [SECRET_KEY_VARIABLE] : []), ...variables]) escaped = escaped.replace(new RegExp(`\\\\\\$(${name})\\b`, 'g'), '$$$1');
  return `"${escaped}"`;
}

/** The shell variables named in `text` (`$PI`): what a stand-in left there. */
const variablesIn = (text: string) => [...text.matchAll(/\$([A-Z][A-Z_]*)/g)].map((m) => m[1]!);

/** `request`'s URL for the shell: its examples in, `$NAME` where a variable stands for one. */
function shellUrl(origin: string, request: Request): string {
  const piece = (value: unknown) => (value instanceof Stand ? value.shell : encodeURIComponent(String(value)));
  const path = request.path.replace(/\{([^}]+)\}/g, (_m, name: string) => (request.pathParams.has(name) ? piece(request.pathParams.get(name)) : `<${name}>`));
  const query = request.query.map(([name, value]) => `${encodeURIComponent(name)}=${piece(value)}`).join('&');
  const url = `${origin}${path}${query === '' ? '' : `?${query}`}`;
  // Unquoted when only its variables mean anything to the shell.
  return /^[\w:/.-]+$/.test(url.replace(/\$[A-Z][A-Z_]*/g, '')) ? url : shellDoubleQuoted(url, false, variablesIn(url));
}

/**
 * One curl command for `request`, its lines joined with continuations. A body that names a
 * variable goes in a here-document, where the variable expands and the JSON stays readable.
 * `quiet` keeps curl's progress out of an answer a sample keeps in a variable; `discard` drops it.
 */
function curlCommand(origin: string, request: Request, options: { quiet?: boolean; discard?: boolean } = {}): { command: string; heredoc: string | undefined } {
  const flags = [
    ...(options.quiet || options.discard ? ['-s'] : []),
    ...(options.discard ? ['-o /dev/null'] : []),
    // -N: print each event as it arrives instead of buffering the stream.
    ...(request.streams ? ['-N'] : []),
    // curl sends GET without a body and POST with one (-d) by itself.
    ...((request.method === 'get' && request.body === undefined) || (request.method === 'post' && request.body !== undefined) ? [] : [`-X ${request.method.toUpperCase()}`]),
  ];
  const lines = [`curl ${[...flags, shellUrl(origin, request)].join(' ')}`];
  if (request.secretKey) lines.push(`-H ${shellDoubleQuoted(`Authorization: Bearer $${SECRET_KEY_VARIABLE}`, true)}`);
  for (const [name, value] of request.headers) lines.push(`-H ${shellDoubleQuoted(`${name}: ${value}`)}`);
  let heredoc: string | undefined;
  if (request.body !== undefined) {
    lines.push(`-H "Content-Type: application/json"`);
    const stands: Stand[] = [];
    const json = JSON.stringify(request.body, (_key, value: unknown) => (value instanceof Stand ? `@@stand-${stands.push(value) - 1}@@` : value), 2);
    if (stands.length === 0) lines.push(`-d '${json.replace(/\n/g, '\n  ').replace(/'/g, `'\\''`)}'`);
    else {
      // An unquoted here-document expands $, ` and backslashes: the JSON's own are escaped, the variables not.
      heredoc = json.replace(/[\\$`]/g, '\\$&').replace(/@@stand-(\d+)@@/g, (_m, i: string) => stands[Number(i)]!.shell);
      lines.push('-d @- <<EOF');
    }
  }
  return { command: lines.join(' \\\n  '), heredoc };
}

/** `command` with its answer kept in $ANSWER (and not shown). */
function kept(command: { command: string; heredoc: string | undefined }): string[] {
  return command.heredoc === undefined ? [`ANSWER=$(${command.command})`] : [`ANSWER=$(${command.command}`, command.heredoc, 'EOF', ')'];
}

const fromAnswer = (field: string) => `$(node -p 'JSON.parse(process.argv[1]).${field}' "$ANSWER")`;

function curl(origin: string, sample: SampleParts): string {
  const { request, prelude, preludeRequest, sets } = sample;
  const lines = whereFrom(sample.uses, sample.summaries, '').map((line) => `# ${line}`);
  if (prelude !== undefined) lines.push(`# ${prelude.why}`);
  if (sets.length > 0) lines.push(`# Sets ${sets.map((v) => `$${v.name}`).join(' and ')} (${sets.map((v) => v.holds).join(' and ')}), which the samples below use.`);
  if (prelude !== undefined && preludeRequest !== undefined) {
    const first = kept(curlCommand(origin, preludeRequest, { quiet: true }));
    if (prelude.makes !== undefined) lines.push(...first, `${prelude.makes.variable}=${fromAnswer(prelude.makes.field)}`);
    else if (prelude.shows !== undefined) lines.push(...first, 'echo "$ANSWER"');
    else {
      const discarded = curlCommand(origin, preludeRequest, { discard: true });
      lines.push(discarded.command, ...(discarded.heredoc === undefined ? [] : [discarded.heredoc, 'EOF']));
    }
  }
  if (sets.length === 0) {
    const command = curlCommand(origin, request);
    lines.push(command.command, ...(command.heredoc === undefined ? [] : [command.heredoc, 'EOF']));
  } else {
    lines.push(...kept(curlCommand(origin, request, { quiet: true })), 'echo "$ANSWER"', ...sets.map((v) => `export ${v.name}=${fromAnswer(v.setBy!.field)}`));
  }
  return `${lines.join('\n')}\n`;
}

/** The arguments `method` takes for `request`, as values; `undefined` for one left out. */
function sdkArguments(request: Request, method: SdkMethod): unknown[] {
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
  return args;
}

/** `start` + the arguments + `end`, on one line when it fits, else one argument a line. */
function formatCall(start: string, args: unknown[], end: string): string {
  const oneLine = `${start}${args.map((a) => jsLiteral(a)).join(', ')}${end}`;
  // The reference's sample panel shows about 60 characters before it scrolls.
  if (oneLine.split('\n')[0]!.length <= 80 && !args.map((a) => jsLiteral(a)).join('').includes('\n')) return oneLine;
  // A lone object argument opens on the call's line; several arguments go one a line.
  if (args.length === 1 && typeof args[0] === 'object' && args[0] !== null && !(args[0] instanceof Stand)) return `${start}${jsLiteral(args[0], '', true)}${end}`;
  return `${start}\n${args.map((a) => `  ${jsLiteral(a, '  ')},`).join('\n')}\n${end}`;
}

function sdkCall(origin: string, document: Node, op: Node, sample: SampleParts, method: SdkMethod, preludeMethod: SdkMethod | undefined): string {
  const { request, prelude, preludeRequest } = sample;
  const lines = whereFrom(sample.uses, sample.summaries, 'the curl sample of ').map((line) => `// ${line}`);
  if (prelude !== undefined && preludeRequest !== undefined && preludeMethod !== undefined) {
    const call = `nf.${preludeMethod.resource}.${preludeMethod.name}(`;
    const kept = prelude.makes?.js ?? prelude.shows;
    lines.push(`// ${prelude.why}`, formatCall(kept === undefined ? `await ${call}` : `const ${kept} = await ${call}`, sdkArguments(preludeRequest, preludeMethod), ');'));
    if (prelude.shows !== undefined) lines.push(`console.log(${prelude.shows});`);
  }
  const args = sdkArguments(request, method);
  const result = resultName(document, op, method);
  // A generator (an event stream) is read with for await; anything else is awaited once. Either way
  // the sample prints what came back, so that whoever runs it sees it work.
  lines.push(
    ...(method.iterates
      ? [formatCall(`for await (const event of nf.${method.resource}.${method.name}(`, args, ')) {\n  console.log(event.type, event.id);\n}')]
      : [formatCall(`const ${result} = await nf.${method.resource}.${method.name}(`, args, ');'), `console.log(${result});`]),
  );
  const indent = (line: string) => (line === '' ? '' : `  ${line}`);
  // No top-level await: a CommonJS project (`npm init -y`) runs the file as it runs in an ES module one.
  return [
    `import { Nairaflow } from '@nairaflow/sdk';`,
    '',
    `const nf = new Nairaflow(process.env.${SECRET_KEY_VARIABLE} ?? '', {`,
    `  baseUrl: ${jsLiteral(origin)},`,
    '});',
    '',
    'async function main() {',
    ...lines.join('\n').split('\n').map(indent),
    '}',
    '',
    'main().catch((error) => {',
    '  console.error(error);',
    '  process.exitCode = 1;',
    '});',
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
  if (value instanceof Stand) return value.js;
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
