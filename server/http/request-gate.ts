import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AuthSession } from '../auth/auth-session';
import { bearerToken, hashSessionToken } from '../auth/session-token';
import { activeSessionsByTokenHashes, authSessionOf, type SessionRow } from '../auth/sessions';
import type { Database } from '../db/client';
import { rateLimitCounters } from '../db/schema';

/** A rate-limit key's hits so far in its window, and the milliseconds until the window ends. */
export interface Counted {
  current: number;
  ttl: number;
}

interface GateRow {
  hits: { key: string; hits: number; ttl: number }[];
  sessions: { tokenHash: string; session: SessionRow }[];
}

/**
 * The one statement that counts a batch's rate-limit hits and looks up its sessions: the owner's work every API
 * request starts with, before the caller is known.
 *
 * - Hits: each key once with its number of hits, upserted in the keys' sorted order (so that two instances lock the
 *   same rows in the same order); a window that has ended starts again at the hits counted now. The upsert is atomic
 *   on PostgreSQL and PGlite alike, so parallel requests (on any instance) never read the same count.
 * - Sessions: the active sessions of the batch's token hashes (`auth/sessions.ts`).
 */
function gateStatement(db: Database) {
  const { counterKey, hits, windowEndsAt } = rateLimitCounters;
  const ended = sql`${windowEndsAt} <= now()`;
  const counting = db
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
    .returning({
      key: sql<string>`${counterKey}`.as('key'),
      hits: sql<number>`${hits}`.as('hits'),
      ttl: sql<number>`ceil(extract(epoch from ${windowEndsAt} - now()) * 1000)::integer`.as('ttl'),
    });
  const statement = sql`with counted as ${counting}
    select
      (select coalesce(json_agg(counted), '[]'::json) from counted) as hits,
      (select coalesce(json_agg(found), '[]'::json) from ${activeSessionsByTokenHashes(db)} as found) as sessions`;
  // A statement of Drizzle's own (logged like the others, named so that each connection parses it once), from SQL
  // that no query builder spells: a data-modifying WITH at the top of a select without FROM.
  const prepared = db._.session.prepareQuery(new PgDialect().sqlToQuery(statement), undefined, 'request_gate', false);
  return async (values: { keys: string[]; hits: number[]; windows: number[]; tokenHashes: string[] }) => {
    const result = (await prepared.execute(values)) as { rows: GateRow[] };
    return result.rows[0]!;
  };
}

type Callback<T> = (error: Error | null, result?: T) => void;

interface Batch {
  /** Each key's callers, each with the hits it counts (1 for a request, its rows for bulk work: `bulk-work.ts`). */
  hits: Map<string, { windowMs: number; callbacks: Array<{ callback: Callback<Counted>; weight: number }> }>;
  sessions: Map<string, Callback<AuthSession | null>[]>;
}

const emptyBatch = (): Batch => ({ hits: new Map(), sessions: new Map() });

export interface RequestGate {
  /**
   * Counts `weight` hits (one by default) of `key` in its window of `windowMs` (a store of @fastify/rate-limit calls it
   * with one; `bulk-work.ts` with the rows of an import or export, which that library's `incr` cannot weigh).
   */
  countHit(key: string, windowMs: number, callback: Callback<Counted>, weight?: number): void;
  /** The active session of the request's bearer token, null without one; one lookup per request, however often asked. */
  sessionOf(request: FastifyRequest): Promise<AuthSession | null>;
}

/**
 * Runs the gate's statement in batches, the way a database commits in groups: one statement in flight at a time per
 * instance; what arrives meanwhile (from any request) waits for it and goes in the next. A request's own hits and its
 * session lookup are asked in the same turn of the event loop, so they share one round trip; a flood shares them
 * between its requests, so its hits no longer queue one by one on the same counter rows' locks. Every count stays
 * exact: a batch's statement is atomic, and its hits of one key get the consecutive counts that end at the key's new
 * total.
 */
export function requestGate(db: Database): RequestGate {
  let run: ReturnType<typeof gateStatement> | undefined;
  let waiting = emptyBatch();
  let busy = false;
  const lookups = new WeakMap<FastifyRequest, Promise<AuthSession | null>>();

  async function flush() {
    while (waiting.hits.size > 0 || waiting.sessions.size > 0) {
      const batch = waiting;
      waiting = emptyBatch();
      const keys = [...batch.hits.keys()].sort();
      try {
        run ??= gateStatement(db);
        const row = await run({
          keys,
          hits: keys.map((key) => batch.hits.get(key)!.callbacks.reduce((sum, { weight }) => sum + weight, 0)),
          windows: keys.map((key) => batch.hits.get(key)!.windowMs),
          tokenHashes: [...batch.sessions.keys()],
        });
        const counted = new Map(row.hits.map((hit) => [hit.key, hit]));
        for (const [key, { callbacks }] of batch.hits) {
          const hit = counted.get(key);
          if (!hit) {
            for (const { callback } of callbacks) callback(new Error(`rate limit counter ${key} was not written`));
            continue;
          }
          // Each caller gets the count its own hits end at, in the order they were asked.
          let current = hit.hits - callbacks.reduce((sum, { weight }) => sum + weight, 0);
          for (const { callback, weight } of callbacks) {
            current += weight;
            callback(null, { current, ttl: Math.max(0, hit.ttl) });
          }
        }
        const found = new Map(row.sessions.map(({ tokenHash, session }) => [tokenHash, session]));
        for (const [tokenHash, callbacks] of batch.sessions) {
          const session = found.get(tokenHash);
          for (const callback of callbacks) callback(null, session ? authSessionOf(session) : null);
        }
      } catch (error) {
        for (const { callbacks } of batch.hits.values()) for (const { callback } of callbacks) callback(error as Error);
        for (const callbacks of batch.sessions.values()) for (const callback of callbacks) callback(error as Error);
      }
    }
    busy = false;
  }

  /** The first ask while nothing is in flight waits for the rest of its turn of the event loop, then goes. */
  function schedule() {
    if (busy) return;
    busy = true;
    setImmediate(() => void flush());
  }

  return {
    countHit(key, windowMs, callback, weight = 1) {
      const entry = waiting.hits.get(key);
      if (entry) entry.callbacks.push({ callback, weight });
      else waiting.hits.set(key, { windowMs, callbacks: [{ callback, weight }] });
      schedule();
    },
    sessionOf(request) {
      let lookup = lookups.get(request);
      if (lookup) return lookup;
      const token = bearerToken(request.headers.authorization);
      if (token === null) lookup = Promise.resolve(null);
      else {
        const tokenHash = hashSessionToken(token);
        lookup = new Promise((resolve, reject) => {
          const callback: Callback<AuthSession | null> = (error, session) => (error ? reject(error) : resolve(session ?? null));
          const callbacks = waiting.sessions.get(tokenHash);
          if (callbacks) callbacks.push(callback);
          else waiting.sessions.set(tokenHash, [callback]);
          schedule();
        });
        // Asked ahead (with the rate limits), it may fail while nobody waits for it yet: that is not unhandled.
        lookup.catch(() => undefined);
      }
      lookups.set(request, lookup);
      return lookup;
    },
  };
}
