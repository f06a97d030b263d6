import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const CONTRACT_PATH = fileURLToPath(new URL('../../../openapi.yaml', import.meta.url));
const REFERENCE_PATH = fileURLToPath(new URL('../generated/api-reference.html', import.meta.url));

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
type Method = (typeof METHODS)[number];

export interface ContractOperation {
  operationId: string;
  method: Method;
  path: string;
  expressPath: string;
  /** Whether the operation needs credentials (its own `security`, else the document's). */
  secured: boolean;
  /** The security schemes that can authenticate it: `secretKey`, `dashboardSession`. */
  schemes: ReadonlySet<string>;
  /** Matches the operation's paths; its groups are the path parameters, in `paramNames` order (still percent-encoded). */
  pattern: RegExp;
  paramNames: string[];
  /** Whether the operation has a request body (optional or required); one that has none refuses any. */
  takesBody: boolean;
  /** Whether its request body is required. */
  requiresBody: boolean;
  /** Its query parameters whose values are integers (`limit`): written as whole numbers or refused. */
  integerQuery: string[];
}

export interface Contract {
  text: string;
  document: Record<string, unknown>;
  operations: ContractOperation[];
  match(method: string, path: string): ContractOperation | undefined;
  /**
   * The methods (upper case) the contract's paths matching `path` accept, HEAD wherever GET is;
   * none for an unknown path.
   */
  methodsFor(path: string): string[];
  referenceHtml(): string;
}

interface OperationObject {
  operationId?: string;
  security?: Record<string, string[]>[];
  requestBody?: unknown;
  parameters?: Schema[];
}

type Schema = Record<string, unknown>;

/** Follows `$ref`s (`#/components/...`) within the document. */
export function resolveRef(document: Schema, node: Schema): Schema {
  let at = node;
  for (let hops = 0; typeof at['$ref'] === 'string' && hops < 10; hops++) {
    const pointer = (at['$ref'] as string).replace(/^#\//, '').split('/');
    at = pointer.reduce<Schema>((parent, part) => parent[part.replace(/~1/g, '/').replace(/~0/g, '~')] as Schema, document);
  }
  return at;
}


let cached: Contract | undefined;

/** openapi.yaml, read once: the operations the server routes and the document the validator enforces. */
export function loadContract(): Contract {
  if (cached !== undefined) return cached;
  const text = readFileSync(CONTRACT_PATH, 'utf8');
  const document = parse(text) as {
    security?: Record<string, string[]>[];
    paths: Record<string, Partial<Record<Method, OperationObject>> & { parameters?: Schema[] }>;
  };
  const resolved = (node: Schema) => resolveRef(document as unknown as Schema, node);
  const operations: ContractOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (op === undefined) continue;
      if (op.operationId === undefined) throw new Error(`openapi.yaml: ${method.toUpperCase()} ${path} has no operationId`);
      const security = op.security ?? document.security ?? [];
      const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '([^/]+)');
      operations.push({
        operationId: op.operationId,
        method,
        path,
        expressPath: path.replace(/\{([^}]+)\}/g, ':$1'),
        secured: security.some((requirement) => Object.keys(requirement).length > 0),
        schemes: new Set(security.flatMap((requirement) => Object.keys(requirement))),
        pattern: new RegExp(`^${source}/?$`),
        paramNames: [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!),
        takesBody: op.requestBody !== undefined,
        requiresBody: op.requestBody !== undefined && resolved(op.requestBody as Schema)['required'] === true,
        integerQuery: [...(item.parameters ?? []), ...(op.parameters ?? [])]
          .map(resolved)
          .filter((parameter) => parameter['in'] === 'query' && resolved((parameter['schema'] ?? {}) as Schema)['type'] === 'integer')
          .map((parameter) => parameter['name'] as string),
      });
    }
  }
  // Matched on every request: by method, then a path without parameters by lookup (with or without
  // its trailing slash, as the patterns allow), then the few with parameters by pattern.
  const byMethod = new Map<string, { exact: Map<string, ContractOperation>; patterned: ContractOperation[] }>();
  for (const o of operations) {
    const method = o.method.toUpperCase();
    let entry = byMethod.get(method);
    if (entry === undefined) byMethod.set(method, (entry = { exact: new Map(), patterned: [] }));
    if (o.paramNames.length === 0) entry.exact.set(o.path, o);
    else entry.patterned.push(o);
  }
  let referenceHtml: string | undefined;
  cached = {
    text,
    document: document as unknown as Record<string, unknown>,
    operations,
    // HEAD is answered as GET is, without the body.
    match: (method, requestPath) => {
      const candidates = byMethod.get(method === 'HEAD' ? 'GET' : method);
      if (candidates === undefined) return undefined;
      const exact = candidates.exact.get(requestPath) ?? (requestPath.endsWith('/') ? candidates.exact.get(requestPath.slice(0, -1)) : undefined);
      return exact ?? candidates.patterned.find((o) => o.pattern.test(requestPath));
    },
    methodsFor: (requestPath) => {
      const methods = new Set(operations.filter((o) => o.pattern.test(requestPath)).map((o) => o.method.toUpperCase()));
      if (methods.has('GET')) methods.add('HEAD');
      return [...methods].sort();
    },
    referenceHtml: () => (referenceHtml ??= readFileSync(REFERENCE_PATH, 'utf8')),
  };
  return cached;
}
