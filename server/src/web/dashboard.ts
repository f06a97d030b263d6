import { Router } from 'express';
import { assetFiles, pageAssets, readPage, sendPage } from './static-page.ts';

const WEB = new URL('./', import.meta.url);

/**
 * The merchant dashboard at /dashboard: one static page whose modules route by the URL's fragment
 * and call the API with the session cookie. /dashboard/api/* belongs to the session operations and
 * is left to them.
 */
export function dashboardRouter(): Router {
  const assets = pageAssets('/dashboard/assets/', assetFiles(WEB, ['dashboard', 'shared']));
  const page = assets.page(readPage(new URL('dashboard/dashboard.html', WEB)));

  const router = Router({ caseSensitive: true, strict: false });
  router.get('/dashboard/assets/*path', assets.serve);
  router.get('/dashboard', (_req, res) => sendPage(res, 200, page));
  router.get('/dashboard/*rest', (req, res, next) => {
    const [first] = req.params.rest;
    // The session operations' paths, and unknown assets (a 404, not a page that cannot run as a script).
    if (first === 'api' || first === 'assets') return next();
    sendPage(res, 200, page);
  });
  return router;
}
