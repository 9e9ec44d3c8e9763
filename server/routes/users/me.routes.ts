import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { accountThrottleKey, attemptOwnPassword, clientThrottleKey, sessionThrottleKey } from '../../auth/login-throttle';
import { revokeSession } from '../../auth/sessions';
import { recordAudit } from '../../audit/audit-log';
import { invalidField, unauthorized } from '../../http/api-error';
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
          'A wrong currentPassword counts against this session and the client address, never the account: the wrong one ' +
          'that reaches the sign-in limit (LOGIN_MAX_FAILURES) ends this session (401 SESSION_ENDED), and the client ' +
          'address is throttled as at sign-in (429 with Retry-After). Every other session of the user is revoked, ' +
          'except this one and, for an assumed session, the GLOBAL session it was assumed from.',
        tags: ['users'],
        body: PasswordChangeBody,
        response: { 204: Type.Null({ description: 'Password changed' }), ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const { session } = request;
      // An assumed session's user is the real (root) user with a narrower scope: same id, same email.
      const keys = {
        session: sessionThrottleKey(session.sessionId),
        account: accountThrottleKey(session.user.email),
        client: clientThrottleKey(request.ip),
      };
      const outcome = await attemptOwnPassword(db, keys, authSettings.loginThrottle, async () => {
        const changed = await changeOwnPassword(db, session, request.body);
        return changed.changed;
      });
      if (outcome === 'sessionEnded') {
        // Whoever holds this session does not know its password: the session ends, the account stays open.
        await revokeSession(db, session.sessionId);
        await recordAudit(db, session, {
          action: 'LOGOUT',
          entity: 'session',
          entityId: session.sessionId,
          details: { reason: 'wrongCurrentPasswords' },
        });
        throw unauthorized('Too many wrong current passwords: this session is signed out. Sign in again.', 'SESSION_ENDED');
      }
      if (outcome === 'wrong') throw invalidField('currentPassword', 'incorrect', 'is incorrect');
      return reply.code(204).send(null);
    },
  );
};
