import type { Request, Response } from 'express';
import type { operations } from '../../generated/openapi.ts';
import { ApiError } from '../../domain/errors.ts';
import * as sessions from '../../domain/dashboard-sessions.ts';
import { clientOf } from '../client-address.ts';
import { sessionOf } from '../context.ts';
import { presentSession } from '../presenters/dashboard.ts';
import type { OperationHandler } from './deps.ts';

type Body = operations['confirmPassword']['requestBody']['content']['application/json'];

export function confirmPassword(): OperationHandler {
  return async function confirmPassword(req: Request, res: Response) {
    const session = sessionOf(req);
    const result = await sessions.confirmPassword(req.em, {
      token: session.token,
      userId: session.user.id,
      email: session.user.email,
      password: (req.body as Body).password,
      client: clientOf(req),
    });
    switch (result.outcome) {
      case 'slowed_down': {
        const seconds = result.retryAfterSeconds;
        res.set('Retry-After', String(seconds));
        throw new ApiError('rate_limited', `Too many wrong passwords; try again in ${seconds} second${seconds === 1 ? '' : 's'}.`);
      }
      case 'invalid_credentials':
        throw new ApiError('invalid_credentials', 'That is not your password.', 'password');
      case 'confirmed':
        res.json(presentSession({ ...session, passwordConfirmedUntil: result.until }));
    }
  };
}
