import type { Response } from 'express';

/**
 * Streams a CSV export as an attachment, a chunk at a time as the client takes it. The first chunk
 * (the header) is read before the answer starts: a database that cannot be reached is still an
 * error in the one shape, not a broken download. A client that leaves stops the reading (the
 * cursor is closed as the loop ends).
 */
export async function sendCsv(res: Response, rows: AsyncGenerator<string>, filename: string): Promise<void> {
  const first = await rows.next();
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  res.setHeader('Cache-Control', 'no-store');
  if (!first.done) res.write(first.value);
  for await (const chunk of rows) {
    if (res.destroyed) break;
    if (!res.write(chunk)) await drained(res);
  }
  res.end();
}

/** Until the client has taken what was written (or has gone), with no listener left behind. */
function drained(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/** `payments-test-2026-11-27.csv`: what, which mode, and the day it was made. */
export const exportFilename = (what: string, livemode: boolean): string => `${what}-${livemode ? 'live' : 'test'}-${new Date().toISOString().slice(0, 10)}.csv`;
