import { createHash } from 'node:crypto';
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken } from '../auth/session-token';
import type { Database } from '../db/client';
import { ApiError } from './api-error';
import { isApiPath } from './api-path';
import { databaseRateLimitStore, deleteEndedWindows } from './rate-limit-store';

/** Requests allowed per window (`windowSeconds`) on the API. */
export interface RateLimitSettings {
  windowSeconds: number;
  /** Every request carrying one session token. */
  perSession: number;
  /** The writes (POST, PUT, PATCH, DELETE: `refresh-jwt` included) carrying one session token. */
  writesPerSession: number;
  /** Every request from one client address (`TRUST_PROXY` makes it the forwarded one), signed in or not. */
  perClient: number;
  /**
   * xAPI statements written with one LRS credential (issue 27): a batch of 50 counts 50, not one request
   * (`routes/xapi/xapi.routes.ts`); no such limit when absent.
   */
  xapiStatementsPerCredential?: number;
}

/** Load balancers' probes are never limited. */
const probes = new Set(['/api/health', '/api/ready']);
const writes = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The session's bucket is named after its token without being its stored hash, so the counters reveal no session. */
const sessionBucket = (request: FastifyRequest) =>
  createHash('sha256')
    .update(`rate-limit\u0000${bearerToken(request.headers.authorization)}`)
    .digest('base64url');
const hasToken = (request: FastifyRequest) => bearerToken(request.headers.authorization) !== null;

/**
 * Per-session and per-client limits on every API request (404s included; not the probes), counted by
 * @fastify/rate-limit in the database so that instances share them. Past any limit: 429 with `Retry-After`
 * (seconds until the window that refused it ends).
 */
export async function registerRateLimits(app: FastifyInstance, db: Database, settings: RateLimitSettings) {
  await app.register(fastifyRateLimit, {
    global: false,
    store: databaseRateLimitStore(app.gate),
    timeWindow: settings.windowSeconds * 1000,
    skipOnError: true,
  });
  const limiters = [
    {
      applies: hasToken,
      check: app.createRateLimit({ max: settings.perSession, keyGenerator: (request) => `session:${sessionBucket(request)}` }),
    },
    {
      applies: (request: FastifyRequest) => hasToken(request) && writes.has(request.method),
      check: app.createRateLimit({ max: settings.writesPerSession, keyGenerator: (request) => `writes:${sessionBucket(request)}` }),
    },
    {
      applies: () => true,
      check: app.createRateLimit({ max: settings.perClient, keyGenerator: (request) => `client:${normalizeIP(request.ip)}` }),
    },
  ];

  app.addHook('onRequest', async (request) => {
    if (!isApiPath(request.url) || probes.has(request.url.split('?')[0] ?? '')) return;
    // The session is looked up in the same statement as the hits (`request-gate.ts`); `authenticate` then finds it.
    if (!request.routeOptions.config.public) void app.gate.sessionOf(request);
    const limits = await Promise.all(limiters.filter(({ applies }) => applies(request)).map(({ check }) => check(request)));
    const refusals = limits.flatMap((limit) => (!limit.isAllowed && limit.isExceeded ? [limit.ttlInSeconds] : []));
    if (refusals.length > 0) {
      const retryAfter = Math.max(1, ...refusals);
      throw new ApiError(429, 'Too many requests. Try again later.', { 'retry-after': String(retryAfter) });
    }
  });

  const cleanup = setInterval(() => {
    deleteEndedWindows(db).catch((error: unknown) => app.log.warn({ err: error }, 'could not delete ended rate-limit windows'));
  }, 60_000);
  cleanup.unref();
  app.addHook('onClose', async () => clearInterval(cleanup));
}
