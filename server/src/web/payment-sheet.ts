import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Router, type Response } from 'express';
import type { Config } from '../config.ts';

/** `pi_` + 24 base62, then `_secret_` + 24 base62 (see ids.ts). Anything else cannot be a payment link. */
const CLIENT_SECRET = /^pi_[0-9A-Za-z]{24}_secret_[0-9A-Za-z]{24}$/;

// The page loads nothing but its own script and stylesheet and talks to nothing but this origin's
// API; a merchant's logo is the one outside resource (any https: image).
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

const HTML_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  // The page's URL holds the client secret: it must not sit in caches nor leave in a Referer.
  'Cache-Control': 'no-store',
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  // For browsers that predate frame-ancestors: a payment form must never be framed (clickjacking).
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
};

// The HTML names each asset with a hash of its content, so a year of caching can never serve a
// stale script next to a new page.
const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';

interface Asset {
  body: string;
  type: string;
  version: string;
}

const read = (name: string): string => readFileSync(new URL(`./sheet/${name}`, import.meta.url), 'utf8');

function asset(name: string, type: string): Asset {
  const body = read(name);
  return { body, type, version: createHash('sha256').update(body).digest('hex').slice(0, 12) };
}

/** The hosted payment sheet at /pay/{client_secret}: one static page that pays the intent through the public checkout API. */
export function paymentSheetRouter(_deps: { config: Config }): Router {
  const assets: Record<string, Asset> = {
    'sheet.js': asset('sheet.js', 'text/javascript; charset=utf-8'),
    'sheet.css': asset('sheet.css', 'text/css; charset=utf-8'),
    'favicon.svg': asset('favicon.svg', 'image/svg+xml'),
  };
  const withVersions = (html: string): string =>
    html.replace(/\/pay\/assets\/(sheet\.(?:js|css)|favicon\.svg)\b/g, (path, name: string) => `${path}?v=${assets[name]!.version}`);
  const sheetHtml = withVersions(read('sheet.html'));
  const notFoundHtml = withVersions(read('not-found.html'));

  const sendHtml = (res: Response, status: number, html: string): void => {
    res.status(status).set(HTML_HEADERS).send(html);
  };

  const router = Router();
  router.get('/pay/assets/:name', (req, res, next) => {
    const found = Object.hasOwn(assets, req.params.name) ? assets[req.params.name] : undefined;
    if (found === undefined) return next();
    res.set({ 'Content-Type': found.type, 'Cache-Control': ASSET_CACHE_CONTROL, 'X-Content-Type-Options': 'nosniff' }).send(found.body);
  });
  router.get('/pay/:clientSecret', (req, res) => {
    // Only the shape is checked here; the page itself asks the API whether the intent exists.
    if (CLIENT_SECRET.test(req.params.clientSecret)) sendHtml(res, 200, sheetHtml);
    else sendHtml(res, 404, notFoundHtml);
  });
  router.get(['/pay', '/pay/*rest'], (_req, res) => sendHtml(res, 404, notFoundHtml));
  return router;
}
