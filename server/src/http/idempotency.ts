import type { Request, Response } from 'express';
import type { EntityManager } from '@mikro-orm/postgresql';
import { runIdempotently } from '../domain/idempotency.ts';
import { callerOf } from './context.ts';
import type { Runner } from '../persistence/sql.ts';

export interface JsonResult {
  status: number;
  body: unknown;
  /** Parameters the request left out that the work filled in (see WorkResult). */
  filled?: Record<string, unknown>;
}

/**
 * Runs a create operation under the request's Idempotency-Key (when it has one) and sends the
 * answer: the first answer again, with `Idempotent-Replayed: true`, when the key was seen before.
 * A reused key must come with the very same parameters (the JSON body, however laid out).
 */
export function sendIdempotently(req: Request, res: Response, operation: string, work: (tx: EntityManager) => Promise<JsonResult>): Promise<void> {
  return send(req, res, operation, work, req.em);
}

/** The same, for work that is one statement (or needs no EntityManager) when no key makes it part of a transaction. */
export function sendIdempotentlyAutocommit(req: Request, res: Response, operation: string, work: (runner: Runner) => Promise<JsonResult>): Promise<void> {
  return send(req, res, operation, work, req.db);
}

async function send<R extends Runner>(req: Request, res: Response, operation: string, work: (runner: R | EntityManager) => Promise<JsonResult>, withoutKey: R): Promise<void> {
  const key = req.get('idempotency-key');
  if (key === undefined) {
    // The domain operations own their transactions; without a key there is nothing to add to them.
    const result = await work(withoutKey);
    res.status(result.status).json(result.body);
    return;
  }
  const params = (req.body ?? {}) as Record<string, unknown>;
  const stored = await runIdempotently(req.em, callerOf(req), { key, operation, params }, async (tx) => {
    const result = await work(tx);
    return { status: result.status, body: JSON.stringify(result.body), ...(result.filled === undefined ? {} : { filled: result.filled }) };
  });
  if (stored.replayed) res.set('Idempotent-Replayed', 'true');
  res.status(stored.status).json(JSON.parse(stored.body));
}
