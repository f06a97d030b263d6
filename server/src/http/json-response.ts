// res.json for every answer of this app: Express's own reads three app settings, parses and
// rewrites the Content-Type it has just set (to add the charset) and checks freshness for an ETag
// this app never sends, on every response. The answer is the same: the JSON text, Content-Type
// application/json with its charset, Content-Length, and no body where HTTP allows none.
import type { Response } from 'express';

const JSON_TYPE = 'application/json; charset=utf-8';

export function json(this: Response, body: unknown): Response {
  const text = JSON.stringify(body);
  if (this.statusCode === 204 || this.statusCode === 304) {
    this.removeHeader('Content-Type');
    this.removeHeader('Content-Length');
    this.end();
    return this;
  }
  if (!this.hasHeader('Content-Type')) this.setHeader('Content-Type', JSON_TYPE);
  this.setHeader('Content-Length', Buffer.byteLength(text));
  // For HEAD, Node leaves the body out by itself (and keeps the length GET's body would have).
  this.end(text);
  return this;
}
