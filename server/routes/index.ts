import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authenticate, bindRequestDatabase } from '../auth/authenticate';
import { authRoutes } from './auth/auth.routes';
import { companiesResource } from './companies/companies.resource';
import { contentsResource } from './contents/contents.resource';
import { docsRoutes } from './docs/docs.routes';
import { healthRoutes } from './health/health.routes';
import { orderedResourceRoutes, resourceRoutes } from './resource/resource.routes';
import { tenantsResource } from './tenants/tenants.resource';
import { topicsResource } from './topics/topics.resource';
import { moduleItems, planModules } from './training-plans/plan-children';
import { trainingPlansResource } from './training-plans/training-plans.resource';
import { meRoutes } from './users/me.routes';
import { userImportRoutes } from './users/user-import.routes';
import { usersResource } from './users/users.resource';
import { videoCallbackRoutes } from './video-callbacks/video-callbacks.routes';

export const apiRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Cast: every request gets its session and its database in the onRequest hooks below, before any handler reads them;
  // null until then.
  app.decorateRequest('session', null as never);
  app.decorateRequest('db', null as never);
  app.addHook('onRequest', authenticate);
  app.addHook('onRequest', bindRequestDatabase);
  await app.register(healthRoutes);
  await app.register(docsRoutes);
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(meRoutes, { prefix: '/users' });
  await app.register(userImportRoutes, { prefix: '/users' });
  await app.register(resourceRoutes(companiesResource), { prefix: companiesResource.path });
  await app.register(resourceRoutes(tenantsResource), { prefix: tenantsResource.path });
  await app.register(resourceRoutes(usersResource), { prefix: usersResource.path });
  await app.register(resourceRoutes(topicsResource), { prefix: topicsResource.path });
  await app.register(resourceRoutes(contentsResource), { prefix: contentsResource.path });
  await app.register(resourceRoutes(trainingPlansResource), { prefix: trainingPlansResource.path });
  await app.register(orderedResourceRoutes(planModules), { prefix: '/training-plans/:planId/modules' });
  await app.register(orderedResourceRoutes(moduleItems), { prefix: '/training-plans/:planId/modules/:moduleId/items' });
  await app.register(videoCallbackRoutes, { prefix: '/video-callbacks' });
};
