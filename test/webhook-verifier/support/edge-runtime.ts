// Runs code in a child Node process made to look like an edge runtime to the package: every Node
// built-in module (node:crypto above all) fails to import, and inside the package's own modules
// the Node-only globals Buffer and process do not exist. What is left is what Workers, Deno and
// browsers have too: WebCrypto, fetch's Request/Response, TextEncoder, timers.
import { spawnSync } from 'node:child_process';
import { builtinModules } from 'node:module';
import { root } from './package.ts';

function hooks(packagePaths: readonly string[]): string {
  return `
const builtins = new Set(${JSON.stringify(builtinModules)});
export async function resolve(specifier, context, next) {
  if (specifier.startsWith('node:') || builtins.has(specifier)) {
    throw new Error('edge runtime simulation: ' + specifier + ' is not available');
  }
  return next(specifier, context);
}
// Node's own fetch needs the real globals, so they are hidden from the package's modules only.
export async function load(url, context, next) {
  const loaded = await next(url, context);
  const paths = ${JSON.stringify(packagePaths)};
  if (!paths.some((path) => url.includes(path)) || url.includes('/test/')) return loaded;
  const source = typeof loaded.source === 'string' ? loaded.source : new TextDecoder().decode(loaded.source);
  return { ...loaded, source: 'const Buffer = undefined, process = undefined;' + source };
}`;
}

export interface EdgeOptions {
  /** Where bare specifiers resolve from. Default: the repository. */
  cwd?: string;
  /** Export conditions the runtime adds to Node's (bundlers for workers and browsers add `worker`, `browser`). */
  conditions?: readonly string[];
  /** Modules whose URL contains one of these lose Buffer and process. Default: the verifier's. */
  packagePaths?: readonly string[];
}

/**
 * Evaluates `body` (an ES module body; top-level await allowed) in such a process and returns
 * what it passes to `report(value)`, JSON-decoded.
 */
export function runAsEdge(body: string, options: EdgeOptions = {}): unknown {
  const register = `data:text/javascript,${encodeURIComponent(hooks(options.packagePaths ?? ['/webhook-verifier/']))}`;
  const preload = `import { register } from 'node:module'; register(${JSON.stringify(register)});`;
  const script = `const report = (value) => process.stdout.write('@@' + JSON.stringify(value) + '\\n');\n${body}`;
  const conditions = (options.conditions ?? []).map((condition) => `--conditions=${condition}`);
  const run = spawnSync(process.execPath, ['--no-warnings', ...conditions, '--import', `data:text/javascript,${encodeURIComponent(preload)}`, '--input-type=module', '-e', script], {
    cwd: options.cwd ?? root,
    encoding: 'utf8',
    timeout: 20_000,
  });
  const line = run.stdout.split('\n').find((l) => l.startsWith('@@'));
  if (run.status !== 0 || line === undefined) {
    throw new Error(`edge child failed (exit ${run.status}):\n${run.stdout}\n${run.stderr}`);
  }
  return JSON.parse(line.slice(2));
}
