import type { Request, Response } from 'express';
import type { OperationHandler } from './deps.ts';
import { sessionOf } from '../context.ts';
import { presentSession } from '../presenters/dashboard.ts';

export function retrieveSession(): OperationHandler {
  return async function retrieveSession(req: Request, res: Response) {
    res.json(presentSession(sessionOf(req)));
  };
}
