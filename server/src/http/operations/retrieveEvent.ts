import type { Request, Response } from 'express';
import { retrieveEvent } from '../../domain/events.ts';
import { callerOf } from '../context.ts';
import { presentEvent } from '../presenters/webhooks.ts';

export default () => async (req: Request<{ id: string }>, res: Response) => {
  res.json(presentEvent(await retrieveEvent(req.em, callerOf(req), req.params.id)));
};
