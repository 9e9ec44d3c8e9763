import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../../http/error-response';
import { meResponse } from '../auth/session-response';
import { MeResponse } from '../auth/session.schemas';

export const meRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/me',
    {
      schema: {
        summary: 'The signed-in user, tenant, company and video configuration',
        tags: ['users'],
        response: { 200: MeResponse, ...errorResponses(401) },
      },
    },
    async (request) => meResponse(request.session, app.videoServiceUrl()),
  );
};
