import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sha256Hex } from '../ids.ts';
import { sql } from '../persistence/sql.ts';
import { ApiError } from './errors.ts';
import { normalizeEmail } from './dashboard-users.ts';
import { decoyHash, verifyPassword } from './passwords.ts';

/** A session lasts 12 hours from sign-in at most: a working day, after which staff sign in again. */
export const SESSION_SECONDS = 12 * 60 * 60;

/** DASHBOARD_IDLE_TIMEOUT_SECONDS' default: a session with no request for 30 minutes has ended. */
export const DEFAULT_IDLE_SECONDS = 30 * 60;

/**
 * How long typing the password again holds, in the one session it was typed in, for the account
 * changes that ask for it (a stolen session cookie is not enough for them).
 */
export const PASSWORD_CONFIRMATION_SECONDS = 5 * 60;

/** A session's last request is written down at most this often (a quarter of the idle limit, if less), not on every request. */
const SEEN_PRECISION_SECONDS = 15;

// Password guessing is slowed twice over. Per e-mail address and client (IP address): 5 wrong
// passwords within an hour cost nothing but scrypt's own time (typos happen); from the fifth
// failure on, each attempt opens a wait, 1 second doubling to at most 15 minutes, that the next
// attempt from that client must sit out before it is even checked. Counting per address alone
// would let anyone lock a user out by failing on purpose; counted per client too, the user's own
// browser is unaffected. And per client across all addresses, with more room (an office shares
// one address), so one client cannot try one password against many users. An hour without
// attempts forgets a count; a correct password clears the address's count and takes its attempt
// off the client's.
const MAX_WAIT_SECONDS = 15 * 60;
const FORGET_AFTER = '1 hour';

// An attempt's number in its count: one more than before, or 1 when the count was forgotten.
const NEXT_COUNT = `(case when a.last_attempt_at < now() - interval '${FORGET_AFTER}' then 1 else a.failures + 1 end)`;

interface Throttle {
  subject: string;
  freeFailures: number;
}

const throttlesFor = (email: string, client: string): [Throttle, Throttle] => [
  { subject: `${email} from ${client}`, freeFailures: 5 },
  { subject: `any address from ${client}`, freeFailures: 30 },
];

export interface DashboardSession {
  user: { id: string; email: string };
  merchant: { id: string; name: string; logo_url: string | null };
  csrfToken: string;
  expiresAt: Date;
  /** Until when the password typed again in this session holds; null when it was not, or no longer holds. */
  passwordConfirmedUntil: Date | null;
}

export type SignInResult =
  | { outcome: 'signed_in'; token: string; session: DashboardSession }
  | { outcome: 'invalid_credentials' }
  | { outcome: 'slowed_down'; retryAfterSeconds: number };

interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  merchant_id: string;
  merchant_name: string;
  logo_url: string | null;
}

/**
 * Checks an e-mail address and password and opens a session. The attempt is counted before the
 * password is checked, in one statement per throttle, so guesses sent in parallel are counted (and
 * held back) exactly like guesses sent one after another.
 */
export async function signIn(em: EntityManager, input: { email: string; password: string; client: string }): Promise<SignInResult> {
  const email = normalizeEmail(input.email);
  const throttles = throttlesFor(email, input.client);
  const wait = await admitAttempt(em, throttles);
  if (wait !== null) return { outcome: 'slowed_down', retryAfterSeconds: wait };

  const [user] = await sql<UserRow>(
    em,
    `select u.id, u.email, u.password_hash, m.id as merchant_id, m.name as merchant_name, m.logo_url
       from dashboard_users u join merchants m on m.id = u.merchant_id
      where u.email = $1`,
    [email],
  );
  const matches = await verifyPassword(input.password, user?.password_hash ?? (await decoyHash()));
  if (user === undefined || !matches) return { outcome: 'invalid_credentials' };

  const token = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(32).toString('base64url');
  // Timestamps arrive as text on this connection (see payment-intent-rows.ts).
  const [opened] = await em.transactional(async (tx) => {
    await attemptSucceeded(tx, throttles);
    // Sign-in is when a user's ended sessions are swept; the rest are swept by maintenance.
    await sql(tx, 'delete from dashboard_sessions where user_id = $1 and expires_at <= now()', [user.id]);
    return sql<{ expires_at: Date }>(
      tx,
      `insert into dashboard_sessions (token_hash, user_id, csrf_token, created_at, expires_at, last_seen_at)
       values ($1, $2, $3, now(), now() + make_interval(secs => $4), now()) returning expires_at`,
      [sha256Hex(token), user.id, csrfToken, SESSION_SECONDS],
    );
  });
  return {
    outcome: 'signed_in',
    token,
    session: {
      user: { id: user.id, email: user.email },
      merchant: { id: user.merchant_id, name: user.merchant_name, logo_url: user.logo_url },
      csrfToken,
      expiresAt: new Date(opened!.expires_at),
      // Signing in does not count: an account change asks for the password at the change.
      passwordConfirmedUntil: null,
    },
  };
}

