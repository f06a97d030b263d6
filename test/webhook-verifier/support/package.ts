// Paths of the webhook-verifier package, its test vectors, and a build of dist/ for the tests
// that exercise what gets published.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../../', import.meta.url));
export const packageDir = join(root, 'webhook-verifier');
export const distDir = join(packageDir, 'dist');

export interface Vector {
  name: string;
  description: string;
  secrets: string[];
  header: string | null;
  body: string;
  now: number;
  tolerance: number;
  expected: { valid: true; type: string } | { error: string };
}

export const vectors: Vector[] = (JSON.parse(readFileSync(join(packageDir, 'test-vectors.json'), 'utf8')) as { cases: Vector[] }).cases;

export function vector(name: string): Vector {
  const found = vectors.find((v) => v.name === name);
  if (!found) throw new Error(`no test vector named ${name}`);
  return found;
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    newest = Math.max(newest, statSync(join(dir, entry)).mtimeMs);
  }
  return newest;
}

/**
 * Builds dist/ with the repository's tsc when it is missing or older than src/ (CI runs `npm ci`
 * then the tests, with no build step). tsc directly, not `npm run build`, which empties dist/
 * first: another test run may be reading it.
 */
export function ensureBuilt(): void {
  const entry = join(distDir, 'index.js');
  const sources = Math.max(newestMtime(join(packageDir, 'src')), statSync(join(packageDir, 'tsconfig.build.json')).mtimeMs);
  if (existsSync(entry) && statSync(entry).mtimeMs >= sources) return;
  execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(packageDir, 'tsconfig.build.json')], {
    cwd: packageDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}
