import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import type { RequestHandler, Response } from 'express';

// Our pages load nothing but their own scripts and stylesheets and talk to nothing but this
// origin's API; a merchant's logo is the one outside resource (any https: image). The one inline
// script a page may have is its import map, allowed by its hash alone (see contentSecurityPolicy).
const POLICY = {
  'default-src': "'none'",
  'script-src': "'self'",
  'style-src': "'self'",
  'img-src': "'self' https: data:",
  'connect-src': "'self'",
  'form-action': "'none'",
  'frame-ancestors': "'none'",
  'base-uri': "'none'",
};

/** The page's CSP; `scriptHashes` ('sha256-…') allow exactly those inline scripts and no other. */
export function contentSecurityPolicy(scriptHashes: readonly string[] = []): string {
  const scripts = [POLICY['script-src'], ...scriptHashes.map((hash) => `'${hash}'`)].join(' ');
  return Object.entries({ ...POLICY, 'script-src': scripts })
    .map(([directive, sources]) => `${directive} ${sources}`)
    .join('; ');
}

const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  // The payment sheet's URL holds the client secret, and a cached page could outlive a deploy's
  // new asset hashes: neither may sit in a cache.
  'Cache-Control': 'no-store',
  // Nothing of our URLs (a client secret, a payment id) may leave in a Referer.
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  // For browsers that predate frame-ancestors: a page that pays, refunds or rolls keys must never
  // be framed (clickjacking).
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
};

// The HTML names each asset with a hash of its content, so a year of caching can never serve a
// stale script next to a new page.
const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
};

/** Where a page's HTML asks for its import map: replaced by a <script type="importmap">. */
const IMPORT_MAP_SLOT = /^( *)<!-- import map: [^>]*-->$/m;

interface Asset {
  body: string;
  type: string;
  version: string;
}

/** A page ready to send: its HTML and the CSP that lets exactly its scripts run. */
export interface StaticPage {
  html: string;
  contentSecurityPolicy: string;
}

export const readPage = (url: URL): string => readFileSync(url, 'utf8');

const sha256 = (text: string, encoding: 'hex' | 'base64') => createHash('sha256').update(text).digest(encoding);

/**
 * Every asset under `folders` of `root`, named by its path from `root` ("shared/money.js",
 * "dashboard/pages/payments.js"), so that the URLs mirror the source tree and a module's relative
 * import is the URL the browser asks for. Only files of a type we serve are listed.
 */
export function assetFiles(root: URL, folders: readonly string[]): Record<string, URL> {
  const files: Record<string, URL> = {};
  for (const folder of folders) {
    const names = readdirSync(new URL(`${folder}/`, root), { recursive: true, encoding: 'utf8' }).sort();
    for (const name of names) {
      const path = `${folder}/${name.split('\\').join('/')}`;
      if (TYPES[extension(path)] !== undefined) files[path] = new URL(path, root);
    }
  }
  return files;
}

const extension = (name: string) => name.slice(name.lastIndexOf('.') + 1);

/**
 * A static page's assets, served from `prefix` (`/pay/assets/`) with immutable caching. `files`
 * maps each served name (a path below `prefix`) to its file; nothing else is ever served.
 * `versioned` rewrites a page's references to them with the content hash (`?v=`); `page` does that
 * too, and writes the page's import map, which gives every module its versioned URL.
 */
export function pageAssets(prefix: string, files: Record<string, URL>) {
  const assets = new Map<string, Asset>();
  for (const [name, url] of Object.entries(files)) {
    const body = readPage(url);
    const type = TYPES[extension(name)];
    if (type === undefined) throw new Error(`no content type for asset ${name}`);
    assets.set(name, { body, type, version: sha256(body, 'hex').slice(0, 12) });
  }
  const versionedUrl = (name: string) => `${prefix}${name}?v=${assets.get(name)!.version}`;
  const escaped = prefix.replace(/[.*+?^$()|[\]\\/]/g, '\\$&');
  const reference = new RegExp(`${escaped}([\\w./-]+)`, 'g');
  const versioned = (html: string): string =>
    html.replace(reference, (path, name: string) => (assets.has(name) ? versionedUrl(name) : path));

  const modules = () => [...assets.keys()].filter((name) => extension(name) === 'js');

  /**
   * The import map: each module's plain URL (what a relative import resolves to) -> its versioned
   * URL. Modules import each other by relative path, so a changed module changes only this map
   * (in the uncached page), never the text of the modules that import it.
   */
  const importMap = () => {
    const imports: Record<string, string> = {};
    for (const name of modules()) imports[`${prefix}${name}`] = versionedUrl(name);
    return JSON.stringify({ imports }, null, 2);
  };

  return {
    versioned,
    page(html: string): StaticPage {
      const slot = IMPORT_MAP_SLOT.exec(html);
      if (slot === null) {
        if (/<script\b/i.test(html)) throw new Error(`a page with scripts under ${prefix} has no <!-- import map: ... --> line`);
        return { html: versioned(html), contentSecurityPolicy: contentSecurityPolicy() };
      }
      const indent = slot[1]!;
      const map = importMap().replace(/\n/g, `\n${indent}`);
      const script = `<script type="importmap">${map}</script>`;
      // Fetched at once, not one import at a time as the browser discovers them (a round trip per
      // level of imports on a slow phone).
      const preloads = modules().map((name) => `\n${indent}<link rel="modulepreload" href="${versionedUrl(name)}">`);
      return {
        html: versioned(html).replace(IMPORT_MAP_SLOT, () => `${indent}${script}${preloads.join('')}`),
        // The hash is of the script's text exactly as the browser reads it, indentation and all.
        contentSecurityPolicy: contentSecurityPolicy([`sha256-${sha256(map, 'base64')}`]),
      };
    },
    /** For `${prefix}*path`: a name in `files`, or on to the next route (a 404). Nothing is looked up on disk. */
    serve: ((req, res, next) => {
      const name = `${req.baseUrl}${req.path}`.slice(prefix.length);
      const found = assets.get(name);
      if (found === undefined) return next();
      res.set({ 'Content-Type': found.type, 'Cache-Control': ASSET_CACHE_CONTROL, 'X-Content-Type-Options': 'nosniff' }).send(found.body);
    }) as RequestHandler,
  };
}

export function sendPage(res: Response, status: number, page: StaticPage): void {
  res.status(status).set(PAGE_HEADERS).set('Content-Security-Policy', page.contentSecurityPolicy).send(page.html);
}