/**
 * Counts a password attempt under both throttles, the address's first: null when the password may
 * be checked, else the seconds to wait first (an attempt held back by the client's throttle is
 * taken off the address's count: it was not checked, so it is no failure).
 */
async function admitAttempt(em: EntityManager, [perAddress, perClient]: [Throttle, Throttle]): Promise<number | null> {
  const addressWait = await countAttempt(em, perAddress);
  if (addressWait !== null) return addressWait;
  const clientWait = await countAttempt(em, perClient);
  if (clientWait !== null) await forgiveAttempt(em, perAddress);
  return clientWait;
}

/** A right password: the address's count is cleared, and the attempt taken off the client's. */
async function attemptSucceeded(tx: EntityManager, [perAddress, perClient]: [Throttle, Throttle]): Promise<void> {
  await sql(tx, 'delete from dashboard_sign_in_attempts where subject = $1', [perAddress.subject]);
  await forgiveAttempt(tx, perClient);
}

/** Counts an attempt under `throttle`: null when it may be checked, else the seconds to wait first. */
async function countAttempt(em: EntityManager, throttle: Throttle): Promise<number | null> {
  // `n` is this attempt's number in the count. The attempt itself is admitted (its wait, if
  // any, is over); when it brings the count to the free allowance or beyond, it opens the wait the
  // next attempt must sit out: 1 s after the allowance's last free failure, doubling from there.
  const counted = await sql(
    em,
    `insert into dashboard_sign_in_attempts as a (subject, failures, last_attempt_at, blocked_until)
     values ($1, 1, now(), case when 1 >= $2 then now() + interval '1 second' end)
     on conflict (subject) do update set
       failures = ${NEXT_COUNT},
       last_attempt_at = now(),
       blocked_until = case when ${NEXT_COUNT} >= $2
         then now() + make_interval(secs => least(power(2, least(${NEXT_COUNT} - $2, 20)), $3)) end
     where a.blocked_until is null or a.blocked_until <= now()
     returning 1`,
    [throttle.subject, throttle.freeFailures, MAX_WAIT_SECONDS],
  );
  if (counted.length > 0) return null;
  const [row] = await sql<{ wait: number }>(
    em,
    `select greatest(1, ceil(extract(epoch from blocked_until - now())))::int as wait from dashboard_sign_in_attempts where subject = $1`,
    [throttle.subject],
  );
  return Math.min(MAX_WAIT_SECONDS, Number(row?.wait ?? 1));
}

/** Takes back an attempt counted under `throttle` that turned out not to be a failure. */
async function forgiveAttempt(em: EntityManager, throttle: Throttle): Promise<void> {
  await sql(
    em,
    `update dashboard_sign_in_attempts
        set failures = greatest(failures - 1, 0),
            blocked_until = case when failures - 1 >= $2 then blocked_until end
      where subject = $1`,
    [throttle.subject, throttle.freeFailures],
  );
}

/**
 * The live session a cookie's token opens, or null for an unknown or ended one: ended 12 hours
 * after sign-in, or after `idleSeconds` without a request. Each request keeps it alive (written
 * down at most every few seconds).
 */
