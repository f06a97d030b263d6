import type { Request, Response } from 'express';
import type { OperationDeps, OperationHandler } from './deps.ts';
import type { operations } from '../../generated/openapi.ts';
import { ApiError } from '../../domain/errors.ts';
import * as sessions from '../../domain/dashboard-sessions.ts';
import { clientOf } from '../client-address.ts';
import { refuseForeignOrigin, sessionCookie, siteOf } from '../auth.ts';
import { presentSession } from '../presenters/dashboard.ts';

type Body = operations['signIn']['requestBody']['content']['application/json'];

export function signIn(deps: OperationDeps): OperationHandler {
  const site = siteOf(deps.publicBaseUrl);
  return async function signIn(req: Request, res: Response) {
    // No session exists yet to carry a CSRF token; a sign-in posted by another site's page is
    // refused by its Origin (and needs a JSON body, which a plain cross-site form cannot send).
    refuseForeignOrigin(req, site.origins(req));
    res.set('Cache-Control', 'no-store');
    const result = await sessions.signIn(req.em, { ...(req.body as Body), client: clientOf(req) });
    switch (result.outcome) {
      case 'slowed_down': {
        const seconds = result.retryAfterSeconds;
        res.set('Retry-After', String(seconds));
        throw new ApiError('rate_limited', `Too many failed sign-ins; try again in ${seconds} second${seconds === 1 ? '' : 's'}.`);
      }
      case 'invalid_credentials':
        throw sessions.invalidCredentials();
      case 'signed_in':
        res.set('Set-Cookie', sessionCookie(site, req, result.token, sessions.SESSION_SECONDS));
        res.status(201).json(presentSession(result.session));
    }
  };
}
