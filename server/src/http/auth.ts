import type { Request, RequestHandler } from 'express';
import type { ContractOperation } from './contract.ts';
import type { KeyCache } from './key-cache.ts';
import { takeClientLimit, takeUserLimit, type RateLimits } from './rate-limit.ts';
import { csrfTokenMatches, findSession, PASSWORD_CONFIRMATION_SECONDS, type DashboardSession } from '../domain/dashboard-sessions.ts';
import { ApiError } from '../domain/errors.ts';

/**
 * Where the dashboard is served from, as authentication needs it: the origins of its own pages
 * (for the Origin check) and whether its cookie must be Secure (HTTPS).
 */
export interface Site {
  origins(req: Request): readonly string[];
  secure(req: Request): boolean;
}

export function siteOf(publicBaseUrl: () => string): Site {
  return {
    origins: (req) => [`${req.protocol}://${req.get('host') ?? ''}`, new URL(publicBaseUrl()).origin],
    secure: (req) => req.secure || publicBaseUrl().startsWith('https:'),
  };
}

/**
 * Over HTTPS the cookie is `__Host-nf_session`: browsers accept that name only from this very
 * host, Secure and for Path=/, so no sibling subdomain can plant a session cookie that shadows it.
 * A plain-HTTP development server cannot set such a cookie and uses `nf_session`.
 */
export const sessionCookieName = (secure: boolean): string => (secure ? '__Host-nf_session' : 'nf_session');

export function sessionCookie(site: Site, req: Request, value: string, maxAgeSeconds: number): string {
  const secure = site.secure(req);
  // Path=/ because the dashboard's pages call /v1 with it.
  return `${sessionCookieName(secure)}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/** Bearer secret-key authentication: 401 invalid_api_key for a missing, malformed, unknown or revoked key. */
export function requireSecretKey(keys: KeyCache): RequestHandler {
  return async (req, _res, next) => {
    const header = req.get('authorization');
    if (header === undefined) {
      throw new ApiError('invalid_api_key', 'No API key provided. Send your secret key as "Authorization: Bearer sk_test_...".');
    }
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (match === null) {
      throw new ApiError('invalid_api_key', 'Malformed Authorization header. Use "Authorization: Bearer <secret key>".');
    }
    const secretKey = match[1]!;
    const caller = await keys.authenticate(req.db, secretKey);
    if (caller === null) {
      // Never echo the key back: a mistyped live key in a log or a bug report is still a live key.
      throw new ApiError('invalid_api_key', 'Invalid API key. Check the secret key in your dashboard; it may have been rolled.');
    }
    req.caller = caller;
    req.secretKey = secretKey;
    next();
  };
}

/**
 * Authenticates an operation by whichever of its contract's schemes the request uses: a request
 * with an Authorization header (or for an operation no session may call) by its secret key, else
 * by the dashboard session cookie.
 */
export function authenticateFor(operation: ContractOperation, site: Site, keys: KeyCache, idleSeconds: number, limits: RateLimits): RequestHandler {
  const bySecretKey = requireSecretKey(keys);
  const takesKey = operation.schemes.has('secretKey');
  const takesSession = operation.schemes.has('dashboardSession');
  return async (req, res, next) => {
    const token = sessionToken(req, sessionCookieName(site.secure(req)));
    // A request that speaks the dashboard's headers is the dashboard's, even once its cookie is
    // gone: it must hear that the session ended, not that an API key is missing.
    const fromDashboard = req.get('nairaflow-mode') !== undefined || req.get('x-csrf-token') !== undefined;
    if (takesKey && (!takesSession || req.get('authorization') !== undefined || (token === undefined && !fromDashboard))) {
      await takeClientLimit(limits, req, res); // a session cookie that names no session: counted as any other request
      return bySecretKey(req, res, next);
    }
    if (token === undefined) {
      await takeClientLimit(limits, req, res);
      throw sessionEnded();
    }
    const session = await findSession(req.em, token, idleSeconds);
    if (session === null) {
      await takeClientLimit(limits, req, res);
      throw sessionEnded();
    }
    await takeUserLimit(limits, req, res, session.user.id);
    // What a session sees (the CSRF token, the merchant's data) must not stay in any cache.
    res.set('Cache-Control', 'no-store');
    if (changesState(req.method)) refuseCrossSite(req, site.origins(req), session);
    // The mode matters to the /v1 operations (the ones a key could call too); the session's own
    // operations are the same in both.
    const mode = (takesKey ? req.get('nairaflow-mode') : undefined) ?? 'test';
    if (mode !== 'test' && mode !== 'live') {
      throw new ApiError('invalid_request', `Nairaflow-Mode must be "test" or "live" (got "${mode.slice(0, 20)}").`, 'Nairaflow-Mode');
    }
    req.session = { ...session, token };
    req.caller = { merchant: { id: session.merchant.id, name: session.merchant.name, logo_url: session.merchant.logo_url }, livemode: mode === 'live' };
    next();
  };
}

/**
 * An account change a stolen session cookie must not be enough for: a dashboard session must have
 * typed its password again in the last 5 minutes (POST /dashboard/api/session/password_confirmation).
 * A secret key is asked nothing more: it is the merchant's credential for everything already.
 */
export function requirePasswordConfirmation(req: Request, change: string): void {
  const until = req.session?.passwordConfirmedUntil;
  if (req.session === undefined || (until != null && until.getTime() > Date.now())) return;
  throw new ApiError(
    'password_confirmation_required',
    `Type your password again to ${change}: this account change needs it, and it holds for ${PASSWORD_CONFIRMATION_SECONDS / 60} minutes.`,
  );
}

const sessionEnded = (): ApiError => new ApiError('authentication_required', 'Your dashboard session has ended. Sign in again.');

export const changesState = (method: string): boolean => !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());

/**
 * A state change must come from our own pages: the session's CSRF token in X-CSRF-Token (which
 * another site cannot read), and, when the browser names the page's origin, this site's origin.
 * SameSite=Strict already keeps the cookie off other sites' requests; this holds even where a
 * browser or a proxy does not honour it.
 */
function refuseCrossSite(req: Request, allowed: readonly string[], session: DashboardSession): void {
  refuseForeignOrigin(req, allowed);
  const sent = req.get('x-csrf-token');
  if (sent === undefined) {
    throw new ApiError('csrf_token_invalid', 'This request changes something, so it must carry the session\'s X-CSRF-Token.');
  }
  if (!csrfTokenMatches(session, sent)) throw new ApiError('csrf_token_invalid', 'The X-CSRF-Token is not this session\'s. Reload the dashboard and try again.');
}

/** Refuses a request whose Origin header names another site. */
export function refuseForeignOrigin(req: Request, allowed: readonly string[]): void {
  const origin = req.get('origin');
  if (origin === undefined || allowed.includes(origin)) return;
  throw new ApiError('csrf_token_invalid', `This request came from a page of another site (${origin.slice(0, 100)}); the dashboard only accepts its own.`);
}

/** The dashboard session token from the Cookie header: the first well-formed one of that name. */
export function sessionToken(req: Request, name: string): string | undefined {
  const header = req.get('cookie');
  if (header === undefined) return undefined;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at === -1 || pair.slice(0, at).trim() !== name) continue;
    const value = pair.slice(at + 1).trim();
    if (/^[0-9A-Za-z_-]{43}$/.test(value)) return value;
  }
  return undefined;
}
