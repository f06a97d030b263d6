import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { RequestHandler, Response } from 'express';

// Our pages load nothing but their own scripts and stylesheets and talk to nothing but this
// origin's API; a merchant's logo is the one outside resource (any https: image).
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' https: data:",
  "connect-src 'self'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  // The payment sheet's URL holds the client secret, and a cached page could outlive a deploy's
  // new asset hashes: neither may sit in a cache.
  'Cache-Control': 'no-store',
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
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

interface Asset {
  body: string;
  type: string;
  version: string;
}

export const readPage = (url: URL): string => readFileSync(url, 'utf8');

/**
 * A static page's assets, served from `prefix` (`/pay/assets/`) with immutable caching. `files`
 * maps each served name to its file; `versioned` rewrites a page's references to them with the
 * content hash (`?v=`).
 */
export function pageAssets(prefix: string, files: Record<string, URL>) {
  const assets = new Map<string, Asset>();
  for (const [name, url] of Object.entries(files)) {
    const body = readPage(url);
    const type = TYPES[name.slice(name.lastIndexOf('.') + 1)];
    if (type === undefined) throw new Error(`no content type for asset ${name}`);
    assets.set(name, { body, type, version: createHash('sha256').update(body).digest('hex').slice(0, 12) });
  }
  const escaped = prefix.replace(/[.*+?^$()|[\]\\/]/g, '\\$&');
  const reference = new RegExp(`${escaped}([\\w.-]+)`, 'g');
  return {
    versioned: (html: string): string =>
      html.replace(reference, (path, name: string) => (assets.has(name) ? `${path}?v=${assets.get(name)!.version}` : path)),
    /** For `${prefix}:name`; an unknown name goes on to the next route. */
    serve: ((req, res, next) => {
      const found = assets.get(req.params.name!);
      if (found === undefined) return next();
      res.set({ 'Content-Type': found.type, 'Cache-Control': ASSET_CACHE_CONTROL, 'X-Content-Type-Options': 'nosniff' }).send(found.body);
    }) as RequestHandler<{ name: string }>,
  };
}

export function sendPage(res: Response, status: number, html: string): void {
  res.status(status).set(PAGE_HEADERS).send(html);
}
