import type { components } from '../generated/openapi.ts';

export type ErrorCode = components['schemas']['Error']['error']['code'];

/**
 * The one error type of the service. Its `code` comes from the contract's closed set; the HTTP
 * error handler maps each code to its status. Messages are written for the merchant developer
 * reading them and never contain secrets.
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly param: string | undefined;
  /** For `rate_limited` and `service_unavailable`: when to try again (the Retry-After header). */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, message: string, param?: string, options: { retryAfterSeconds?: number } = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.param = param;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const notFound = (what: string, id: string): ApiError =>
  new ApiError('resource_missing', `No such ${what}: '${id}'.`, 'id');
