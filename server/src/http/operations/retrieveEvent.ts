import type { Request, Response } from 'express';
import type { OperationHandler } from './deps.ts';
import * as events from '../../domain/events.ts';
import { callerOf } from '../context.ts';
import { presentEvent } from '../presenters/event.ts';

export function retrieveEvent(): OperationHandler {
  return async function retrieveEvent(req: Request<{ id: string }>, res: Response) {
    res.json(presentEvent(await events.retrieveEvent(req.em, callerOf(req), req.params.id)));
  };
}
