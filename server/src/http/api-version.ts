// The API's dated version (openapi.yaml's info.version). A request may name the version it was
// written against in Nairaflow-Version; every answer says which version it follows. Versions
// before the current one are listed here as they are retired from the contract, each kept working.
import type { RequestHandler, Response } from 'express';
import { ApiError } from '../domain/errors.ts';
import { loadContract } from './contract.ts';

export const VERSION_HEADER = 'Nairaflow-Version';

let current: string | undefined;

/** The version openapi.yaml describes. */
export function currentApiVersion(): string {
  return (current ??= String((loadContract().document['info'] as { version: unknown }).version));
}

/**
 * The versions before the current one that requests may still name, oldest first, each with what
 * it answers differently (CHANGELOG.md has the whole story):
 * - 2026-11-24: the payment intents list's and export's `status` filter reads `succeeded`,
 *   `canceled` and `processing` as the intents' lifecycle `status` (refunded payments are
 *   `succeeded`, expired ones `canceled`).
 */
export const OLDER_API_VERSIONS = ['2026-11-24'] as const;

/** Every version a request may name. */
export const apiVersions = (): readonly string[] => [...OLDER_API_VERSIONS, currentApiVersion()];

/** The version the answer to this request follows (set by apiVersion() before any operation runs). */
export function versionOf(res: Response): string {
  return String(res.getHeader(VERSION_HEADER) ?? currentApiVersion());
}

/** Answers in the version the request names (or the current one), and says so; refuses one it does not know. */
export function apiVersion(): RequestHandler {
  const versions = apiVersions();
  const latest = currentApiVersion();
  return (req, res, next) => {
    const asked = req.headers['nairaflow-version'];
    if (asked === undefined) {
      res.setHeader(VERSION_HEADER, latest);
      return next();
    }
    const wanted = Array.isArray(asked) ? asked.join(', ') : asked.trim();
    if (versions.includes(wanted)) {
      res.setHeader(VERSION_HEADER, wanted);
      return next();
    }
    res.setHeader(VERSION_HEADER, latest);
    throw new ApiError(
      'invalid_request',
      `Unknown Nairaflow-Version "${wanted.slice(0, 40)}": the versions are ${versions.join(', ')}. Send one of them, or none for the current one (${latest}).`,
      VERSION_HEADER,
    );
  };
}
