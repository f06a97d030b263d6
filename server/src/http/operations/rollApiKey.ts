import type { Request, Response } from 'express';
import { rollKey } from '../../domain/api-keys.ts';
import { sessionOf } from '../context.ts';
import { requirePasswordConfirmation } from '../auth.ts';
import { presentApiKey } from '../presenters/dashboard.ts';
import type { OperationDeps, OperationHandler } from './deps.ts';

export function rollApiKey(deps: OperationDeps): OperationHandler {
  return async function rollApiKey(req: Request<{ id: string }>, res: Response) {
    // Either mode's: a test key rolled from a stolen cookie would make every test-mode change the
    // password guards (the webhook endpoint, its secret) with the key instead.
    const { key, secret } = await rollKey(req.em, sessionOf(req).merchant.id, req.params.id, (livemode) => {
      requirePasswordConfirmation(req, `roll the ${livemode ? 'live' : 'test'} secret key`);
    });
    // The old key stops here at once (other processes hear of it from the database).
    deps.keys.forgetAll();
    // The new key is in this answer only: never cached, never stored in clear.
    res.set('Cache-Control', 'no-store').status(201).json({ ...presentApiKey(key), secret });
  };
}
