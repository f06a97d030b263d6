import type { Request, Response } from 'express';
import { listActiveKeys } from '../../domain/api-keys.ts';
import { sessionOf } from '../context.ts';
import { presentApiKey } from '../presenters/dashboard.ts';

export default () => async (req: Request, res: Response) => {
  const keys = await listActiveKeys(req.em, sessionOf(req).merchant.id);
  res.json({ object: 'list', data: keys.map(presentApiKey), has_more: false });
};
