// Which user runs the embedded PostgreSQL, and where its binaries and its cluster live.
//
// PostgreSQL refuses to run as root, so as root initdb and postgres run as the user "postgres"
// (created when missing). That user has to reach the binaries in node_modules and the cluster in
// .data/, and cannot when the checkout lies under a directory only root may enter: a root user's
// clone in /root, or a `mktemp -d` directory (mode 0700). Then both move to SHARED_DIR: the
// binaries are copied there once per version, and the cluster lives there with the checkout's
// .data/<name> a symlink to it. Everyone else keeps both where they are.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { lstatSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { chmod, cp, lstat, mkdir, readFile, readdir, readlink, realpath, rename, rm, rmdir, symlink } from 'node:fs/promises';
import { arch, platform } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';

/**
 * Root's place for what the user postgres must reach. Under /var/lib rather than a temp directory:
 * it holds clusters, which must outlive reboots and temp-file cleaners.
 */
const SHARED_DIR = '/var/lib/nairaflow-embedded-postgres';
const CLUSTERS_DIR = join(SHARED_DIR, 'clusters');

/** A problem only the user can fix. Its message is one line that says how. */
export class EmbeddedPostgresSetupError extends Error {}

export interface PostgresUser {
  uid: number;
  gid: number;
}

/** The user to run PostgreSQL as when we are root; undefined otherwise (it runs as we do). */
export function postgresUser(): PostgresUser | undefined {
  if (process.getuid?.() !== 0) return undefined;
  if (postgresId('-u') === undefined) {
    try {
      execFileSync('groupadd', ['--force', 'postgres'], { stdio: 'pipe' });
      execFileSync('useradd', ['--system', '--gid', 'postgres', 'postgres'], { stdio: 'pipe' });
    } catch (err) {
      throw new EmbeddedPostgresSetupError(
        `embedded PostgreSQL: as root it must run as a user named postgres, and creating one failed ` +
          `(${firstLine(err)}); create it (useradd --system postgres) or set DATABASE_URL`,
      );
    }
  }
  const uid = postgresId('-u');
  const gid = postgresId('-g');
  if (uid === undefined || gid === undefined) {
    throw new EmbeddedPostgresSetupError('embedded PostgreSQL: the user postgres has no uid or gid (id postgres); set DATABASE_URL');
  }
  return { uid, gid };
}

function postgresId(flag: '-u' | '-g'): number | undefined {
  try {
    const id = Number.parseInt(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }), 10);
    return Number.isInteger(id) ? id : undefined;
  } catch {
    return undefined;
  }
}

/** The directory with PostgreSQL's bin/, lib/ and share/, in a place where `user` can run them. */
export async function binariesDir(user: PostgresUser | undefined): Promise<string> {
  // The package embedded-postgres takes its binaries from; it exports their paths.
  const { postgres } = (await import(platformPackage())) as { postgres: string };
  const installed = dirname(dirname(postgres));
  if (user === undefined || canEnter(postgres, user)) return installed;

  const { version } = JSON.parse(await readFile(join(installed, '../package.json'), 'utf8')) as { version: string };
  const listing = await describeTree(installed);
  const copy = join(await sharedDir(user, postgres), `binaries-${version}-${sha256(listing).slice(0, 12)}`);
  const found = await describeTree(copy).catch(() => undefined);
  if (found === listing) return copy;
  if (found !== undefined) await rm(copy, { recursive: true, force: true }); // damaged, e.g. files deleted

  // Copied beside it and renamed into place: a half-done copy is never used, and two first starts
  // at once do not write into one directory.
  const partial = `${copy}.partial-${process.pid}`;
  await rm(partial, { recursive: true, force: true });
  await cp(installed, partial, { recursive: true, verbatimSymlinks: true });
  try {
    await rename(partial, copy);
  } catch (err) {
    await rm(partial, { recursive: true, force: true });
    // Another start renamed its copy into place first.
    if ((await describeTree(copy).catch(() => undefined)) !== listing) throw err;
  }
  return copy;
}

function platformPackage(): string {
  // embedded-postgres's names for its binary packages.
  const os = platform() === 'win32' ? 'windows' : platform();
  return `@embedded-postgres/${os}-${arch()}`;
}

/** Every entry under `dir` with its mode and size (or link target): what a good copy must match. */
async function describeTree(dir: string): Promise<string> {
  const entries = (await readdir(dir, { recursive: true })).sort();
  const lines = await Promise.all(
    entries.map(async (entry) => {
      const path = join(dir, entry);
      const stat = await lstat(path);
      const content = stat.isSymbolicLink() ? `-> ${await readlink(path)}` : stat.isDirectory() ? 'dir' : String(stat.size);
      return `${entry} ${(stat.mode & 0o7777).toString(8)} ${content}`;
    }),
  );
  return lines.join('\n');
}

/**
 * The directory to keep the cluster of `dataDir` in: `dataDir` itself, unless we are root and the
 * user postgres cannot reach it. Then the cluster lives in SHARED_DIR and `dataDir` becomes a
 * symlink to it, so that `.data/postgres` still shows the cluster (postmaster.pid,
 * nairaflow-password) to people and to openDatabase.
 */
