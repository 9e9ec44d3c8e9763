import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

export const docsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/docs',
    {
      config: { public: true },
      schema: {
        hide: true,
        response: { 200: Type.Object({ openapi: Type.String() }, { additionalProperties: true }) },
      },
    },
    async () => app.swagger() as { openapi: string },
  );
};
