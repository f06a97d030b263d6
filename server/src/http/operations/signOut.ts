import type { Request, Response } from 'express';
import type { OperationDeps, OperationHandler } from './deps.ts';
import { endSession } from '../../domain/dashboard-sessions.ts';
import { sessionCookie, siteOf } from '../auth.ts';
import { sessionOf } from '../context.ts';

export function signOut(deps: OperationDeps): OperationHandler {
  const site = siteOf(deps.publicBaseUrl);
  return async function signOut(req: Request, res: Response) {
    await endSession(req.em, sessionOf(req).token);
    res.set('Set-Cookie', sessionCookie(site, req, '', 0)).status(204).end();
  };
}
