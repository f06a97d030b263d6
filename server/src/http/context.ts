import type { EntityManager } from '@mikro-orm/postgresql';
import type { Autocommit } from '../persistence/sql.ts';
import type { Caller } from '../domain/merchants.ts';
import type { DashboardSession } from '../domain/dashboard-sessions.ts';
import type { ContractOperation } from './contract.ts';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** `req_...`, also sent as the x-request-id header and in every error body. */
      requestId: string;
      /** A fresh EntityManager for this request (forked when first used). */
      em: EntityManager;
      /** Statements on their own, for work that needs no EntityManager (see persistence/sql.ts). */
      db: Autocommit;
      /** The contract's operation this request is for (its method and path), matched once as it arrives. */
      operation: ContractOperation | undefined;
      /** Set by the secret-key authentication for operations that require it. */
      caller?: Caller;
      /** The secret key that authenticated the request (not set for a dashboard session). */
      secretKey?: string;
      /** A dashboard request whose rate limit is taken once its session is known (per user, not per address). */
      rateLimitDeferred?: boolean;
      /** Set when a dashboard session (not a secret key) authenticated the request. */
      session?: DashboardSession & { token: string };
    }
  }
}

/** The authenticated caller; only for operations whose contract requires a secret key. */
export function callerOf(req: Express.Request): Caller {
  if (req.caller === undefined) throw new Error('operation requires secret-key authentication but none ran');
  return req.caller;
}

/**
 * The secret key the request was authenticated with, for an operation that must check it again
 * later (an event stream ends when its key is rolled); only for operations that take nothing else.
 */
export function secretKeyOf(req: Express.Request): string {
  if (req.secretKey === undefined) throw new Error('operation requires secret-key authentication but none ran');
  return req.secretKey;
}

/** The dashboard session; only for operations whose contract requires one. */
export function sessionOf(req: Express.Request): DashboardSession & { token: string } {
  if (req.session === undefined) throw new Error('operation requires a dashboard session but none was authenticated');
  return req.session;
}
