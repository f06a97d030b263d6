// What the browser tests check of our static pages' HTML: the import map a page carries and the
// CSP that lets exactly that inline script run.
import { createHash } from 'node:crypto';
import { PAGE_CSP } from '../support/browser.ts';

const IMPORT_MAP = /<script type="importmap">([\s\S]*?)<\/script>/;

/** The page's import map: its exact text (what the CSP hashes) and its `imports`. */
export function importMapOf(html: string): { text: string; imports: Record<string, string> } {
  const found = IMPORT_MAP.exec(html);
  if (found === null) throw new Error('the page has no <script type="importmap">');
  const text = found[1]!;
  return { text, imports: (JSON.parse(text) as { imports: Record<string, string> }).imports };
}

/** The page's HTML without its import map: what is left must hold no inline script. */
export const withoutImportMap = (html: string): string => html.replace(IMPORT_MAP, '');

/** The CSP of a page with an import map: PAGE_CSP, with the map's hash the one inline script allowed. */
export function cspWithImportMap(html: string): string {
  const hash = createHash('sha256').update(importMapOf(html).text).digest('base64');
  return PAGE_CSP.replace("script-src 'self'", `script-src 'self' 'sha256-${hash}'`);
}
