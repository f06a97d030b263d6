import type { Request, Response } from 'express';
import type { OperationHandler } from './deps.ts';
import { listActiveKeys } from '../../domain/api-keys.ts';
import { sessionOf } from '../context.ts';
import { presentApiKey } from '../presenters/dashboard.ts';

export function listApiKeys(): OperationHandler {
  return async function listApiKeys(req: Request, res: Response) {
    const keys = await listActiveKeys(req.em, sessionOf(req).merchant.id);
    res.json({ object: 'list', data: keys.map(presentApiKey), has_more: false });
  };
}
