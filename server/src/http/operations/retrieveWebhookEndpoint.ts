import type { Request, Response } from 'express';
import { viewEndpoint } from '../../domain/webhook-endpoints.ts';
import { callerOf } from '../context.ts';
import { presentEndpoint } from '../presenters/webhooks.ts';

export default () => async (req: Request, res: Response) => {
  res.json(presentEndpoint(await viewEndpoint(req.em, callerOf(req))));
};
