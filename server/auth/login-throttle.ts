import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { ApiError } from '../http/api-error';

/**
 * How failed sign-ins (and wrong current passwords) are throttled, per client address and per account:
 * - a client address may fail `maxFailures` times in a 15-minute window, then it is refused until the window ends;
 * - an account takes `maxFailures` consecutive failures freely; after that each attempt must wait, `firstDelaySeconds`
 *   after the first failure beyond the limit, doubled with each further failure, at most `maxDelaySeconds`. A success
 *   clears the account, and so does a day without failures. The delay grows, so guessing is slow, but it is short
 *   at first and bounded, so that failures typed by someone else cannot keep the owner out for long.
 */
export interface LoginThrottlePolicy {
  maxFailures: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
}

export const clientWindowSeconds = 15 * 60;
/** An account's failures are forgotten after this long without one. */
const accountMemory = sql`interval '1 day'`;

export interface ThrottleKeys {
  account: string;
  client: string;
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();
export const accountThrottleKey = (email: string) => `account:${normaliseEmail(email)}`;
export const clientThrottleKey = (ip: string) => `client:${ip}`;
/** The wrong current passwords a session gave in the settings (`PUT /api/users/me/password`). */
export const sessionThrottleKey = (sessionId: string) => `session:${sessionId}`;
export const throttleKeys = (email: string, ip: string): ThrottleKeys => ({
  account: accountThrottleKey(email),
  client: clientThrottleKey(ip),
});

export const tooManyAttempts = (retryAfterSeconds: number) =>
  new ApiError(
    429,
    'Too many failed sign-in attempts. Try again later.',
    { 'retry-after': String(retryAfterSeconds) },
    undefined,
    'LOGIN_THROTTLED',
  );

/** Thrown inside the claim's transaction to roll back the key claimed before a refused one. */
class Refused extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('refused');
  }
}

const integer = (value: number) => sql`${value}::integer`;
/** A column of the stored row, in the upsert of a key that already has one. */
const stored = (column: string) => sql.raw(`stored.${column}`);

/** What a key holds after one more attempt, if it fails too: `existing` when the key already has a row. */
interface Step {
  failures: SQL;
  windowStartedAt: SQL;
  /** When the key may try again; null while it need not wait. */
  blockedUntil: SQL;
}

function accountStep(policy: LoginThrottlePolicy, existing: boolean): Step {
  const forgotten = sql`greatest(${stored('last_failed_at')}, coalesce(${stored('blocked_until')}, ${stored('last_failed_at')})) <= now() - ${accountMemory}`;
  const failures = existing ? sql`(case when ${forgotten} then 1 else ${stored('failures')} + 1 end)` : sql`1`;
  const beyond = sql`(${failures} - ${integer(policy.maxFailures)})`;
  const delaySeconds = sql`least(${integer(policy.firstDelaySeconds)} * power(2, least(${beyond}, 30)), ${integer(policy.maxDelaySeconds)})`;
  return {
    failures,
    windowStartedAt: existing ? stored('window_started_at') : sql`now()`,
    blockedUntil: sql`case when ${beyond} >= 0 then now() + make_interval(secs => ${delaySeconds}) end`,
  };
}

function clientStep(policy: LoginThrottlePolicy, existing: boolean): Step {
  const window = sql`make_interval(secs => ${integer(clientWindowSeconds)})`;
  const expired = sql`${stored('window_started_at')} <= now() - ${window}`;
  const failures = existing ? sql`(case when ${expired} then 1 else ${stored('failures')} + 1 end)` : sql`1`;
  const windowStartedAt = existing ? sql`(case when ${expired} then now() else ${stored('window_started_at')} end)` : sql`now()`;
  return {
    failures,
    windowStartedAt,
    blockedUntil: sql`case when ${failures} >= ${integer(policy.maxFailures)} then ${windowStartedAt} + ${window} end`,
  };
}

/**
 * A session's wrong current passwords: counted without a window; the one that reaches the limit blocks the key (for a
 * day, longer than the session has left once it is ended) and the caller ends the session.
 */
function sessionStep(policy: LoginThrottlePolicy, existing: boolean): Step {
  const failures = existing ? sql`(${stored('failures')} + 1)` : sql`1`;
  return {
    failures,
    windowStartedAt: existing ? stored('window_started_at') : sql`now()`,
    blockedUntil: sql`case when ${failures} >= ${integer(policy.maxFailures)} then now() + ${accountMemory} end`,
  };
}

