import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { attemptSignIn, throttleKeys } from '../../auth/login-throttle';
import { invalidField } from '../../http/api-error';
import { errorResponses } from '../../../contract/errors.schemas';
import { meResponse } from '../auth/session-response';
import { MeResponse } from '../../../contract/session.schemas';
import { MeUpdateBody, PasswordChangeBody } from '../../../contract/account.schemas';
import { changeOwnPassword, updateOwnName } from './own-account';

/**
 * The signed-in user's own account, what its settings page changes: the name and the password (the language stays
 * in the browser). For an assumed session these act on the real user, the root admin.
 */
export const meRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, authSettings } = app;

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

  app.put(
    '/me',
    {
      schema: {
        summary: "Change the signed-in user's own name and surname (the root admin's for an assumed session)",
        tags: ['users'],
        body: MeUpdateBody,
        response: { 200: MeResponse, ...errorResponses(400, 401) },
      },
    },
    async (request) => meResponse(await updateOwnName(db, request.session, request.body), app.videoServiceUrl()),
  );

  app.put(
    '/me/password',
    {
      schema: {
        summary: "Change the signed-in user's own password; signs out the user's other sessions",
        description:
          'A wrong currentPassword is a failed sign-in of the account and of the client address, throttled as at sign-in ' +
          '(429 with Retry-After while either must wait). Every other session of the user is revoked, ' +
          'except this one and, for an assumed session, the GLOBAL session it was assumed from.',
        tags: ['users'],
        body: PasswordChangeBody,
        response: { 204: Type.Null({ description: 'Password changed' }), ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      // An assumed session's user is the real (root) user with a narrower scope: same id, same email.
      const keys = throttleKeys(request.session.user.email, request.ip);
      const changed = await attemptSignIn(db, keys, authSettings.loginThrottle, async () => {
        const outcome = await changeOwnPassword(db, request.session, request.body);
        return outcome.changed;
      });
      if (!changed) throw invalidField('currentPassword', 'incorrect', 'is incorrect');
      return reply.code(204).send(null);
    },
  );
};
