// The SDK package's paths and a build of its dist/ (and the verifier's, which it imports) for
// the tests that exercise what gets published.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt as ensureVerifierBuilt } from '../../webhook-verifier/support/package.ts';
import { ensurePackageBuilt } from '../../support/packages.ts';

export const root = fileURLToPath(new URL('../../../', import.meta.url));
export const packageDir = join(root, 'sdk');
export const distDir = join(packageDir, 'dist');

/** Builds the verifier's dist/ (the SDK imports it) and then the SDK's, when missing or stale. */
export function ensureBuilt(): void {
  ensureVerifierBuilt();
  ensurePackageBuilt(packageDir);
}
