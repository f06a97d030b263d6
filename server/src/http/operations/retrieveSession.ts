import type { Request, Response } from 'express';
import { sessionOf } from '../context.ts';
import { presentSession } from '../presenters/dashboard.ts';

export default () => async (req: Request, res: Response) => {
  res.json(presentSession(sessionOf(req)));
};
