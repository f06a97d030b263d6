// The SDK package's paths and a build of its dist/ (and the verifier's, which it imports) for
// the tests that exercise what gets published.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt as ensureVerifierBuilt } from '../../webhook-verifier/support/package.ts';

export const root = fileURLToPath(new URL('../../../', import.meta.url));
export const packageDir = join(root, 'sdk');
export const distDir = join(packageDir, 'dist');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) newest = Math.max(newest, statSync(join(dir, entry)).mtimeMs);
  return newest;
}

/**
 * Builds the verifier's dist/ and then the SDK's with the repository's tsc when missing or older
 * than the sources (CI runs `npm ci` then the tests, with no build step). tsc directly, not
 * `npm run build`, which empties dist/ first: another test run may be reading it.
 */
export function ensureBuilt(): void {
  ensureVerifierBuilt();
  const entry = join(distDir, 'index.js');
  const sources = Math.max(newestMtime(join(packageDir, 'src')), statSync(join(packageDir, 'tsconfig.build.json')).mtimeMs);
  if (existsSync(entry) && statSync(entry).mtimeMs >= sources) return;
  execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(packageDir, 'tsconfig.build.json')], {
    cwd: packageDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}