export async function findSession(em: EntityManager, token: string, idleSeconds = DEFAULT_IDLE_SECONDS): Promise<DashboardSession | null> {
  const [row] = await sql<UserRow & { csrf_token: string; expires_at: Date; stale: boolean; confirmed_until: Date | null }>(
    em,
    `select u.id, u.email, m.id as merchant_id, m.name as merchant_name, m.logo_url, s.csrf_token, s.expires_at,
            case when s.password_confirmed_at > now() - make_interval(secs => ${PASSWORD_CONFIRMATION_SECONDS})
                 then s.password_confirmed_at + make_interval(secs => ${PASSWORD_CONFIRMATION_SECONDS}) end as confirmed_until,
            s.last_seen_at < now() - make_interval(secs => least($3, $2::double precision / 4)) as stale
       from dashboard_sessions s
       join dashboard_users u on u.id = s.user_id
       join merchants m on m.id = u.merchant_id
      where s.token_hash = $1 and s.expires_at > now() and s.last_seen_at > now() - make_interval(secs => $2)`,
    [sha256Hex(token), idleSeconds, SEEN_PRECISION_SECONDS],
  );
  if (row === undefined) return null;
  if (row.stale) await sql(em, 'update dashboard_sessions set last_seen_at = now() where token_hash = $1', [sha256Hex(token)]);
  return {
    user: { id: row.id, email: row.email },
    merchant: { id: row.merchant_id, name: row.merchant_name, logo_url: row.logo_url },
    csrfToken: row.csrf_token,
    expiresAt: new Date(row.expires_at),
    passwordConfirmedUntil: row.confirmed_until === null ? null : new Date(row.confirmed_until),
  };
}

export type PasswordConfirmation =
  | { outcome: 'confirmed'; until: Date }
  | { outcome: 'invalid_credentials' }
  | { outcome: 'slowed_down'; retryAfterSeconds: number };

/**
 * The signed-in user types their password again: right, and account changes made in this session
 * (`token`'s) in the next 5 minutes need not ask again. Guesses are counted and slowed down as at
 * sign-in (under the same throttles), so a stolen cookie cannot be used to try passwords quickly.
 */
export async function confirmPassword(
  em: EntityManager,
  input: { token: string; userId: string; email: string; password: string; client: string },
): Promise<PasswordConfirmation> {
  const throttles = throttlesFor(input.email, input.client);
  const wait = await admitAttempt(em, throttles);
  if (wait !== null) return { outcome: 'slowed_down', retryAfterSeconds: wait };
  const [user] = await sql<{ password_hash: string }>(em, 'select password_hash from dashboard_users where id = $1', [input.userId]);
  if (user === undefined || !(await verifyPassword(input.password, user.password_hash))) return { outcome: 'invalid_credentials' };
  const [confirmed] = await em.transactional(async (tx) => {
    await attemptSucceeded(tx, throttles);
    return sql<{ until: Date }>(
      tx,
      `update dashboard_sessions set password_confirmed_at = now()
        where token_hash = $1 returning password_confirmed_at + make_interval(secs => ${PASSWORD_CONFIRMATION_SECONDS}) as until`,
      [sha256Hex(input.token)],
    );
  });
  // The session ended while the password was checked: nothing to confirm.
  if (confirmed === undefined) return { outcome: 'invalid_credentials' };
  return { outcome: 'confirmed', until: new Date(confirmed.until) };
}

/** Ends every session of the user (every browser it is signed in on); answers how many. */
export async function endEverySession(em: EntityManager, userId: string): Promise<number> {
  const rows = await sql(em, 'delete from dashboard_sessions where user_id = $1 returning 1', [userId]);
  return rows.length;
}

export async function endSession(em: EntityManager, token: string): Promise<void> {
  await sql(em, 'delete from dashboard_sessions where token_hash = $1', [sha256Hex(token)]);
}

/** Whether a request's X-CSRF-Token is the session's, in constant time. */
export function csrfTokenMatches(session: DashboardSession, sent: string | undefined): boolean {
  if (sent === undefined) return false;
  const expected = Buffer.from(session.csrfToken);
  const actual = Buffer.from(sent);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Forgets up to `limit` sessions that have ended. */
export async function purgeEndedSessions(em: EntityManager, limit: number): Promise<number> {
  const rows = await sql(
    em,
    `delete from dashboard_sessions
      where token_hash in (select token_hash from dashboard_sessions where expires_at <= now() order by expires_at limit $1 for update skip locked)
      returning 1`,
    [limit],
  );
  return rows.length;
}

/** Forgets up to `limit` attempts that can no longer slow anyone down: an hour quiet and no wait still running. */
export async function purgeStaleSignInAttempts(em: EntityManager, limit: number): Promise<number> {
  const rows = await sql(
    em,
    `delete from dashboard_sign_in_attempts
      where subject in (select subject from dashboard_sign_in_attempts
                         where last_attempt_at < now() - interval '${FORGET_AFTER}' and (blocked_until is null or blocked_until <= now())
                         order by last_attempt_at limit $1 for update skip locked)
      returning 1`,
    [limit],
  );
  return rows.length;
}

export const invalidCredentials = (): ApiError =>
  new ApiError('invalid_credentials', 'That e-mail address and password do not match a dashboard user.');
