// What the browser tests share: Debian's chromium through playwright-core, where screenshots go,
// and what every page of ours must look like from outside.
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';

/** Screenshots, kept by CI as artifacts (git-ignored). */
export const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));

/** The Content-Security-Policy every page of ours (payment sheet, dashboard) is served with. */
export const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' https: data:; connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'";

/** An expiry date three years ahead, as the customer types it in the payment sheet (MM/YY). */
export const FUTURE_EXPIRY = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

/** Starts chromium (headless), and makes sure the artifacts folder exists. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: the browser tests drive Debian's chromium (apt-get install chromium; .ci/run installs it)`);
  }
  mkdirSync(ARTIFACTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * What goes wrong in a page of ours as a test drives it: script errors, CSP violations and any
 * other console error. Chrome also logs every 4xx answer ("Failed to load resource: ... status of
 * 404"); those are the API saying no, which the page shows in words, so they are left out.
 */
export function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  return problems;
}
