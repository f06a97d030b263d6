import type { Request, Response } from 'express';
import type { OperationDeps } from './index.ts';
import type { operations } from '../../generated/openapi.ts';
import { ApiError } from '../../domain/errors.ts';
import { invalidCredentials, signIn, SESSION_SECONDS } from '../../domain/dashboard-sessions.ts';
import { refuseForeignOrigin, SESSION_COOKIE } from '../auth.ts';
import { presentSession } from '../presenters/dashboard.ts';

type Body = operations['signIn']['requestBody']['content']['application/json'];

export default (deps: OperationDeps) => async (req: Request, res: Response) => {
  // No session exists yet to carry a CSRF token; a sign-in posted by another site's page is
  // refused by its Origin (and needs a JSON body, which a plain cross-site form cannot send).
  refuseForeignOrigin(req, [`${req.protocol}://${req.get('host') ?? ''}`, new URL(deps.publicBaseUrl()).origin]);
  const result = await signIn(req.em, req.body as Body);
  switch (result.outcome) {
    case 'slowed_down':
      res.set('Retry-After', String(result.retryAfterSeconds));
      throw new ApiError(
        'rate_limited',
        `Too many wrong passwords for this e-mail address; try again in ${result.retryAfterSeconds} second${result.retryAfterSeconds === 1 ? '' : 's'}.`,
      );
    case 'invalid_credentials':
      throw invalidCredentials();
    case 'signed_in':
      res.set('Set-Cookie', sessionCookie(req, result.token, SESSION_SECONDS));
      res.status(201).json(presentSession(result.session));
  }
};

export function sessionCookie(req: Request, value: string, maxAgeSeconds: number): string {
  // Path=/ because the dashboard's pages call /v1 with it; Secure whenever the request came over
  // HTTPS (a plain-HTTP localhost server could not set a Secure cookie).
  return `${SESSION_COOKIE}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${req.secure ? '; Secure' : ''}`;
}
