// The packages as the tests that exercise what gets published need them: a package's dist/ built,
// or both packed (`npm run pack`) and installed into a merchant's project of its own.
import { expect } from 'chai';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
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

/** The tarballs `npm run pack` writes, the verifier's first (the SDK depends on it). */
export const TARBALLS = ['nairaflow-webhook-verifier-0.1.0.tgz', 'nairaflow-sdk-0.1.0.tgz'];

/** A shell's environment, without what `npm test` exported for this repository (its prefix, its config). */
export function merchantEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(npm_|INIT_CWD$)/i.test(name)));
}

/** Runs a command as a merchant's shell would (merchantEnvironment), and expects it to succeed. */
export function runInShell(command: string, args: string[], cwd: string, timeout = 60_000): SpawnSyncReturns<string> {
  const result = spawnSync(command, args, { cwd, env: merchantEnvironment(), encoding: 'utf8', timeout });
  expect(result.status, `${command} ${args.join(' ')}\n${result.stdout.slice(-3000)}\n${result.stderr.slice(-3000)}`).to.equal(0);
  return result;
}

let packed = false;

/** `npm run pack`, once per test run: the two tarballs in dist-packages/, as the README has a merchant make them. */
export function packPackages(): string[] {
  if (!packed) {
    runInShell('npm', ['run', 'pack'], root, 180_000);
    packed = true;
  }
  return TARBALLS.map((tarball) => join(root, 'dist-packages', tarball));
}

/**
 * A merchant's project of its own, outside this repository, with the two packages installed from
 * their tarballs in one `npm install` (as the README says), and `packages` from the registry beside
 * them. `init: 'npm'` makes its package.json with `npm init -y` (a CommonJS project), and
 * `type: 'module'` then turns it into an ES module one. `install`, a shell command (a README's),
 * installs the two tarballs instead, and `packages` follow in an `npm install` of their own. The
 * caller removes `dir`'s parent.
 */
export function merchantProject(options: { packages?: string[]; init?: 'npm'; type?: 'module'; install?: string } = {}): { dir: string; remove(): void } {
  const tarballs = packPackages();
  const parent = mkdtempSync(join(tmpdir(), 'nf-merchant-'));
  // npm init names the project after its folder, which must make a valid package name.
  const dir = join(parent, 'shop');
  mkdirSync(dir);
  if (options.init === 'npm') runInShell('npm', ['init', '-y'], dir);
  else writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'merchant', version: '1.0.0', private: true }, null, 2));
  if (options.type === 'module') runInShell('npm', ['pkg', 'set', 'type=module'], dir);
  // As a merchant given the two files would: copy them into the project, install both at once.
  for (const tarball of tarballs) copyFileSync(tarball, join(dir, basename(tarball)));
  if (options.install === undefined) {
    runInShell('npm', ['install', '--no-audit', '--no-fund', ...TARBALLS.map((t) => `./${t}`), ...(options.packages ?? [])], dir, 180_000);
  } else {
    runInShell('bash', ['-c', options.install], dir, 180_000);
    if (options.packages !== undefined) runInShell('npm', ['install', '--no-audit', '--no-fund', ...options.packages], dir, 180_000);
  }
  return { dir, remove: () => rmSync(parent, { recursive: true, force: true }) };
}
