import type { Request, Response } from 'express';
import { endSession } from '../../domain/dashboard-sessions.ts';
import { sessionOf } from '../context.ts';
import { sessionCookie } from './signIn.ts';

export default () => async (req: Request, res: Response) => {
  await endSession(req.em, sessionOf(req).token);
  res.set('Set-Cookie', sessionCookie(req, '', 0)).status(204).end();
};
