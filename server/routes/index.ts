import fastifyAccepts from '@fastify/accepts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authenticate, bindRequestDatabase } from '../auth/authenticate';
import { activityRoutes } from './activity/activity.routes';
import { authRoutes } from './auth/auth.routes';
import { companiesResource } from './companies/companies.resource';
import { contentsResource } from './contents/contents.resource';
import { processingTimeoutSweep } from './contents/processing-timeout';
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
import { quizRoutes } from './quizzes/quiz.routes';
import { quizzesResource } from './quizzes/quizzes.resource';
// Accounts that run themselves (issue 30).
import { accountLinkRoutes } from './auth/account-links.routes';
import { twoFactorSignInRoutes } from './auth/two-factor.routes';
import { securityPolicyRoutes } from './tenants/security-policy.routes';
import { meTwoFactorRoutes } from './users/me-two-factor.routes';
import { userAccountRoutes } from './users/user-account.routes';
import { userEnrolmentRoutes } from './users/user-enrolments.routes';
// Learning delivery (issue 27).
import { groupMemberRoutes } from './groups/group-members.routes';
import { groupsResource } from './groups/groups.resource';
import { planDeliveryRoutes } from './training-plans/delivery.routes';
import { reportRoutes } from './reports/reports.routes';
import { lrsCredentialRoutes } from './xapi/lrs-credentials.routes';
import { homeAttentionRoutes } from './home/attention.routes';
import { xapiRoutes } from './xapi/xapi.routes';
import { learnerQuizRoutes } from './xapi/learner-quiz.routes';
// Saved views (issue 29).
import { savedViewRoutes } from './saved-views/saved-views.routes';

export const apiRoutes: FastifyPluginAsyncTypebox<{ videoProcessingTimeoutMs: number }> = async (app, options) => {
  app.decorateRequest('session', null as never);
  app.decorateRequest('db', null as never);
  // The LRS credential of an xAPI or learner call (`xapi/xapi.routes.ts`).
  app.decorateRequest('lrs', null);
  app.addHook('onRequest', authenticate);
  app.addHook('onRequest', bindRequestDatabase);
  await app.register(fastifyAccepts);
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
  await app.register(activityRoutes, { prefix: '/activity' });
  await app.register(videoCallbackRoutes, { prefix: '/video-callbacks' });
  // Quizzes (issue 28): the catalogue resource, its preview and its QTI 3.0 exchange.
  await app.register(resourceRoutes(quizzesResource), { prefix: quizzesResource.path });
  await app.register(quizRoutes, { prefix: quizzesResource.path });
  // Accounts that run themselves (issue 30): links by mail, two-factor sign-in, the policy requiring it.
  await app.register(accountLinkRoutes, { prefix: '/auth' });
  await app.register(twoFactorSignInRoutes, { prefix: '/auth' });
  await app.register(meTwoFactorRoutes, { prefix: '/users' });
  await app.register(userAccountRoutes, { prefix: '/users' });
  await app.register(userEnrolmentRoutes, { prefix: '/users' });
  await app.register(securityPolicyRoutes);
  // Learning delivery (issue 27): groups and their members, a plan's assignments and enrolments.
  await app.register(resourceRoutes(groupsResource), { prefix: groupsResource.path });
  await app.register(groupMemberRoutes, { prefix: groupsResource.path });
  await app.register(planDeliveryRoutes, { prefix: trainingPlansResource.path });
  await app.register(reportRoutes, { prefix: '/reports' });
  await app.register(homeAttentionRoutes, { prefix: '/home' });
  // The Learning Record Store (issue 27): its credentials and its xAPI statements (HTTP Basic, not sessions).
  await app.register(lrsCredentialRoutes, { prefix: '/lrs-credentials' });
  await app.register(xapiRoutes, { prefix: '/xapi' });
  // Quizzes taken by learners (issue 28 item 4), with the same credentials.
  await app.register(learnerQuizRoutes, { prefix: '/learner/quizzes' });
  // Saved views (issue 29): each user's own names for a list's address.
  await app.register(savedViewRoutes, { prefix: '/saved-views' });
  await app.register(processingTimeoutSweep, { timeoutMs: options.videoProcessingTimeoutMs });
};
