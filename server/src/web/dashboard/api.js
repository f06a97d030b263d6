// The dashboard's calls to this origin's API, with the session cookie. The cookie is HttpOnly, so
// no script here sees it; the session's CSRF token goes with every change.
import { NetworkError, request } from '../shared/api.js';
import { state } from './state.js';

/** @typedef {import('../shared/words.js').Schemas['Error']['error']['code'] | 'network_error' | 'unknown'} ErrorCode */

/** A refusal from the API (or no answer at all: status 0), with its message in words. */
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {ErrorCode} code
   * @param {string} message
   * @param {string} [param]
   * @param {number} [retryAfter] seconds
   */
  constructor(status, code, message, param, retryAfter) {
    super(message);
    this.status = status;
    this.code = code;
    this.param = param;
    this.retryAfter = retryAfter;
  }
}

/** Thrown after a 401 authentication_required: the sign-in view is already showing; nothing else to do. */
export class SessionEnded extends Error {}

/** What the session module does when an answer says the session has ended or its token is stale. */
const sessionHandlers = {
  /** @type {(notice: string) => void} */
  ended: () => {},
  /** @type {() => Promise<void>} */
  reload: async () => {},
};

/**
 * Set once by session.js, which itself calls the API (so it cannot be imported here).
 * @param {typeof sessionHandlers} handlers
 */
export function handleSessionAnswers(handlers) {
  Object.assign(sessionHandlers, handlers);
}

/** @param {number} status */
function fallbackMessage(status) {
  if (status === 404) return 'Not found.';
  if (status === 429) return 'Too many requests. Wait a few seconds, then try again.';
  if (status >= 500) return 'Something went wrong on our side. Try again in a moment.';
  return `The request failed (HTTP ${status}).`;
}

/**
 * @typedef {object} CallOptions
 * @property {unknown} [body]
 * @property {string} [idempotencyKey]
 * @property {boolean} [signingIn] a 401 is the answer itself, not a session that ended
 */

/**
 * One call with the session: the mode header on /v1, the CSRF token on every change. Resolves to
 * the parsed body; rejects with ApiError (message in words) or SessionEnded.
 * @param {'GET' | 'POST' | 'PUT' | 'DELETE'} method
 * @param {string} path
 * @param {CallOptions} [options]
 * @returns {Promise<any>}
 */
export async function api(method, path, { body, idempotencyKey, signingIn = false } = {}) {
  /** @type {Record<string, string>} */
  const headers = {};
  if (path.startsWith('/v1/')) headers['Nairaflow-Mode'] = state.mode;
  if (method !== 'GET' && state.session !== null) headers['X-CSRF-Token'] = state.session.csrf_token;
  if (idempotencyKey !== undefined) headers['Idempotency-Key'] = idempotencyKey;
  let answer;
  try {
    answer = await request(method, path, { body, headers });
  } catch (err) {
    if (!(err instanceof NetworkError)) throw err;
    throw new ApiError(0, 'network_error', "Couldn't reach Nairaflow. Check your internet connection and try again.");
  }
  const { status } = answer;
  if (status >= 200 && status < 300) return answer.body;

  const error = answer.body?.error ?? {};
  const retryAfter = Number.parseInt(answer.headers.get('Retry-After') ?? '', 10);
  const failure = new ApiError(
    status,
    typeof error.code === 'string' ? error.code : 'unknown',
    typeof error.message === 'string' && error.message !== '' ? error.message : fallbackMessage(status),
    typeof error.param === 'string' ? error.param : undefined,
    Number.isFinite(retryAfter) ? retryAfter : undefined,
  );
  if (status === 401 && failure.code === 'authentication_required' && !signingIn) {
    sessionHandlers.ended('Your session has ended. Sign in again to continue.');
    throw new SessionEnded();
  }
  if (status === 403 && failure.code === 'csrf_token_invalid') {
    await sessionHandlers.reload();
    failure.message = 'Your session was refreshed for security, so nothing was changed. Please try again.';
  }
  throw failure;
}

/**
 * "/v1/<path>?<query>", leaving out empty query values.
 * @param {string} path
 * @param {Record<string, string | number | null | undefined>} [query]
 */
export function v1(path, query = {}) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  const search = params.toString();
  return `/v1/${path}${search === '' ? '' : `?${search}`}`;
}
