import { lte, sql } from 'drizzle-orm';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from '../db/client';
import { rateLimitCounters } from '../db/schema';
import type { Counted, RequestGate } from './request-gate';

export async function deleteEndedWindows(db: Database) {
  await db.delete(rateLimitCounters).where(lte(rateLimitCounters.windowEndsAt, sql`now()`));
}

/**
 * A store of @fastify/rate-limit on the database, so every instance of the API counts in the same windows; the hits
 * are counted in the statement each request starts with (`request-gate.ts`).
 * A key found over its limit is refused from memory until its window ends, so a flood costs no database work.
 */
export function databaseRateLimitStore(gate: RequestGate): FastifyRateLimitStoreCtor {
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
      gate.countHit(key, timeWindow, (error, counted) => {
        if (error || !counted) return callback(error ?? new Error(`rate limit counter ${key} was not counted`));
        if (counted.current > max) rememberRefusal(key, counted.ttl);
        callback(null, counted);
      });
    }

    child() {
      return new DatabaseRateLimitStore();
    }
  }
  return DatabaseRateLimitStore;
}
