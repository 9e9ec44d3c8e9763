import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { OpenApiDocument } from '../../../contract/service.schemas';

export const docsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/docs',
    {
      config: { public: true },
      schema: {
        hide: true,
        response: { 200: OpenApiDocument },
      },
    },
    async () => app.swagger() as { openapi: string },
  );
};
