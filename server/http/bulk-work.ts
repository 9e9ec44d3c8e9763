import { lte, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthSession } from '../auth/auth-session';
import type { Database } from '../db/client';
import { bulkWorkClaims } from '../db/schema';
import { ApiError } from './api-error';

/** Bulk work: a batch of an import (or its dry run), an export. */
export type BulkKind = 'import' | 'export';

/**
 * Rows of bulk work allowed per window, per session and per tenant (issue 26): the request limits of
 * `rate-limits.ts` count a 500-row dry run as one request. An import's rows are also the email addresses it checks.
 */
export interface BulkRowLimits {
  windowSeconds: number;
  importRowsPerSession: number;
  importRowsPerTenant: number;
  exportRowsPerSession: number;
  exportRowsPerTenant: number;
}

export interface BulkWorkSettings {
  /** Row budgets; none when absent (`server/main.ts` gives the configured ones, like the rate limits). */
  rows?: BulkRowLimits;
  /** Bulk requests of one tenant running at once on this instance; the others wait their turn. */
  perTenant: number;
  /** Bulk requests of all tenants running at once on this instance: the rest of the pool is left to everything else. */
  total: number;
  /** How long a bulk request waits for its turn before it is answered 429. */
  maxWaitMs: number;
}

export const defaultBulkWork: BulkWorkSettings = { perTenant: 1, total: 2, maxWaitMs: 10_000 };

/** A claim left by an instance that died (it is deleted when the answer ends) expires after this long. */
const claimMinutes = 10;

declare module 'fastify' {
  interface FastifyInstance {
    /** Bulk work's turn (`http/bulk-work.ts`): call before the work starts; it ends with the answer. */
    bulkWork: BulkWork;
  }
}

export interface BulkWork {
  /**
   * Starts `rows` rows of bulk work (a function counts them, and is called only when row budgets are on, once the
   * session's claim is taken) of `kind` for the request's session, or answers 429 (with `Retry-After`) when the
   * session already has one of that kind in flight or the rows exceed its session's or tenant's budget. Then waits for
   * a turn of the session's tenant. Answers the function that gives everything back, which the route awaits once the
   * work is done and before the answer's end is sent, so that the session's next request finds the claim gone; a
   * client going away first gives it back too.
   */
  begin(request: FastifyRequest, reply: FastifyReply, kind: BulkKind, rows: number | (() => Promise<number>)): Promise<() => Promise<void>>;
}

/** The tenant a session's bulk work counts against: the effective one (assumed included), else the platform's. */
const tenantKey = (session: AuthSession) => session.user.tenantId ?? 'platform';

