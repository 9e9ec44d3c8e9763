import { lte, sql } from 'drizzle-orm';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from '../db/client';
import { rateLimitCounters } from '../db/schema';

type Counted = { current: number; ttl: number };

/**
 * Counts a hit of `key` in its fixed window and answers the hits so far and the milliseconds left, in one
 * statement: the upsert is atomic on PostgreSQL and PGlite alike, so parallel requests (on any instance) never
 * read the same count. A window that has ended starts again at 1.
 */
export async function countHit(db: Database, key: string, windowMs: number): Promise<Counted> {
  const { hits, windowEndsAt } = rateLimitCounters;
  const ended = sql`${windowEndsAt} <= now()`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ counterKey: key, hits: 1, windowEndsAt: sql`now() + ${windowMs}::integer * interval '1 millisecond'` })
    .onConflictDoUpdate({
      target: rateLimitCounters.counterKey,
      set: {
        hits: sql`case when ${ended} then 1 else ${hits} + 1 end`,
        windowEndsAt: sql`case when ${ended} then excluded.window_ends_at else ${windowEndsAt} end`,
      },
    })
    .returning({ hits, ttl: sql<number>`ceil(extract(epoch from ${windowEndsAt} - now()) * 1000)::integer` });
  if (!row) throw new Error(`rate limit counter ${key} was not written`);
  return { current: row.hits, ttl: Math.max(0, row.ttl) };
}

export async function deleteEndedWindows(db: Database) {
  await db.delete(rateLimitCounters).where(lte(rateLimitCounters.windowEndsAt, sql`now()`));
}

/**
 * A store of @fastify/rate-limit on the database, so every instance of the API counts in the same windows.
 * A key found over its limit is refused from memory until its window ends, so a flood costs no database work.
 */
export function databaseRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  const refusedUntil = new Map<string, number>();

  function refusedFromMemory(key: string, max: number): Counted | null {
    const until = refusedUntil.get(key);
    if (until === undefined) return null;
    const ttl = until - Date.now();
    if (ttl > 0) return { current: max + 1, ttl };
    refusedUntil.delete(key);
    return null;
  }

  function rememberRefusal(key: string, ttl: number) {
    if (refusedUntil.size >= 10_000) {
      const now = Date.now();
      for (const [other, until] of refusedUntil) if (until <= now) refusedUntil.delete(other);
    }
    refusedUntil.set(key, Date.now() + ttl);
  }

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: Counted) => void, timeWindow: number, max: number) {
      const refused = refusedFromMemory(key, max);
      if (refused) return callback(null, refused);
      countHit(db, key, timeWindow).then(
        (counted) => {
          if (counted.current > max) rememberRefusal(key, counted.ttl);
          callback(null, counted);
        },
        (error: Error) => callback(error),
      );
    }

    child() {
      return new DatabaseRateLimitStore();
    }
  }
  return DatabaseRateLimitStore;
}
