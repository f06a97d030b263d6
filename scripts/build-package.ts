// Builds a publishable package (sdk/, webhook-verifier/): ESM in dist/ (tsconfig.build.json) and
// CommonJS in dist/cjs/ (tsconfig.cjs.json), each with its .d.ts files.
//
//   node ../scripts/build-package.ts      from a package's directory (its `npm run build`)
//
// dist/ is rebuilt in place, not emptied first: another test run or a running example may be
// reading it, so files are overwritten and only those this build did not write are removed.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsc = join(root, 'node_modules/typescript/bin/tsc');

export const BUILD_CONFIGS = ['tsconfig.build.json', 'tsconfig.cjs.json'];

/** Builds `packageDir`'s dist/; returns the files it wrote. */
export function buildPackage(packageDir: string): string[] {
  const dist = resolve(packageDir, 'dist');
  const written = new Set<string>();
  for (const config of BUILD_CONFIGS) {
    let out: string;
    try {
      out = execFileSync(process.execPath, [tsc, '-p', join(packageDir, config), '--listEmittedFiles'], { cwd: packageDir, encoding: 'utf8' });
    } catch (error) {
      // tsc writes its errors to stdout.
      const failed = error as { stdout?: string; stderr?: string };
      const errors = `${failed.stdout ?? ''}${failed.stderr ?? ''}`.split('\n').filter((line) => !line.startsWith('TSFILE: '));
      throw new Error(`tsc -p ${config} failed in ${packageDir}:\n${errors.join('\n')}`);
    }
    for (const line of out.split('\n')) if (line.startsWith('TSFILE: ')) written.add(resolve(line.slice('TSFILE: '.length).trim()));
  }
  // Node reads dist/cjs/*.js as CommonJS only when the nearest package.json says so; the
  // package's own says "module".
  const marker = join(dist, 'cjs', 'package.json');
  writeFileSync(marker, '{ "type": "commonjs" }\n');
  written.add(marker);
  for (const file of written) if (file.endsWith('.d.ts')) rewriteDeclarationImports(file);
  removeStale(dist, written);
  return [...written].sort();
}

/**
 * tsc rewrites `./x.ts` to `./x.js` in the JavaScript it emits but not in .d.ts files, and a
 * TypeScript older than 5.7 reading them cannot follow an import that ends in `.ts`.
 */
function rewriteDeclarationImports(file: string): void {
  const text = readFileSync(file, 'utf8');
  const rewritten = text.replace(/((?:from|import)\s*\(?\s*['"])(\.{1,2}\/[^'"]*?)\.ts(['"])/g, '$1$2.js$3');
  if (rewritten !== text) writeFileSync(file, rewritten);
}

/** Deletes what an earlier build left in `dir` that this one did not write (a renamed source's output). */
function removeStale(dir: string, keep: Set<string>): void {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      removeStale(path, keep);
      if (readdirSync(path).length === 0) rmdirSync(path);
    } else if (!keep.has(path)) {
      rmSync(path, { force: true });
    }
  }
}

if (import.meta.main) {
  const files = buildPackage(process.cwd());
  console.log(`built ${files.length} files in ${join(process.cwd(), 'dist')}`);
}
