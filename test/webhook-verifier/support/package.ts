// Paths of the webhook-verifier package, its test vectors, and a build of dist/ for the tests
// that exercise what gets published.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePackageBuilt } from '../../support/packages.ts';

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

/** Builds dist/ when it is missing or older than src/ (CI runs `npm ci`, then the tests). */
export function ensureBuilt(): void {
  ensurePackageBuilt(packageDir);
}
