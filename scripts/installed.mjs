// `npm start` and `npm test` work as the very first command on a fresh clone:
//   node scripts/installed.mjs SCRIPT [ARGS...]
// When node_modules is missing, or older than package-lock.json (a pull changed the lock), it is
// installed first (`npm ci`), with a line saying so. SCRIPT then runs on the project's own Node
// (node_modules/.bin/node, pinned in package.json), whatever Node started this, with ARGS; its exit
// status is this one's, and a signal sent to this process is passed on to it.
//
// Plain JavaScript on purpose: it runs on whatever Node the machine has (18 or newer), before the
// project's Node 24, which can run the TypeScript sources, is installed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const [script, ...args] = process.argv.slice(2);
if (script === undefined) {
  console.error('usage: node scripts/installed.mjs SCRIPT [ARGS...]');
  process.exit(64);
}

/** Why node_modules must be installed now, or undefined when it is current. */
function staleBecause() {
  // npm writes node_modules/.package-lock.json at the end of every install.
  const installed = join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(installed)) return 'node_modules is not installed';
  if (!existsSync(join(root, 'node_modules', '.bin', 'node'))) return "node_modules has no project Node (node_modules/.bin/node)";
  if (statSync(installed).mtimeMs < statSync(join(root, 'package-lock.json')).mtimeMs) return 'node_modules is older than package-lock.json';
  return undefined;
}

const reason = staleBecause();
if (reason !== undefined) {
  console.error(`nairaflow: ${reason}: installing it first with npm ci (once; about a minute)...`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // npm's own output goes to stderr: a test run's stdout still ends with its one summary line.
  const install = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: ['ignore', 2, 2], shell: process.platform === 'win32' });
  if (install.status !== 0) {
    console.error(`nairaflow: npm ci failed (${install.status ?? install.signal}); see its output above.`);
    process.exit(install.status || 1);
  }
  console.error('nairaflow: installed.');
}

const node = join(root, 'node_modules', '.bin', 'node');
const child = spawn(existsSync(node) ? node : process.execPath, [script, ...args], { stdio: 'inherit' });
const forward = (signal) => () => child.kill(signal);
const handlers = Object.fromEntries(['SIGINT', 'SIGTERM', 'SIGHUP'].map((signal) => [signal, forward(signal)]));
for (const [signal, handler] of Object.entries(handlers)) process.on(signal, handler);
child.on('error', (error) => {
  console.error(`nairaflow: could not run ${script}: ${error.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  if (signal !== null) {
    // Die of the same signal, as a shell would report it.
    for (const [name, handler] of Object.entries(handlers)) process.off(name, handler);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
});
