import type { RequestHandler } from 'express';
import { authenticate } from '../domain/merchants.ts';
import { ApiError } from '../domain/errors.ts';

/** Bearer secret-key authentication: 401 invalid_api_key for a missing, malformed, unknown or revoked key. */
export const requireSecretKey: RequestHandler = async (req, _res, next) => {
  const header = req.get('authorization');
  if (header === undefined) {
    throw new ApiError('invalid_api_key', 'No API key provided. Send your secret key as "Authorization: Bearer sk_test_...".');
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (match === null) {
    throw new ApiError('invalid_api_key', 'Malformed Authorization header. Use "Authorization: Bearer <secret key>".');
  }
  const caller = await authenticate(req.em, match[1]!);
  if (caller === null) {
    // Never echo the key back: a mistyped live key in a log or a bug report is still a live key.
    throw new ApiError('invalid_api_key', 'Invalid API key. Check the secret key in your dashboard; it may have been rolled.');
  }
  req.caller = caller;
  next();
};
