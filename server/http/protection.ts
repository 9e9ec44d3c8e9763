import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { ApiError } from './api-error';
import { defaultBulkWork, registerBulkWork, type BulkWorkSettings } from './bulk-work';
import { isApiPath } from './api-path';
import { defaultIdempotency, registerIdempotency, type IdempotencySettings } from './idempotency';
import { registerLoadShedding, type LoadSheddingSettings } from './load-shedding';
import { registerRateLimits, type RateLimitSettings } from './rate-limits';
import { registerSecurityHeaders, type HstsMode } from './security-headers';

export interface ProtectionOptions {
  db: Database;
  /** The video service's URL template (`{tenant}` placeholder): the only frames the console may show. */
  videoServiceUrl: () => string | undefined;
  hsts?: HstsMode;
  /** The API's rate limits; none when absent (`server/main.ts` always gives them). */
  rateLimits?: RateLimitSettings;
  /** Bulk work's row budgets and turns per tenant; turns with their defaults when absent. */
  bulkWork?: BulkWorkSettings;
  idempotency?: IdempotencySettings;
  /** When the API answers 503 under load (see `load-shedding.ts`); never when absent (`server/main.ts` always gives it). */
  loadShedding?: LoadSheddingSettings;
  /**
   * The process listens before its database is migrated and seeded (`server/main.ts`): until `finishStarting()`,
   * readiness and every API request but health answer 503. False when absent (tests build apps that are ready).
   */
  starting?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** True until the database is migrated and seeded: readiness and the API answer 503 (`STARTING`), health 200. */
    starting: boolean;
    finishStarting(): void;
    /** True from the moment the process is asked to stop: readiness answers 503 and answers close their connection. */
    draining: boolean;
    startDraining(): void;
  }
}

/** Load balancers' probes answer from their own checks. */
const probes = new Set(['/api/health', '/api/ready']);
const startingRetryAfterSeconds = 5;

/**
 * What every answer of the server goes through before any route: security headers, the start, load shedding, rate
 * limits, idempotent creates, draining at shutdown. Registered on the root instance, before the routes, so it covers them all, the 404s and the
 * errors.
 */
export async function registerProtection(app: FastifyInstance, options: ProtectionOptions) {
  await registerSecurityHeaders(app, { videoServiceUrl: options.videoServiceUrl, hsts: options.hsts ?? 'auto' });
  // While starting, before anything that reads the database (its tables may not exist yet): 503, try again shortly.
  app.decorate('starting', options.starting ?? false);
  app.decorate('finishStarting', () => {
    app.starting = false;
  });
  app.addHook('onRequest', async (request) => {
    if (!app.starting || !isApiPath(request.url) || probes.has(request.url.split('?')[0] ?? '')) return;
    throw new ApiError(
      503,
      'The server is starting. Try again shortly.',
      { 'retry-after': String(startingRetryAfterSeconds) },
      undefined,
      'STARTING',
    );
  });
  // Before the rate limits: a shed request costs the database nothing.
  if (options.loadShedding) await registerLoadShedding(app, options.db, options.loadShedding);
  if (options.rateLimits) await registerRateLimits(app, options.db, options.rateLimits);
  const statements = options.rateLimits?.xapiStatementsPerCredential;
  app.decorate('xapiStatementLimit', statements ? { max: statements, windowMs: options.rateLimits!.windowSeconds * 1000 } : null);
  await registerIdempotency(app, options.db, options.idempotency ?? defaultIdempotency);
  await registerBulkWork(app, options.db, options.bulkWork ?? defaultBulkWork);

  app.decorate('draining', false);
  app.decorate('startDraining', () => {
    app.draining = true;
  });
  // Answers sent while draining (those in flight at the signal too) close their connection: no socket is left idle.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (app.draining) reply.header('connection', 'close');
    return payload;
  });
}
