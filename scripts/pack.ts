// npm run pack: builds both packages and writes their tarballs to dist-packages/, the verifier's
// first (the SDK depends on it), then prints the one command that installs them into a project.
// Until the packages are on a registry, the two tarballs are installed together: the SDK's
// dependency on @nairaflow/webhook-verifier is then met by the verifier's tarball, not looked up.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const destination = join(root, 'dist-packages');

mkdirSync(destination, { recursive: true });
// A tarball of an older version left here would be installed beside the new one by the glob in
// the README's command.
for (const file of readdirSync(destination)) if (file.endsWith('.tgz')) rmSync(join(destination, file));

// Each package's prepack builds its dist/ first.
const out = execFileSync('npm', ['pack', '--workspace', 'webhook-verifier', '--workspace', 'sdk', '--pack-destination', destination, '--json'], {
  cwd: root,
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
});
// npm prints the lifecycle scripts' output before the JSON.
const packed = (JSON.parse(out.slice(out.indexOf('\n[') + 1)) as { filename: string }[]).map((p) => join(destination, p.filename));

console.log(`\nwrote ${packed.map((file) => file.slice(root.length)).join(' and ')}`);
console.log(`install both into a project with:\n  npm install ${packed.join(' ')}`);
