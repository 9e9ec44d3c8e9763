import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import { auditLog, companies, contents, tenants } from '../../db/schema';
import { notFound } from '../../http/api-error';
import { errorResponses } from '../../../contract/errors.schemas';
import { ProcessedBody } from '../../../contract/video-callbacks.schemas';
import { authenticateVideoService } from './video-service-token';

export const videoCallbackRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  app.decorateRequest('videoServiceTenant', '');

  app.post(
    '/processed',
    {
      config: { public: true },
      onRequest: authenticateVideoService,
      schema: {
        summary: 'The video service reports the end of processing of an uploaded video',
        description:
          'Authenticated by an HS256 token of the video service (audience `console-api`), not by a session. ' +
          'Sets the status of the contents whose `externalUuid` is the video, in the video tenant of the token.',
        tags: ['video service'],
        body: ProcessedBody,
        response: { 204: Type.Null({ description: 'Status recorded' }), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { externalUuid, status } = request.body;
      const candidates = await db
        .select({
          id: contents.id,
          tenantId: contents.tenantId,
          companyId: contents.companyId,
          status: contents.status,
          videoTenant: sql<string | null>`coalesce(nullif(${companies.vinapseTenant}, ''), ${tenants.vinapseTenant})`,
        })
        .from(contents)
        .innerJoin(companies, eq(companies.id, contents.companyId))
        .innerJoin(tenants, eq(tenants.id, contents.tenantId))
        .where(eq(contents.externalUuid, externalUuid));
      const matching = candidates.filter((content) => content.videoTenant === request.videoServiceTenant);
      if (matching.length === 0) throw notFound('No content refers to this video', 'VIDEO_NOT_REFERENCED');

      await db.transaction(async (tx) => {
        for (const content of matching.filter((candidate) => candidate.status !== status)) {
          await tx
            .update(contents)
            .set({ status, version: sql`${contents.version} + 1` })
            .where(eq(contents.id, content.id));
          await tx.insert(auditLog).values({
            actorUserId: null,
            action: 'UPDATE',
            entity: 'content',
            entityId: content.id,
            tenantId: content.tenantId,
            companyId: content.companyId,
            details: { actor: 'video-service', fields: ['status'], status, externalUuid },
          });
        }
      });
      return reply.code(204).send(null);
    },
  );
};
