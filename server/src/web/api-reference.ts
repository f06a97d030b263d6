// The API reference at /docs and the contract at /openapi.yaml, as this server serves them: both
// name the address this server answers on (PUBLIC_BASE_URL, else where it listens), so that every
// curl and SDK sample in them works as pasted. openapi.yaml names `npm start`'s address (its
// servers[0].url) and the reference is built beforehand with a placeholder instead
// (scripts/generate.ts); each is filled in here, once per address.
import { gzipSync } from 'node:zlib';
import { Router } from 'express';
import { pageAssets } from './static-page.ts';

/** What the built reference (server/src/generated/api-reference.html) says wherever this server's address goes. */
export const ADDRESS_PLACEHOLDER = 'https://nairaflow-server-address.invalid';

/** `text` with the origin `from` replaced by `to` wherever it stands whole (not the start of `:30001` or of `.example`). */
export function replaceOrigin(text: string, from: string, to: string): string {
  const whole = new RegExp(`${from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-]|\\.\\w)`, 'g');
  return text.replace(whole, () => to);
}

// Redoc runs from inline scripts and styles (and compiles some of its code with eval), fonts come
// as data: URIs and its search runs in a blob: worker. Images are this origin's (the logos) or data:.
const REFERENCE_CSP =
  "default-src 'none'; script-src 'unsafe-inline' 'unsafe-eval'; style-src 'unsafe-inline'; img-src 'self' data:; font-src data:; worker-src blob:; connect-src 'self'; frame-ancestors 'none'";

const file = (path: string): URL => new URL(path, import.meta.url);

/** What of the loaded contract this serves: its text, its parsed document, the built reference. */
export interface ServedContract {
  text: string;
  document: Record<string, unknown>;
  referenceHtml(): string;
}

export function apiReferenceRouter(contract: ServedContract, publicBaseUrl: () => string): Router {
  const assets = pageAssets('/docs/assets/', {
    'logo.svg': file('./api-reference/logo.svg'),
    // Redoc's own "API docs by" badge, which would otherwise load Redocly's logo from their CDN.
    'redocly.svg': file('./api-reference/redocly.svg'),
    'redocly-mini.svg': file('./api-reference/redocly-mini.svg'),
    'favicon.svg': file('./shared/favicon.svg'),
  });
  const contractAddress = ((contract.document['servers'] as { url?: string }[] | undefined)?.[0]?.url ?? '').replace(/\/+$/, '');
  if (contractAddress === '') throw new Error('openapi.yaml has no servers[0].url');
  // The reference (2.7 MB) is read on the first request for it, and each answer made once per address.
  let reference: ReturnType<typeof placeholderSlots> | undefined;
  let served: { address: string; yaml?: string; html?: string; gzipped?: Buffer } | undefined;
  const forThisServer = () => {
    const address = originOf(publicBaseUrl());
    if (served?.address !== address) served = { address };
    return served;
  };

  const router = Router({ caseSensitive: true, strict: false });
  router.get('/docs/assets/:name', assets.serve);
  router.get('/openapi.yaml', (_req, res) => {
    const answer = forThisServer();
    res.type('application/yaml').send((answer.yaml ??= replaceOrigin(contract.text, contractAddress, answer.address)));
  });
  router.get('/docs', (req, res) => {
    res.set('Content-Security-Policy', REFERENCE_CSP);
    res.set('X-Frame-Options', 'DENY');
    res.set('Vary', 'Accept-Encoding');
    const answer = forThisServer();
    reference ??= placeholderSlots(assets.versioned(contract.referenceHtml()));
    answer.html ??= reference.fill(answer.address);
    res.type('html');
    // The page is most of 3 MB of HTML; compressed (once per address) it is about a quarter of that.
    if (req.acceptsEncodings('gzip') === 'gzip') {
      res.set('Content-Encoding', 'gzip').send((answer.gzipped ??= gzipSync(answer.html)));
    } else {
      res.send(answer.html);
    }
  });
  return router;
}

/** The URL's origin as browsers write it (punycode, no default port); a value no URL parser takes stays as it is, and is escaped like any other. */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/**
 * The reference cut at each placeholder, each cut knowing what it lands in: the markup Redoc
 * rendered beforehand (HTML text and attributes), or the definition its script hydrates from (a
 * JavaScript string). An address is written into each as that context needs, so that a
 * PUBLIC_BASE_URL with a quote or an ampersand in its host can never end a string or an attribute.
 */
function placeholderSlots(html: string): { fill(address: string): string } {
  const parts: string[] = [];
  const inScript: boolean[] = [];
  // As the HTML parser does: a script runs from `<script` to the first `</script`.
  const tokens = new RegExp(`<script\\b|</script|${ADDRESS_PLACEHOLDER.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'gi');
  let script = false;
  let last = 0;
  for (const token of html.matchAll(tokens)) {
    const text = token[0].toLowerCase();
    if (text === '<script') script = true;
    else if (text === '</script') script = false;
    else {
      parts.push(html.slice(last, token.index));
      inScript.push(script);
      last = token.index + token[0].length;
    }
  }
  parts.push(html.slice(last));
  return {
    fill: (address) => {
      const markup = address.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
      // \u escapes mean the same character in a JSON string and in any JavaScript string literal.
      const javascript = address.replace(/[^\w:/.[\]-]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
      return parts.reduce((page, part, i) => page + (i === 0 ? '' : inScript[i - 1] ? javascript : markup) + part, '');
    },
  };
}
