import { performance } from 'node:perf_hooks';
import fastifyUnderPressure from '@fastify/under-pressure';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { ApiError } from './api-error';
import { isApiPath } from './api-path';

/** When the API answers 503 rather than take more work (0 turns a measure off). */
export interface LoadSheddingSettings {
  /** The event loop's mean delay over a sample, in milliseconds. */
  maxEventLoopDelayMs: number;
  /**
   * The share of a sample the event loop was busy (0–1): past it the loop is saturated, and every request it takes on
   * delays the ones in flight and the probes.
   */
  maxEventLoopUtilization: number;
  /** How long a trivial query may wait for a database connection and its answer, in milliseconds. */
  maxDatabaseWaitMs: number;
  /** The `Retry-After` of the 503, in seconds. */
  retryAfterSeconds: number;
  /** How often both are measured, in milliseconds. */
  sampleIntervalMs: number;
}

export const defaultLoadShedding: LoadSheddingSettings = {
  maxEventLoopDelayMs: 1_000,
  maxEventLoopUtilization: 0.95,
  maxDatabaseWaitMs: 2_000,
  retryAfterSeconds: 5,
  sampleIntervalMs: 500,
};

/**
 * Never shed: load balancers' probes answer from their own checks (the process lives, and readiness says what it
 * says); signing out revokes one session, and a user leaving a shared computer must not be told to come back later
 * while the token stays valid.
 */
const neverShed = new Set(['/api/health', '/api/ready', '/api/auth/logout']);

/**
 * Sheds load with @fastify/under-pressure: while the event loop lags past its threshold or is busy nearly all the
 * time (a flood: then every request it takes on slows the others and the probes), or a `select 1` waits past its own
 * for the database (all connections busy, the embedded database's queue long, or the server down), every API request
 * but the probes and sign-out is answered 503 with `Retry-After` at once, before the rate limits or a route touch the
 * database. The console's files are still served: they are cheap and tell the user what happens.
 */
export async function registerLoadShedding(app: FastifyInstance, db: Database, settings: LoadSheddingSettings) {
  const databaseWait = databaseWaitCheck(db, settings.maxDatabaseWaitMs);
  const retryAfter = String(settings.retryAfterSeconds);
  // The first samples measure the start (schemas compiled, routes built), not the load: nothing is shed before two
  // whole samples have been taken while listening.
  let measuredFrom = Infinity;
  app.addHook('onListen', async () => {
    measuredFrom = performance.now() + 2 * settings.sampleIntervalMs;
  });
  await app.register(fastifyUnderPressure, {
    maxEventLoopDelay: settings.maxEventLoopDelayMs,
    maxEventLoopUtilization: settings.maxEventLoopUtilization,
    sampleInterval: settings.sampleIntervalMs,
    ...(databaseWait && { healthCheck: databaseWait, healthCheckInterval: settings.sampleIntervalMs }),
    pressureHandler: async (request, _reply, type, value) => {
      if (performance.now() < measuredFrom) return;
      if (!isApiPath(request.url) || neverShed.has(request.url.split('?')[0] ?? '')) return;
      request.log.debug({ pressure: type, value }, 'shedding load');
      throw new ApiError(503, 'The server is overloaded. Try again later.', { 'retry-after': retryAfter });
    },
  });
}

/**
 * Whether a trivial query gets through in time. One probe at a time: while the last one still waits, the answer is
 * no, and no second probe joins the queue.
 */
function databaseWaitCheck(db: Database, maxWaitMs: number) {
  if (maxWaitMs === 0) return undefined;
  let pending: Promise<unknown> | undefined;
  return async () => {
    if (pending) return false;
    const probe = db.execute(sql`select 1`).finally(() => {
      if (pending === probe) pending = undefined;
    });
    pending = probe;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), maxWaitMs);
    });
    try {
      return await Promise.race([probe.then(() => true), late]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  };
}
