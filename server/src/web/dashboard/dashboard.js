// Nairaflow merchant dashboard: plain ES modules, served as they are (no framework, no build step).
// This one starts it: the routes, the top bar's controls, and the session it opens with.
// Every piece of data is put on the page as text (textContent, createElement), never as HTML.
import { announce } from '../shared/dom.js';
import { clearFieldError } from '../shared/forms.js';
import { ApiError } from './api.js';
import { els } from './chrome.js';
import { viewApiKeys } from './pages/api-keys.js';
import { viewBalance } from './pages/balance.js';
import { viewEvent } from './pages/event.js';
import { viewHome } from './pages/home.js';
import { viewPayment } from './pages/payment.js';
import { viewPayments } from './pages/payments.js';
import { onSignIn, onSignOut } from './pages/sign-in.js';
import { viewWebhooks } from './pages/webhooks.js';
import { render, routeViews } from './render.js';
import { DEFAULT_SECTION, hrefFor, parseRoute } from './routes.js';
import { fetchSession, showApp, showSignIn } from './session.js';
import { state } from './state.js';

routeViews((route) => {
  const [first, second] = route.rest;
  switch (route.section) {
    case 'home':
      return first === undefined ? viewHome : undefined;
    case 'payments':
      if (first === undefined) return viewPayments;
      if (second === undefined) return viewPayment;
      return undefined;
    case 'balance':
      return first === undefined ? viewBalance : undefined;
    case 'webhooks':
      if (first === undefined) return viewWebhooks;
      if (first === 'events' && second !== undefined && route.rest.length === 2) return viewEvent;
      return undefined;
    case 'api-keys':
      return first === undefined ? viewApiKeys : undefined;
    default:
      return undefined;
  }
});

els.signinForm.addEventListener('submit', (event) => void onSignIn(event));
els.signinEmail.addEventListener('input', () => clearFieldError(els.signinEmail));
els.signinPassword.addEventListener('input', () => clearFieldError(els.signinPassword));
els.signout.addEventListener('click', () => void onSignOut());
els.modeToggle.addEventListener('click', () => {
  const route = parseRoute();
  const next = state.mode === 'test' ? 'live' : 'test';
  // Ids belong to one mode: a payment or event page becomes its list in the other mode.
  location.hash = hrefFor(next, [route?.section ?? DEFAULT_SECTION]);
  announce(next === 'test' ? 'Test mode: showing test data.' : 'Live mode: showing live data.');
});
for (const a of els.navLinks) {
  a.addEventListener('click', (event) => {
    // The current page's link reloads it (fresh data) instead of doing nothing.
    if (a.getAttribute('href') === location.hash) {
      event.preventDefault();
      void render({ focus: 'heading' });
    }
  });
}
els.skipLink.addEventListener('click', (event) => {
  // The fragment is the router's: move focus without touching it.
  event.preventDefault();
  (els.app.hidden ? els.signinTitle : els.main).focus();
});
window.addEventListener('hashchange', () => {
  const route = parseRoute();
  void render({ focus: route !== null && route.path === state.renderedPath ? 'list' : 'heading' });
});

async function boot() {
  // A path-style link (/dashboard/live/payments/pi_...) names the same view as its fragment form.
  const pathRoute = location.pathname.replace(/^\/dashboard\/?/, '');
  if (location.hash === '' && pathRoute !== '') history.replaceState(null, '', `/dashboard#/${pathRoute}${location.search}`);
  // Plain /dashboard opens the default view, and its address says which (so a reload keeps it).
  else if (location.hash === '') history.replaceState(null, '', `/dashboard${hrefFor('test', [DEFAULT_SECTION])}`);
  let session;
  try {
    session = await fetchSession();
  } catch (err) {
    showSignIn({ alert: err instanceof ApiError ? err.message : 'The dashboard could not start. Reload the page.' });
    return;
  }
  if (session === null) return showSignIn();
  showApp(session);
  await render({ focus: 'none' });
}

void boot();
