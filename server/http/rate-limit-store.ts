import { lte, sql } from 'drizzle-orm';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from '../db/client';
import { preparedOnce } from '../db/prepared';
import { rateLimitCounters } from '../db/schema';

type Counted = { current: number; ttl: number };

interface CountedRow {
  key: string;
  hits: number;
  ttl: number;
}

const statements = preparedOnce();

/**
 * Counts `hits` hits of each key in its fixed window and answers each key's hits so far and the milliseconds left, in
 * one statement built once: the upsert is atomic on PostgreSQL and PGlite alike, so parallel requests (on any
 * instance) never read the same count. A window that has ended starts again at the hits counted now. Keys are
 * upserted in their sorted order, so that two instances counting the same keys lock them in the same order.
 */
const countHits = (db: Database) =>
  statements(db, 'rate-limit:hits', () => {
    const { counterKey, hits, windowEndsAt } = rateLimitCounters;
    const ended = sql`${windowEndsAt} <= now()`;
    return db
      .insert(rateLimitCounters)
      .select(
        sql`select key, hits, now() + window_ms * interval '1 millisecond'
          from unnest(${sql.placeholder('keys')}::text[], ${sql.placeholder('hits')}::integer[], ${sql.placeholder('windows')}::integer[])
            as counted(key, hits, window_ms)
          order by key`,
      )
      .onConflictDoUpdate({
        target: counterKey,
        set: {
          hits: sql`case when ${ended} then excluded.hits else ${hits} + excluded.hits end`,
          windowEndsAt: sql`case when ${ended} then excluded.window_ends_at else ${windowEndsAt} end`,
        },
      })
      .returning({ key: counterKey, hits, ttl: sql<number>`ceil(extract(epoch from ${windowEndsAt} - now()) * 1000)::integer` })
      .prepare('rate_limit_hits');
  });

export async function deleteEndedWindows(db: Database) {
  await db.delete(rateLimitCounters).where(lte(rateLimitCounters.windowEndsAt, sql`now()`));
}

interface Waiting {
  windowMs: number;
  callbacks: ((error: Error | null, result?: Counted) => void)[];
}

/**
 * Counts hits in batches, the way a database commits in groups: one statement in flight at a time per instance; the
 * hits that arrive meanwhile wait for it and are then counted together, each key once with its number of hits. The
 * counts stay exact (the batch's statement is atomic, and its hits of one key get the consecutive counts that end at
 * the key's new total), and a flood costs one statement per batch instead of one per hit and per limit, so its hits
 * no longer queue one by one on the same counter rows' locks.
 */
function hitBatcher(db: Database) {
  let waiting = new Map<string, Waiting>();
  let counting = false;

  async function flush() {
    counting = true;
    while (waiting.size > 0) {
      const batch = waiting;
      waiting = new Map();
      const keys = [...batch.keys()];
      try {
        const rows = (await countHits(db).execute({
          keys,
          hits: keys.map((key) => batch.get(key)!.callbacks.length),
          windows: keys.map((key) => batch.get(key)!.windowMs),
        })) as CountedRow[];
        const byKey = new Map(rows.map((row) => [row.key, row]));
        for (const [key, { callbacks }] of batch) {
          const row = byKey.get(key);
          if (!row) {
            for (const callback of callbacks) callback(new Error(`rate limit counter ${key} was not written`));
            continue;
          }
          const first = row.hits - callbacks.length + 1;
          callbacks.forEach((callback, index) => callback(null, { current: first + index, ttl: Math.max(0, row.ttl) }));
        }
      } catch (error) {
        for (const { callbacks } of batch.values()) for (const callback of callbacks) callback(error as Error);
      }
    }
    counting = false;
  }

  return (key: string, windowMs: number, callback: (error: Error | null, result?: Counted) => void) => {
    const entry = waiting.get(key);
    if (entry) entry.callbacks.push(callback);
    else waiting.set(key, { windowMs, callbacks: [callback] });
    // The first hit while nothing is in flight waits for the hits of the same turn of the event loop (the other
    // limits of its request), then goes.
    if (!counting) {
      counting = true;
      setImmediate(() => void flush());
    }
  };
}

/**
 * A store of @fastify/rate-limit on the database, so every instance of the API counts in the same windows.
 * A key found over its limit is refused from memory until its window ends, so a flood costs no database work.
 */
export function databaseRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  const refusedUntil = new Map<string, number>();
  const count = hitBatcher(db);

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
      count(key, timeWindow, (error, counted) => {
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
