import type { Request, Response } from 'express';
import type { OperationDeps } from './deps.ts';
import { endSession } from '../../domain/dashboard-sessions.ts';
import { sessionCookie, siteOf } from '../auth.ts';
import { sessionOf } from '../context.ts';

export default (deps: OperationDeps) => {
  const site = siteOf(deps.publicBaseUrl);
  return async (req: Request, res: Response) => {
    await endSession(req.em, sessionOf(req).token);
    res.set('Set-Cookie', sessionCookie(site, req, '', 0)).status(204).end();
  };
};
