import { createHash } from 'node:crypto';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import stringify from 'safe-stable-stringify';
import type { AuthSession } from '../auth/auth-session';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { ApiError } from './api-error';
import { IdempotencyHeaders } from '../../contract/common.schemas';
import { errorResponses } from '../../contract/errors.schemas';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A create: an `Idempotency-Key` makes its repeats answer the first answer instead of creating again. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotencyClaim: Claim | null;
  }
}

export interface IdempotencySettings {
  /** How long a key's first answer is kept (at least a day). */
  retentionHours: number;
  /** How long an unanswered first request holds its key: after that (its instance died) a repeat runs again. */
  inFlightSeconds: number;
}

export const defaultIdempotency: IdempotencySettings = { retentionHours: 24, inFlightSeconds: 120 };

interface Claim {
  scope: string;
  key: string;
}

const stillAnswering = () =>
  new ApiError(
    409,
    'A request with this Idempotency-Key is still being answered; repeat it later',
    { 'retry-after': '1' },
    undefined,
    'IDEMPOTENCY_IN_PROGRESS',
  );

/** Keys belong to the person acting and the tenant they act in: nobody can replay another's answer. */
const scopeOf = (session: AuthSession) => `${session.realUserId}/${session.assumedTenantId ?? '-'}`;

/** A body that is not JSON (a QTI package's zip) is hashed as its bytes. */
const requestHash = (request: FastifyRequest) => {
  const hash = createHash('sha256').update(`${request.method} ${request.url}\n`);
  return (Buffer.isBuffer(request.body) ? hash.update(request.body) : hash.update(stringify(request.body ?? null) ?? 'null')).digest('hex');
};

/**
 * `Idempotency-Key` on the routes marked `config: { idempotent: true }` (every create), kept in the database so that
 * instances share it: the same key and the same request answer the stored first answer (status and body, with
 * `Idempotent-Replayed: true`); the same key with another request is a 422; a repeat while the first is still being
 * answered is a 409. Only successful answers are kept: a refused request wrote nothing, so its repeat runs again.
 */
export async function registerIdempotency(app: FastifyInstance, db: Database, settings: IdempotencySettings) {
  app.decorateRequest('idempotencyClaim', null);

  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    const schema = (route.schema ??= {});
    schema.headers = IdempotencyHeaders;
    schema.response = { ...errorResponses(409, 422), ...(schema.response as object | undefined) };
  });

  async function claim(scope: string, key: string, hash: string) {
    const claimed = await db
      .insert(idempotencyKeys)
      .values({
        scope,
        idempotencyKey: key,
        requestHash: hash,
        lockedUntil: sql`now() + ${settings.inFlightSeconds}::integer * interval '1 second'`,
        expiresAt: sql`now() + ${settings.retentionHours}::integer * interval '1 hour'`,
      })
      .onConflictDoUpdate({
        target: [idempotencyKeys.scope, idempotencyKeys.idempotencyKey],
        set: {
          requestHash: sql`excluded.request_hash`,
          statusCode: null,
          responseBody: null,
          lockedUntil: sql`excluded.locked_until`,
          createdAt: sql`now()`,
          expiresAt: sql`excluded.expires_at`,
        },
        setWhere: or(
          lte(idempotencyKeys.expiresAt, sql`now()`),
          and(isNull(idempotencyKeys.statusCode), lte(idempotencyKeys.lockedUntil, sql`now()`)),
        ),
      })
      .returning({ scope: idempotencyKeys.scope });
    return claimed.length === 1;
  }

  const held = (claim: Claim) =>
    and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.idempotencyKey, claim.key), isNull(idempotencyKeys.statusCode));

  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (!request.routeOptions.config.idempotent || typeof key !== 'string') return;
    const scope = scopeOf(request.session);
    const hash = requestHash(request);
    // A key released between the failed claim and the read is claimed again.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      if (await claim(scope, key, hash)) {
        request.idempotencyClaim = { scope, key };
        return;
      }
      const [stored] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.idempotencyKey, key)));
      if (!stored) continue;
      if (stored.requestHash !== hash) {
        throw new ApiError(
          422,
          'This Idempotency-Key was already used for another request',
          {},
          [{ field: 'idempotency-key', rule: 'reused', message: 'was already used for another request' }],
          'IDEMPOTENCY_KEY_REUSED',
        );
      }
      if (stored.statusCode === null || stored.responseBody === null) throw stillAnswering();
      return reply
        .code(stored.statusCode)
        .header('content-type', 'application/json; charset=utf-8')
        .header('idempotent-replayed', 'true')
        .send(stored.responseBody);
    }
    throw stillAnswering();
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    try {
      if (reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === 'string') {
        await db.update(idempotencyKeys).set({ statusCode: reply.statusCode, responseBody: payload }).where(held(claim));
      } else {
        await db.delete(idempotencyKeys).where(held(claim));
      }
    } catch (error) {
      request.log.error({ err: error }, 'could not record the answer of an idempotent request');
    }
    return payload;
  });

  const cleanup = setInterval(() => {
    db.delete(idempotencyKeys)
      .where(lte(idempotencyKeys.expiresAt, sql`now()`))
      .catch((error: unknown) => app.log.warn({ err: error }, 'could not delete expired idempotency keys'));
  }, 10 * 60_000);
  cleanup.unref();
  app.addHook('onClose', async () => clearInterval(cleanup));
}
