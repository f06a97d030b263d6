import { Router } from 'express';
import { pageAssets, readPage, sendPage } from './static-page.ts';

const file = (path: string): URL => new URL(path, import.meta.url);

/**
 * The merchant dashboard at /dashboard: one static page whose script routes by the URL's fragment
 * and calls the API with the session cookie. /dashboard/api/* belongs to the session operations and
 * is left to them.
 */
export function dashboardRouter(): Router {
  const assets = pageAssets('/dashboard/assets/', {
    'dashboard.js': file('./dashboard/dashboard.js'),
    'base.css': file('./shared/base.css'),
    'dashboard.css': file('./dashboard/dashboard.css'),
    'favicon.svg': file('./shared/favicon.svg'),
  });
  const html = assets.versioned(readPage(file('./dashboard/dashboard.html')));

  const router = Router({ caseSensitive: true, strict: false });
  router.get('/dashboard/assets/:name', assets.serve);
  router.get('/dashboard', (_req, res) => sendPage(res, 200, html));
  router.get('/dashboard/*rest', (req, res, next) => {
    const [first] = req.params.rest;
    // The session operations' paths, and unknown assets (a 404, not a page that cannot run as a script).
    if (first === 'api' || first === 'assets') return next();
    sendPage(res, 200, html);
  });
  return router;
}
