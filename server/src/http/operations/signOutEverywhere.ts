import type { Request, Response } from 'express';
import type { OperationDeps, OperationHandler } from './deps.ts';
import { endEverySession } from '../../domain/dashboard-sessions.ts';
import { sessionCookie, siteOf } from '../auth.ts';
import { sessionOf } from '../context.ts';

export function signOutEverywhere(deps: OperationDeps): OperationHandler {
  const site = siteOf(deps.publicBaseUrl);
  return async function signOutEverywhere(req: Request, res: Response) {
    await endEverySession(req.em, sessionOf(req).user.id);
    res.set('Set-Cookie', sessionCookie(site, req, '', 0)).status(204).end();
  };
}
