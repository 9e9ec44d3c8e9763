import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import { errorResponses } from '../../../contract/errors.schemas';
import { HealthResponse, ReadyResponse } from '../../../contract/service.schemas';
import { errorBody } from '../../http/error-handler';

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const publicRoute = { config: { public: true }, schema: { tags: ['health'], security: [] } };

  app.get(
    '/health',
    {
      ...publicRoute,
      schema: {
        ...publicRoute.schema,
        summary: 'The process is up',
        response: { 200: HealthResponse },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      ...publicRoute,
      schema: {
        ...publicRoute.schema,
        summary: 'The database is migrated and answers, and the process is neither starting nor shutting down',
        response: { 200: ReadyResponse, ...errorResponses(503) },
      },
    },
    async (request, reply) => {
      if (app.draining) return reply.code(503).send(errorBody(503, 'The server is shutting down', undefined, 'SHUTTING_DOWN'));
      if (app.starting) return reply.code(503).send(errorBody(503, 'The server is starting', undefined, 'STARTING'));
      try {
        await app.db.execute(sql`select 1`);
        return { status: 'ready' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'database is not ready');
        return reply.code(503).send(errorBody(503, 'The database is not available', undefined, 'DATABASE_UNAVAILABLE'));
      }
    },
  );
};
