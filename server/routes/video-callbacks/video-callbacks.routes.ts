import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import { auditLog, companies, contents, tenants } from '../../db/schema';
import { vinapseConfigOf } from '../../auth/auth-session';
import { readActiveSession } from '../../auth/sessions';
import { notFound, unauthorized } from '../../http/api-error';
import { errorResponses } from '../../../contract/errors.schemas';
import { ProcessedBody, SessionStatusBody, SessionStatusResponse } from '../../../contract/video-callbacks.schemas';
import { authenticateVideoService, type VideoServiceCaller } from './video-service-token';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const videoCallbackRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  app.decorateRequest('videoService', null as unknown as VideoServiceCaller);

  app.post(
    '/processed',
    {
      config: { public: true },
      onRequest: authenticateVideoService,
      schema: {
        summary: 'The video service reports the end of processing of an uploaded video',
        description:
          'Authenticated by an HS256 token of the video service (audience `console-api`), not by a session. ' +
          'Sets the status of the contents whose `externalUuid` is the video, of the company (`course` claim) and tenant ' +
          "(`owner` claim) the video was uploaded for, whose video tenant is the token's.",
        tags: ['video service'],
        body: ProcessedBody,
        response: { 204: Type.Null({ description: 'Status recorded' }), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { externalUuid, status } = request.body;
      const { tenant, course, owner } = request.videoService;
      if (course === null) throw unauthorized('The video-service token names no course', 'INVALID_SERVICE_TOKEN');
      // The video's company (its course) and tenant, not its label alone: a label once shared, or reused, reaches
      // no other company's contents.
      if (!uuidPattern.test(course) || (owner !== null && !uuidPattern.test(owner))) {
        throw notFound('No content refers to this video', 'VIDEO_NOT_REFERENCED');
      }
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
        .where(
          and(
            eq(contents.externalUuid, externalUuid),
            eq(contents.companyId, course),
            owner === null ? undefined : eq(contents.tenantId, owner),
          ),
        );
      const matching = candidates.filter((content) => content.videoTenant === tenant);
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

  app.post(
    '/session-status',
    {
      config: { public: true },
      onRequest: authenticateVideoService,
      schema: {
        summary: 'The video service asks whether the console session behind a token is still open',
        description:
          'Authenticated by an HS256 token of the video service (audience `console-api`). Active while the session is ' +
          'neither ended nor expired and still has the video tenant of the token and the course asked: a token of the ' +
          'console outlives a logout (15 minutes), so the service asks before every page, upload and media request.',
        tags: ['video service'],
        body: SessionStatusBody,
        response: { 200: SessionStatusResponse, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { sessionId, course } = request.body;
      const session = uuidPattern.test(sessionId) ? await readActiveSession(db, sessionId) : null;
      if (!session) return { active: false };
      const config = vinapseConfigOf(session);
      return { active: config.enabled && config.tenantId === request.videoService.tenant && config.courseId === course };
    },
  );
};
