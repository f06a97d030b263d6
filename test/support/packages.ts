// Builds a publishable package's dist/ for the tests that exercise what gets published.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) newest = Math.max(newest, statSync(join(dir, entry)).mtimeMs);
  return newest;
}

/**
 * Builds `packageDir`'s dist/ with the repository's tsc when it is missing or older than its
 * sources. tsc directly, not `npm run build`, which empties dist/ first: another test run may be
 * reading it.
 */
export function ensurePackageBuilt(packageDir: string): void {
  const entry = join(packageDir, 'dist', 'index.js');
  const sources = Math.max(newestMtime(join(packageDir, 'src')), statSync(join(packageDir, 'tsconfig.build.json')).mtimeMs);
  if (existsSync(entry) && statSync(entry).mtimeMs >= sources) return;
  execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(packageDir, 'tsconfig.build.json')], {
    cwd: packageDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}