export async function clusterDir(dataDir: string, user: PostgresUser | undefined, onLog: (line: string) => void): Promise<string> {
  if (user === undefined) return dataDir;
  const parent = dirname(dataDir);
  await mkdir(parent, { recursive: true });
  const found = await lstat(dataDir).catch(() => undefined);
  const linkedTo = found?.isSymbolicLink() ? resolve(parent, await readlink(dataDir)) : undefined;
  const ourLink = linkedTo !== undefined && dirname(linkedTo) === CLUSTERS_DIR;

  if (!ourLink) {
    if (canEnter(dirname(await realpath(dataDir).catch(() => dataDir)), user)) return dataDir;
    const emptyDir = found?.isDirectory() && (await readdir(dataDir)).length === 0;
    if (found !== undefined && !emptyDir) {
      const barrier = firstBarrier(dataDir, user);
      throw new EmbeddedPostgresSetupError(
        `embedded PostgreSQL: ${dataDir} holds files, but the user postgres, which runs PostgreSQL for root, ` +
          `cannot enter ${describeDir(barrier)}; let it in (chmod o+x ${barrier}), move ${dataDir} away ` +
          `to start a new cluster, or set DATABASE_URL`,
      );
    }
    if (emptyDir) await rmdir(dataDir); // what a start that failed here before left behind
  }

  await sharedDir(user, dataDir);
  await mkdir(CLUSTERS_DIR, { recursive: true });
  await chmod(CLUSTERS_DIR, 0o755);
  const target = sharedClusterFor(dataDir);
  if (linkedTo === target) return target;
  if (ourLink) {
    // A copy of a checkout (cp -a) still links to its original's cluster, and must not use it.
    onLog(`${dataDir} linked to ${linkedTo}, the cluster of the checkout it was copied or moved from; now to its own, ${target}`);
  }
  // Made beside it and renamed over it: whoever reads dataDir sees the old link or the new one.
  const link = `${dataDir}.link-${process.pid}`;
  await rm(link, { force: true });
  await symlink(target, link);
  await rename(link, dataDir);
  return target;
}

/** Named after the data directory's real path: two checkouts never share a cluster. */
function sharedClusterFor(dataDir: string): string {
  const realDataDir = join(realpathSync(dirname(dataDir)), basename(dataDir));
  return join(CLUSTERS_DIR, `${basename(dataDir)}-${sha256(realDataDir).slice(0, 16)}`);
}

/**
 * Whether `dataDir` links to a cluster in SHARED_DIR that is not its own: a copy of a checkout
 * (cp -a) still links to its original's. startEmbeddedPostgres gives the copy a cluster of its own.
 */
export function linksToAnotherCheckout(dataDir: string): boolean {
  if (!lstatSync(dataDir, { throwIfNoEntry: false })?.isSymbolicLink()) return false;
  const target = resolve(dirname(dataDir), readlinkSync(dataDir));
  return dirname(target) === CLUSTERS_DIR && target !== sharedClusterFor(dataDir);
}

/** SHARED_DIR, made when missing; refused unless only root can have put anything in it. */
async function sharedDir(user: PostgresUser, unreachable: string): Promise<string> {
  try {
    await mkdir(SHARED_DIR);
    await chmod(SHARED_DIR, 0o755); // whatever the umask: the user postgres must get through
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') {
      const barrier = firstBarrier(unreachable, user);
      throw new EmbeddedPostgresSetupError(
        `embedded PostgreSQL: the user postgres, which runs PostgreSQL for root, cannot enter ${describeDir(barrier)}, ` +
          `and ${SHARED_DIR} cannot be made for it (${firstLine(err)}); let it in (chmod o+x ${barrier}) or set DATABASE_URL`,
      );
    }
  }
  const stat = await lstat(SHARED_DIR);
  if (!stat.isDirectory() || stat.uid !== 0 || (stat.mode & 0o022) !== 0 || !canEnter(SHARED_DIR, user)) {
    throw new EmbeddedPostgresSetupError(
      `embedded PostgreSQL: ${SHARED_DIR} must be a directory owned by root, writable by root only and open ` +
        `to the user postgres; fix it (chown root: ${SHARED_DIR} && chmod 755 ${SHARED_DIR}) or remove it`,
    );
  }
  return SHARED_DIR;
}

/** Whether `user` can get to `path` and search (or run) it: every directory on the way must let it through. */
function canEnter(path: string, user: PostgresUser): boolean {
  const test = spawnSync('/bin/sh', ['-c', 'test -x "$1"', 'sh', path], { uid: user.uid, gid: user.gid, cwd: '/', stdio: 'ignore' });
  return test.status === 0;
}

/** The first directory on the way to `path` that `user` cannot enter. */
function firstBarrier(path: string, user: PostgresUser): string {
  let dir = '/';
  for (const part of resolve(path).split('/').filter(Boolean)) {
    if (!canEnter(dir, user)) return dir;
    dir = join(dir, part);
  }
  return dir;
}

function describeDir(dir: string): string {
  try {
    return `${dir} (mode ${(statSync(dir).mode & 0o777).toString(8).padStart(4, '0')})`;
  } catch {
    return dir;
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function firstLine(err: unknown): string {
  const stderr = (err as { stderr?: Buffer | string }).stderr;
  const text = stderr && String(stderr).trim() ? String(stderr) : err instanceof Error ? err.message : String(err);
  return text.trim().split('\n')[0] ?? '';
}
