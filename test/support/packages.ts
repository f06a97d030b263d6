// Builds a publishable package's dist/ for the tests that exercise what gets published.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPackage, BUILD_CONFIGS } from '../../scripts/build-package.ts';

export const root = fileURLToPath(new URL('../../', import.meta.url));

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) newest = Math.max(newest, statSync(join(dir, entry)).mtimeMs);
  return newest;
}

/**
 * Builds `packageDir`'s dist/ (ESM, and CommonJS in dist/cjs/) when it is missing or older than
 * its sources or build configs. The build rewrites dist/ in place, so another test run reading
 * it meanwhile is not left without files.
 */
export function ensurePackageBuilt(packageDir: string): void {
  const entries = [join(packageDir, 'dist', 'index.js'), join(packageDir, 'dist', 'cjs', 'index.js')];
  const configs = BUILD_CONFIGS.map((config) => statSync(join(packageDir, config)).mtimeMs);
  const sources = Math.max(newestMtime(join(packageDir, 'src')), ...configs);
  if (entries.every((entry) => existsSync(entry) && statSync(entry).mtimeMs >= sources)) return;
  buildPackage(packageDir);
}
