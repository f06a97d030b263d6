import type { Request, Response } from 'express';
import type { operations } from '../../generated/openapi.ts';
import { streamCursor } from '../../domain/event-stream.ts';
import { ApiError } from '../../domain/errors.ts';
import { EVENT_TYPES } from '../../domain/events.ts';
import { callerOf, secretKeyOf } from '../context.ts';
import { shown } from '../plain-words.ts';
import type { OperationDeps, OperationHandler } from './deps.ts';

type Query = NonNullable<operations['streamEvents']['parameters']['query']>;

/** `type=a,b`: the event types asked for, each one the contract knows. */
function typesOf(list: string | undefined): string[] | null {
  if (list === undefined) return null;
  const types = [...new Set(list.split(',').map((t) => t.trim()))];
  const unknown = types.find((t) => !(EVENT_TYPES as readonly string[]).includes(t));
  if (unknown !== undefined) {
    throw new ApiError('invalid_request', `type names an event type that does not exist: '${shown(unknown)}'. Event types are ${EVENT_TYPES.join(', ')}.`, 'type');
  }
  return types;
}

export function streamEvents(deps: OperationDeps): OperationHandler {
  return async function streamEvents(req: Request, res: Response) {
    const caller = callerOf(req);
    const { type, since } = req.query as Query;
    const types = typesOf(type);
    const cursor = await streamCursor(req.db, caller, req.get('last-event-id'), since);
    deps.eventFeed.serve(res, { caller, secretKey: secretKeyOf(req), cursor, types });
  };
}