/**
 * Counts one attempt of a key, in one statement, unless the key must wait: an upsert whose update only happens while
 * the key is not blocked. The row lock it takes makes parallel attempts of the same key count one after the other,
 * each seeing the block the previous one set. Answers the seconds to wait when refused, else null.
 */
async function claimKey(db: Database, key: string, policy: LoginThrottlePolicy, step: typeof accountStep): Promise<number | null> {
  const claimed = await claimKeyCounting(db, key, policy, step);
  return 'refusedFor' in claimed ? claimed.refusedFor : null;
}

/** `claimKey`, answering the key's failures with this attempt when it was counted. */
async function claimKeyCounting(
  db: Database,
  key: string,
  policy: LoginThrottlePolicy,
  step: typeof accountStep,
): Promise<{ failures: number } | { refusedFor: number }> {
  const fresh = step(policy, false);
  const next = step(policy, true);
  const claimed = await rowsOf<{ failures: number }>(
    db.execute(sql`
      insert into login_throttle as stored (throttle_key, failures, window_started_at, last_failed_at, blocked_until)
      values (${key}, ${fresh.failures}, ${fresh.windowStartedAt}, now(), ${fresh.blockedUntil})
      on conflict (throttle_key) do update set
        failures = ${next.failures},
        window_started_at = ${next.windowStartedAt},
        last_failed_at = now(),
        blocked_until = ${next.blockedUntil}
      where stored.blocked_until is null or stored.blocked_until <= now()
      returning stored.failures`),
  );
  if (claimed.length > 0) return { failures: claimed[0]!.failures };
  const [blocked] = await rowsOf<{ seconds: number }>(
    db.execute(sql`select ceil(extract(epoch from blocked_until - now()))::integer as seconds
                     from login_throttle where throttle_key = ${key}`),
  );
  return { refusedFor: Math.max(1, blocked?.seconds ?? 1) };
}

async function rowsOf<Row>(result: Promise<unknown>): Promise<Row[]> {
  return ((await result) as { rows: Row[] }).rows;
}

/**
 * Counts a sign-in attempt against the account and the client address, as a failure until it is known to be
 * otherwise, or throws 429 with `Retry-After` when either must wait (then neither is counted). Both keys are claimed in
 * one transaction, always the account first, so two attempts never wait for each other's keys in opposite orders.
 */
export async function claimSignInAttempt(db: Database, keys: ThrottleKeys, policy: LoginThrottlePolicy) {
  await forgetOldKeys(db);
  try {
    await db.transaction(async (tx) => {
      for (const [key, step] of [
        [keys.account, accountStep],
        [keys.client, clientStep],
      ] as const) {
        const retryAfter = await claimKey(tx, key, policy, step);
        if (retryAfter !== null) throw new Refused(retryAfter);
      }
    });
  } catch (error) {
    if (error instanceof Refused) throw tooManyAttempts(error.retryAfterSeconds);
    throw error;
  }
}

/** Gives back the attempt counted on a key: it was not a failure after all. */
function releaseKey(db: Database, key: string, policy: LoginThrottlePolicy) {
  return db.execute(sql`
    update login_throttle set
      failures = greatest(failures - 1, 0),
      blocked_until = case when failures - 1 >= ${integer(policy.maxFailures)} then blocked_until end
    where throttle_key = ${key}`);
}

/**
 * Sign-in with a claimed attempt: `check` says whether the password (or code) was right. Right: the account's failures
 * are cleared and the client's attempt given back; with `keepAccountFailures` (a password right, but a second factor
 * still to come) both attempts are only given back, so that the failed codes of a second step stay counted whatever
 * the passwords. Wrong: the attempt stays counted. An error (a refusal that is not about the password, a failure of the
 * database): both attempts are given back, and the error goes on.
 */
