// The API's dated version (openapi.yaml's info.version). A request may name the version it was
// written against in Nairaflow-Version; every answer says which version it follows. Versions
// before the current one are listed here as they are retired from the contract, each kept working.
import type { RequestHandler } from 'express';
import { ApiError } from '../domain/errors.ts';
import { loadContract } from './contract.ts';

export const VERSION_HEADER = 'Nairaflow-Version';

let current: string | undefined;

/** The version openapi.yaml describes. */
export function currentApiVersion(): string {
  return (current ??= String((loadContract().document['info'] as { version: unknown }).version));
}

/** Every version a request may name (only the current one so far). */
export const apiVersions = (): readonly string[] => [currentApiVersion()];

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
