import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { loginFailures } from '../db/schema';
import { ApiError } from '../http/api-error';

const failureWindow = sql`interval '15 minutes'`;

export const normaliseEmail = (email: string) => email.trim().toLowerCase();
export const accountThrottleKey = (email: string) => `account:${normaliseEmail(email)}`;
export const clientThrottleKey = (ip: string) => `client:${ip}`;

/** Seconds until a sign-in may be tried again for the most restricted key, or null when none is locked. */
export async function lockoutSeconds(db: Database, keys: string[], maxFailures: number): Promise<number | null> {
  const recent = db
    .select({
      failedAt: loginFailures.failedAt,
      rank: sql<number>`row_number() over (
        partition by ${loginFailures.throttleKey} order by ${loginFailures.failedAt} desc
      )`.as('rank'),
    })
    .from(loginFailures)
    .where(and(inArray(loginFailures.throttleKey, keys), gt(loginFailures.failedAt, sql`now() - ${failureWindow}`)))
    .as('recent');
  const [locked] = await db
    .select({
      seconds: sql<number>`ceil(extract(epoch from max(${recent.failedAt}) + ${failureWindow} - now()))::int`,
    })
    .from(recent)
    .where(eq(recent.rank, maxFailures));
  return locked?.seconds ? Math.max(1, locked.seconds) : null;
}

/** 429 with `Retry-After` while any of the keys has reached `maxFailures` failures in the window. */
export async function refuseWhileLockedOut(db: Database, keys: string[], maxFailures: number) {
  const retryAfter = await lockoutSeconds(db, keys, maxFailures);
  if (retryAfter !== null) {
    throw new ApiError(429, 'Too many failed sign-in attempts. Try again later.', { 'retry-after': String(retryAfter) });
  }
}

export async function recordLoginFailure(db: Database, keys: string[]) {
  await db.delete(loginFailures).where(lt(loginFailures.failedAt, sql`now() - ${failureWindow}`));
  await db.insert(loginFailures).values(keys.map((throttleKey) => ({ throttleKey })));
}

export async function clearLoginFailures(db: Database, key: string) {
  await db.delete(loginFailures).where(eq(loginFailures.throttleKey, key));
}