export async function attemptSignIn(
  db: Database,
  keys: ThrottleKeys,
  policy: LoginThrottlePolicy,
  check: () => Promise<boolean>,
  { keepAccountFailures = false }: { keepAccountFailures?: boolean } = {},
) {
  await claimSignInAttempt(db, keys, policy);
  let passwordMatches: boolean;
  try {
    passwordMatches = await check();
  } catch (error) {
    await releaseKey(db, keys.account, policy);
    await releaseKey(db, keys.client, policy);
    throw error;
  }
  if (passwordMatches) {
    if (keepAccountFailures) await releaseKey(db, keys.account, policy);
    else await db.execute(sql`delete from login_throttle where throttle_key = ${keys.account}`);
    await releaseKey(db, keys.client, policy);
  }
  return passwordMatches;
}

/** Forgets an account's failed sign-ins (its password was just reset by a link sent to its address). */
export async function clearAccountFailures(db: Database, email: string) {
  await db.execute(sql`delete from login_throttle where throttle_key = ${accountThrottleKey(email)}`);
}

/**
 * Counts a request against fixed 15-minute windows of several keys (a password reset: its address and its client),
 * each allowed `max` requests per window; all counted, or none and 429 with `Retry-After` when one is used up. The same
 * upserts as sign-in's client key, in one transaction: parallel requests are counted one at a time.
 */
export async function claimRequestQuota(db: Database, quotas: Array<{ key: string; max: number }>, code = 'TOO_MANY_REQUESTS') {
  await forgetOldKeys(db);
  try {
    await db.transaction(async (tx) => {
      for (const { key, max } of quotas) {
        const retryAfter = await claimKey(tx, key, { maxFailures: max, firstDelaySeconds: 1, maxDelaySeconds: 1 }, clientStep);
        if (retryAfter !== null) throw new Refused(retryAfter);
      }
    });
  } catch (error) {
    if (error instanceof Refused) {
      throw new ApiError(429, 'Too many requests. Try again later.', { 'retry-after': String(error.retryAfterSeconds) }, undefined, code);
    }
    throw error;
  }
}

/** Keys whose last failure is a day old and that wait for nothing: their failures count no more. */
async function forgetOldKeys(db: Database) {
  await db.execute(sql`
    delete from login_throttle
     where last_failed_at < now() - ${accountMemory} and (blocked_until is null or blocked_until < now())`);
}

export interface OwnPasswordKeys {
  /** The session asking (`sessionThrottleKey`): its wrong current passwords are counted, not the account's. */
  session: string;
  /** The account (`accountThrottleKey`): cleared when the password is right, never counted here. */
  account: string;
  client: string;
}

/** Thrown inside the claim's transaction when the session has given too many wrong current passwords. */
class SessionSpent extends Error {}

/**
 * The settings' check of the current password (`PUT /api/users/me/password`). A wrong one counts against the session
 * that sent it and the client address, never against the account: a stolen session guessing the password would
 * otherwise make the owner wait to sign in. The session may give `maxFailures` wrong passwords; the one that reaches
 * it (or any attempt after, in parallel too) answers `sessionEnded`, and the caller ends the session. The client
 * address is throttled as at sign-in (429). Right: the session's and the account's failures are cleared.
 */
export async function attemptOwnPassword(
  db: Database,
  keys: OwnPasswordKeys,
  policy: LoginThrottlePolicy,
  check: () => Promise<boolean>,
): Promise<'right' | 'wrong' | 'sessionEnded'> {
  await forgetOldKeys(db);
  let sessionFailures: number;
  try {
    sessionFailures = await db.transaction(async (tx) => {
      const session = await claimKeyCounting(tx, keys.session, policy, sessionStep);
      if ('refusedFor' in session) throw new SessionSpent();
      const retryAfter = await claimKey(tx, keys.client, policy, clientStep);
      if (retryAfter !== null) throw new Refused(retryAfter);
      return session.failures;
    });
  } catch (error) {
    if (error instanceof SessionSpent) return 'sessionEnded';
    if (error instanceof Refused) throw tooManyAttempts(error.retryAfterSeconds);
    throw error;
  }
  let passwordMatches: boolean;
  try {
    passwordMatches = await check();
  } catch (error) {
    await releaseKey(db, keys.session, policy);
    await releaseKey(db, keys.client, policy);
    throw error;
  }
  if (!passwordMatches) return sessionFailures >= policy.maxFailures ? 'sessionEnded' : 'wrong';
  await db.execute(sql`delete from login_throttle where throttle_key in (${keys.account}, ${keys.session})`);
  await releaseKey(db, keys.client, policy);
  return 'right';
}
