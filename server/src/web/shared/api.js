// One call to this origin's API, as both pages make it. What an answer means is each page's own
// business (the dashboard's session and CSRF token, the sheet's client secret).

/** The request never got an answer: offline, DNS, a dropped connection. */
export class NetworkError extends Error {}

/**
 * @typedef {object} Answer
 * @property {number} status
 * @property {any} body the parsed JSON body; null for none (204) or one that is not JSON
 * @property {Headers} headers
 */

/**
 * @typedef {object} RequestOptions
 * @property {unknown} [body] sent as JSON
 * @property {Record<string, string>} [headers]
 * @property {RequestCredentials} [credentials]
 */

/**
 * Resolves to the answer whatever its status; rejects with NetworkError when there is none.
 * Never cached, and no Referer: our URLs hold client secrets and payment ids.
 * @param {string} method
 * @param {string} path
 * @param {RequestOptions} [options]
 * @returns {Promise<Answer>}
 */
export async function request(method, path, { body, headers = {}, credentials = 'same-origin' } = {}) {
  /** @type {Record<string, string>} */
  const sent = { Accept: 'application/json', ...headers };
  if (body !== undefined) sent['Content-Type'] = 'application/json';
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: sent,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials,
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
    });
  } catch {
    throw new NetworkError(`no answer to ${method} ${path}`);
  }
  let parsed = null;
  if (response.status !== 204) {
    try {
      parsed = await response.json();
    } catch {
      parsed = null;
    }
  }
  return { status: response.status, body: parsed, headers: response.headers };
}
