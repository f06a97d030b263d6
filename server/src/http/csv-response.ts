import type { Response } from 'express';
import { ApiError } from '../domain/errors.ts';

/**
 * An export holds a database connection (its cursor's transaction) for as long as its client
 * takes to read it, so a few slow readers could hold the pool the whole API shares. Each process
 * runs at most this many at once, and at most EXPORTS_PER_MERCHANT for one merchant; more are
 * `429 rate_limited`, to try again in a moment.
 */
const EXPORTS_AT_ONCE = 4;
const EXPORTS_PER_MERCHANT = 2;
/** A client that takes nothing for this long is given up on, and its connection goes back. */
export const EXPORT_STALL_MS = 30_000;

const running = new Map<string, number>();
let runningTotal = 0;

/**
 * Streams a CSV export as an attachment, a chunk at a time as the client takes it. The first chunk
 * (the header) is read before the answer starts: a database that cannot be reached is still an
 * error in the one shape, not a broken download. A client that leaves, or stops reading for
 * EXPORT_STALL_MS, stops the reading (the cursor is closed as the loop ends).
 */
export async function sendCsv(res: Response, merchantId: string, rows: () => AsyncGenerator<string>, filename: string): Promise<void> {
  const mine = running.get(merchantId) ?? 0;
  if (runningTotal >= EXPORTS_AT_ONCE || mine >= EXPORTS_PER_MERCHANT) {
    throw new ApiError(
      'rate_limited',
      mine >= EXPORTS_PER_MERCHANT ? `At most ${EXPORTS_PER_MERCHANT} exports of yours run at once; try again when one has finished.` : 'Too many exports are running; try again in a moment.',
      undefined,
      { retryAfterSeconds: 5 },
    );
  }
  running.set(merchantId, mine + 1);
  runningTotal += 1;
  try {
    await stream(res, rows(), filename);
  } finally {
    runningTotal -= 1;
    const left = (running.get(merchantId) ?? 1) - 1;
    if (left === 0) running.delete(merchantId);
    else running.set(merchantId, left);
  }
}

async function stream(res: Response, rows: AsyncGenerator<string>, filename: string): Promise<void> {
  const first = await rows.next();
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  res.setHeader('Cache-Control', 'no-store');
  if (!first.done) res.write(first.value);
  try {
    for await (const chunk of rows) {
      if (res.destroyed) break;
      if (!res.write(chunk) && !(await drained(res))) {
        res.destroy(); // stalled: the download ends unfinished, which the client sees as a failed download
        break;
      }
    }
  } catch (error) {
    // The answer has begun: an error can only end it unfinished (and is logged by the caller's handler).
    res.destroy(error as Error);
    throw error;
  }
  res.end();
}

/** True once the client has taken what was written; false if it went away or took nothing for EXPORT_STALL_MS. */
function drained(res: Response): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (taken: boolean) => (): void => {
      clearTimeout(timer);
      res.off('drain', onDrain);
      res.off('close', onClose);
      resolve(taken);
    };
    const onDrain = done(true);
    const onClose = done(false);
    const timer = setTimeout(done(false), EXPORT_STALL_MS);
    res.on('drain', onDrain);
    res.on('close', onClose);
  });
}

/** `payments-test-2026-11-27.csv`: what, which mode, and the day it was made. */
export const exportFilename = (what: string, livemode: boolean): string => `${what}-${livemode ? 'live' : 'test'}-${new Date().toISOString().slice(0, 10)}.csv`;
