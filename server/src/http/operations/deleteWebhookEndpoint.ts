import type { Request, Response } from 'express';
import { deleteEndpoint } from '../../domain/webhook-endpoints.ts';
import { callerOf } from '../context.ts';

export default () => async (req: Request, res: Response) => {
  res.json({ id: await deleteEndpoint(req.em, callerOf(req)), deleted: true });
};
