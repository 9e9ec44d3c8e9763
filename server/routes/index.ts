import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authenticate } from '../auth/authenticate';
import { authRoutes } from './auth/auth.routes';
import { docsRoutes } from './docs/docs.routes';
import { healthRoutes } from './health/health.routes';
import { meRoutes } from './users/me.routes';

export const apiRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.decorateRequest('session', null as never);
  app.addHook('onRequest', authenticate);
  await app.register(healthRoutes);
  await app.register(docsRoutes);
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(meRoutes, { prefix: '/users' });
};
