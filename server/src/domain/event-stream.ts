// A merchant's events as they happen, in the order a reader can resume from (GET /v1/events/stream).
//
// Events are read in (txid, id) order: the transaction that wrote each, then its id. An event is
// handed out only once every transaction older than the oldest one still running has ended (its
// txid is below the snapshot's xmin): no transaction that could still commit an event before it
// in that order is left. So a reader who resumes after event E (Last-Event-ID) misses nothing,
// even an event whose transaction began before E's and committed after it.
//
// A reader who starts from a time T (`since`) reads the same order from a txid no later than that
// of any event created at or after T that has committed or ever will: the oldest such event now
// visible, or the snapshot's xmin if lower (a transaction still running, or one that begins
// later, has a txid at or above xmin). Only events created at or after T are sent from there.
//
// A reader's cursor moves over every event it reads below the xmin, sent or not (another type than
// it asked for, created before its `since`, already seen at its start): nothing can be committed
// before such an event any more, and whether it is sent never changes, so no read looks at it again.
import { sql, type Runner } from '../persistence/sql.ts';
import { ApiError } from './errors.ts';
import type { Caller } from './merchants.ts';
import { sinceTime } from './times.ts';

/** Where a reader is: after (txid, id); when `snapshot` is set, the events it already saw are not new. */
export interface StreamCursor {
  txid: string;
  id: string;
  /** Set for a reader who started "from now": the snapshot taken then (every event visible in it is old). */
  snapshot: string | null;
  /** Set for a reader who started from a time: only events created at or after it are sent. */
  since: Date | null;
}

export interface StreamedEvent {
  id: string;
  type: string;
  /** The exact JSON every delivery of the event sends. */
  payload: string;
}

const POSITION_PREFIX = 'pos_';
const SNAPSHOT = /^(\d{1,20}):(\d{1,20}):((?:\d{1,20},)*\d{1,20})?$/;

/**
 * The id a stream opened "from now" sends first, before any event: its start, as an opaque
 * position. A reader that reconnects with it (`Last-Event-ID`, as `EventSource` does by itself)
 * gets every event committed since it first connected, even when the connection dropped before
 * the first event.
 *
 * A position is not signed nor tied to a merchant: the service has no secret of its own to sign
 * with. It needs none to keep events apart: a stream reads only the caller's events in the key's
 * mode, whatever position it resumes from, so a position made up or taken from another account
 * can at most make the caller's own stream start elsewhere in the caller's own events (one that
 * would hide events yet to come is refused, see streamCursor).
 */
export function positionId(cursor: StreamCursor): string {
  return POSITION_PREFIX + Buffer.from(cursor.snapshot ?? '', 'utf8').toString('base64url');
}

function fromPosition(id: string): StreamCursor | undefined {
  const snapshot = Buffer.from(id.slice(POSITION_PREFIX.length), 'base64url').toString('utf8');
  const parts = SNAPSHOT.exec(snapshot);
  if (parts === null || BigInt(parts[1]!) > BigInt(parts[2]!)) return undefined;
  return { txid: parts[1]!, id: '', snapshot, since: null };
}

/**
 * Where a new reader starts: after `lastEventId` (one of the caller's events in this mode, or a
 * position this stream gave), or with the events created at or after `since`, or else with the
 * events committed from now on.
 */