const tooMany = (message: string, retryAfterSeconds: number) =>
  new ApiError(429, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

export async function registerBulkWork(app: FastifyInstance, db: Database, settings: BulkWorkSettings) {
  const turns = tenantTurns(settings.perTenant, settings.total);
  const { rows } = settings;

  async function claim(key: string) {
    const claimed = await db
      .insert(bulkWorkClaims)
      .values({ claimKey: key, claimedUntil: sql`now() + ${`${claimMinutes} minutes`}::interval` })
      .onConflictDoUpdate({
        target: bulkWorkClaims.claimKey,
        set: { claimedUntil: sql`excluded.claimed_until` },
        setWhere: sql`${bulkWorkClaims.claimedUntil} <= now()`,
      })
      .returning({ key: bulkWorkClaims.claimKey });
    return claimed.length > 0;
  }

  const countRows = (key: string, weight: number, windowMs: number) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      app.gate.countHit(
        key,
        windowMs,
        (error, counted) => (error || !counted ? reject(error ?? new Error(key)) : resolve(counted)),
        weight,
      ),
    );

  async function chargeRows(session: AuthSession, kind: BulkKind, count: number) {
    if (!rows || count <= 0) return;
    const windowMs = rows.windowSeconds * 1000;
    const [perSession, perTenant] =
      kind === 'import' ? [rows.importRowsPerSession, rows.importRowsPerTenant] : [rows.exportRowsPerSession, rows.exportRowsPerTenant];
    const [bySession, byTenant] = await Promise.all([
      countRows(`rows:${kind}:session:${session.sessionId}`, count, windowMs),
      countRows(`rows:${kind}:tenant:${tenantKey(session)}`, count, windowMs),
    ]);
    const refusals = [...(bySession.current > perSession ? [bySession.ttl] : []), ...(byTenant.current > perTenant ? [byTenant.ttl] : [])];
    if (refusals.length > 0) {
      throw tooMany(
        `Too many rows ${kind === 'import' ? 'imported or checked' : 'exported'}. Try again later.`,
        Math.max(...refusals) / 1000,
      );
    }
  }

  app.decorate('bulkWork', {
    async begin(request, reply, kind, count) {
      const session = request.session;
      const claimKey = `${kind}:${session.sessionId}`;
      let claimed = false;
      let turn: (() => void) | undefined;
      let ending: Promise<void> | undefined;
      const end = () =>
        (ending ??= (async () => {
          turn?.();
          if (!claimed) return;
          try {
            await db.delete(bulkWorkClaims).where(sql`${bulkWorkClaims.claimKey} = ${claimKey}`);
          } catch (error) {
            request.log.warn({ err: error }, 'could not end a bulk work claim');
          }
        })());
      // A client going away before the work ends gives everything back too.
      reply.raw.once('close', () => void end());

      claimed = await claim(claimKey);
      if (!claimed) {
        await end();
        throw tooMany(`This session already has an ${kind} in progress. Wait for it to end.`, 1);
      }
      try {
        if (rows) await chargeRows(session, kind, typeof count === 'number' ? count : await count());
        turn = await turns.take(tenantKey(session), settings.maxWaitMs);
      } catch (error) {
        await end();
        throw error;
      }
      if (ending) {
        turn();
        throw tooMany('The request ended before its turn came.', 1);
      }
      return end;
    },
  } satisfies BulkWork);

  const cleanup = setInterval(() => {
    db.delete(bulkWorkClaims)
      .where(lte(bulkWorkClaims.claimedUntil, sql`now()`))
      .catch((error: unknown) => app.log.warn({ err: error }, 'could not delete expired bulk work claims'));
  }, 60_000);
  cleanup.unref();
  app.addHook('onClose', async () => clearInterval(cleanup));
}

/**
 * Turns of bulk work on this instance: at most `perTenant` of one tenant and `total` in all at once, so one tenant's
 * bulk calls cannot hold every connection of the pool (nor every turn of the event loop) while other tenants wait
 * behind them. Waiters are served first come, first served, skipping those whose tenant is still at its cap; a waiter
 * holds no connection. One that waits longer than `maxWaitMs` is refused (429).
 */
export function tenantTurns(perTenant: number, total: number) {
  const running = new Map<string, number>();
  let all = 0;
  const waiting: Array<{ tenant: string; start: () => void }> = [];
  const free = (tenant: string) => all < total && (running.get(tenant) ?? 0) < perTenant;

  function start(tenant: string) {
    all += 1;
    running.set(tenant, (running.get(tenant) ?? 0) + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      all -= 1;
      const left = running.get(tenant)! - 1;
      if (left === 0) running.delete(tenant);
      else running.set(tenant, left);
      for (let index = 0; index < waiting.length && all < total;) {
        const waiter = waiting[index]!;
        if (free(waiter.tenant)) {
          waiting.splice(index, 1);
          waiter.start();
        } else index += 1;
      }
    };
  }

  return {
    /** Waits for a turn of `tenant`; the function it answers ends the turn. */
    take(tenant: string, maxWaitMs: number): Promise<() => void> {
      if (free(tenant)) return Promise.resolve(start(tenant));
      return new Promise((resolve, reject) => {
        const waiter = {
          tenant,
          start: () => {
            clearTimeout(timer);
            resolve(start(tenant));
          },
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(waiter), 1);
          reject(tooMany('Your organisation has too much bulk work in progress. Try again shortly.', 1));
        }, maxWaitMs);
        waiting.push(waiter);
      });
    },
    /** Turns running now (tests). */
    running: () => all,
  };
}