export async function streamCursor(runner: Runner, caller: Caller, lastEventId: string | undefined, since?: string | number): Promise<StreamCursor> {
  // A reconnect carries both when the reader cannot change its URL (a browser's EventSource sends
  // the same URL again, with Last-Event-ID): `since` said where the stream started, Last-Event-ID
  // says where the reader is now, so the latter wins. `since` is still checked, so that a bad one
  // is refused the same way on every connection.
  const from = since === undefined ? undefined : sinceTime(since);
  if (from !== undefined && lastEventId === undefined) {
    const [start] = await sql<{ txid: string }>(
      runner,
      `select least(
                (select min(txid) from events where merchant_id = $1 and livemode = $2 and created_at >= $3),
                pg_snapshot_xmin(pg_current_snapshot())
              )::text as txid`,
      [caller.merchant.id, caller.livemode, from],
    );
    return { txid: start!.txid, id: '', snapshot: null, since: from };
  }
  if (lastEventId?.startsWith(POSITION_PREFIX)) {
    const refused = new ApiError('invalid_request', 'Last-Event-ID is not a position this stream gave. Reconnect without it to stream from now.', 'Last-Event-ID');
    const cursor = fromPosition(lastEventId);
    if (cursor === undefined) throw refused;
    // PostgreSQL's own reading of it (in-progress ids in order, within xmin..xmax): a position it
    // would refuse later, on every read of a stream that looked open, is refused now. So is one
    // whose xmax is beyond the database's present: no stream gave it, and every event of a
    // transaction below that xmax would count as seen already, never to be sent.
    let checked: { possible: boolean }[];
    try {
      checked = await sql(runner, 'select pg_snapshot_xmax($1::pg_snapshot) <= pg_snapshot_xmax(pg_current_snapshot()) as possible', [cursor.snapshot]);
    } catch (error) {
      if ((error as { code?: string }).code === '22P02') throw refused;
      throw error;
    }
    if (!checked[0]!.possible) throw refused;
    return cursor;
  }
  if (lastEventId === undefined) {
    const [now] = await sql<{ snapshot: string; xmin: string }>(
      runner,
      'select pg_current_snapshot()::text as snapshot, pg_snapshot_xmin(pg_current_snapshot())::text as xmin',
    );
    // Every event of a transaction below xmin is visible now (old); from xmin on, those the
    // snapshot does not see are new.
    return { txid: now!.xmin, id: '', snapshot: now!.snapshot, since: null };
  }
  const [last] = await sql<{ txid: string }>(
    runner,
    'select txid::text as txid from events where id = $1 and merchant_id = $2 and livemode = $3',
    [lastEventId, caller.merchant.id, caller.livemode],
  );
  if (last === undefined) {
    throw new ApiError(
      'invalid_request',
      `Last-Event-ID names no event of yours in this mode (events are kept for a limited time). ` +
        'Reconnect without it to stream from now, and list what you missed with GET /v1/events.',
      'Last-Event-ID',
    );
  }
  return { txid: last.txid, id: lastEventId, snapshot: null, since: null };
}

/**
 * The events after `cursor` that can be handed out now, among the next `limit` the statement reads
 * (sent or not), and the cursor after the last one read. `waiting` says an event to send after
 * them may exist but a transaction that might still commit one before it is running: ask again
 * shortly. `more` says the read stopped at `limit` with nothing held back: read again at once.
 */
export async function eventsAfter(
  runner: Runner,
  caller: Caller,
  cursor: StreamCursor,
  types: readonly string[] | null,
  limit: number,
): Promise<{ events: StreamedEvent[]; cursor: StreamCursor; waiting: boolean; more: boolean }> {
  // Every event after the cursor, in order, so that the cursor can move over those not sent; the
  // payload (the bulk of a row) only of those to send.
  const rows = await sql<{ id: string; type: string; payload: string | null; txid: string; horizon: string }>(
    runner,
    `select e.id, e.type, e.txid::text as txid, pg_snapshot_xmin(pg_current_snapshot())::text as horizon,
            case when ($5::pg_snapshot is null or not pg_visible_in_snapshot(e.txid, $5::pg_snapshot))
                  and ($6::text[] is null or e.type = any ($6::text[]))
                  and ($8::timestamptz is null or e.created_at >= $8::timestamptz)
                 then e.payload end as payload
       from events e
      where e.merchant_id = $1 and e.livemode = $2 and (e.txid, e.id) > ($3::xid8, $4::text)
      order by e.txid, e.id
      limit $7`,
    [caller.merchant.id, caller.livemode, cursor.txid, cursor.id, cursor.snapshot, types, limit, cursor.since],
  );
  const events: StreamedEvent[] = [];
  let next = cursor;
  for (const [index, row] of rows.entries()) {
    if (BigInt(row.txid) >= BigInt(row.horizon)) {
      // Held back from here on. After a full page, whether an event to send comes after it is
      // unknown: wait as if one did.
      const waiting = rows.length === limit || rows.slice(index).some((later) => later.payload !== null);
      return { events, cursor: next, waiting, more: false };
    }
    if (row.payload !== null) events.push({ id: row.id, type: row.type, payload: row.payload });
    next = { ...cursor, txid: row.txid, id: row.id };
  }
  return { events, cursor: next, waiting: false, more: rows.length === limit };
}
