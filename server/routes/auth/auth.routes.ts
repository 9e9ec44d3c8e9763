import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import { videoTenantOf } from '../../auth/auth-session';
import { videoTenantRule } from '../../../contract/video-tenant';
import { attemptSignIn, normaliseEmail, throttleKeys } from '../../auth/login-throttle';
import { verifyPassword } from '../../auth/password';
import { findActiveSession, revokeSession } from '../../auth/sessions';
import { recordAudit } from '../../audit/audit-log';
import { tenants, users } from '../../db/schema';
import { notFound, unauthorized } from '../../http/api-error';
import { errorResponses } from '../../../contract/errors.schemas';
import { errorBody } from '../../http/error-handler';
import { allow } from '../resource/resource.routes';
import { AssumeBody, LoginBody, LogoutBody, RefreshJwtConflict, RefreshJwtResponse } from '../../../contract/auth.schemas';
import { loginResponse, openSession, videoTokenFor } from './session-response';
import { LoginResponse } from '../../../contract/session.schemas';
import { SignInChallenge } from '../../../contract/account-security.schemas';
import { issueSignInChallenge, twoFactorRequired } from '../../auth/two-factor';
import { userTwoFactor } from '../../db/schema';
import { qualified } from '../../db/qualified';

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, authSettings, issueVideoToken, videoServiceUrl } = app;

  const startSession = (userId: string, assumedTenantId: string | null, assumedFromSessionId: string | null = null) =>
    openSession(db, authSettings.sessionTtlHours, userId, assumedTenantId, assumedFromSessionId);

  app.post(
    '/login',
    {
      config: { public: true },
      schema: {
        summary: 'Sign in with email and password',
        description:
          '200: signed in. 202: the password is right but a second step is needed before a session exists: a code of the ' +
          "account's authenticator (step TWO_FACTOR: POST /api/auth/two-factor), or setting one up because the account's " +
          'tenant or the platform requires it (step TWO_FACTOR_SETUP: POST /api/auth/two-factor/setup, then …/setup/confirm).',
        tags: ['auth'],
        security: [],
        body: LoginBody,
        response: { 200: LoginResponse, 202: SignInChallenge, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const email = normaliseEmail(request.body.email);
      const [user] = await db
        .select({
          id: users.id,
          passwordHash: users.passwordHash,
          admin: users.admin,
          enabled: users.enabled,
          scope: users.scope,
          tenantId: users.tenantId,
          twoFactor: sql<boolean>`exists (select from ${userTwoFactor} where ${qualified(userTwoFactor.userId)} = ${qualified(users.id)} and ${qualified(userTwoFactor.confirmedAt)} is not null)`,
        })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email));
      // The attempt is counted before the password is checked, so parallel guesses cannot outrun the limit. With a
      // second factor to come, a right password does not clear the account's failures: its codes' failures stay.
      const signedIn = await attemptSignIn(
        db,
        throttleKeys(email, request.ip),
        authSettings.loginThrottle,
        async () => {
          const passwordMatches = await verifyPassword(user?.passwordHash ?? null, request.body.password);
          return passwordMatches && user !== undefined && user.admin && user.enabled;
        },
        { keepAccountFailures: user?.twoFactor === true },
      );
      if (!signedIn || !user) throw unauthorized('Invalid email or password', 'INVALID_CREDENTIALS');

      const step = user.twoFactor ? 'TWO_FACTOR' : (await twoFactorRequired(db, user)) ? 'TWO_FACTOR_SETUP' : null;
      if (step) {
        const { challenge, expiresAt } = await issueSignInChallenge(db, user.id, step);
        return reply.code(202).send({ step, challenge, expiresAt: expiresAt.toISOString() });
      }

      const { token, session } = await startSession(user.id, null);
      await recordAudit(db, session, { action: 'LOGIN', entity: 'session', entityId: session.sessionId });
      return loginResponse(session, token, issueVideoToken, videoServiceUrl());
    },
  );

  app.post(
    '/assume',
    {
      // Who may assume is decided before the body is read: any other scope is 403, whatever it sent.
      onRequest: allow(['GLOBAL']),
      schema: {
        summary: 'Open a session scoped to a tenant (GLOBAL admins only)',
        tags: ['auth'],
        body: AssumeBody,
        response: { 200: LoginResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, request.body.tenantId));
      if (!tenant) throw notFound('Tenant not found', 'TENANT_NOT_FOUND');

      const { token, session } = await startSession(request.session.realUserId, tenant.id, request.session.sessionId);
      await recordAudit(db, session, {
        action: 'ASSUME',
        entity: 'tenant',
        entityId: tenant.id,
        details: { sessionId: session.sessionId, fromSessionId: request.session.sessionId },
      });
      return loginResponse(session, token, issueVideoToken, videoServiceUrl());
    },
  );

  app.post(
    '/logout',
    {
      config: { public: true },
      schema: {
        summary: 'Revoke a session token',
        tags: ['auth'],
        security: [],
        body: LogoutBody,
        response: { 204: Type.Null({ description: 'Signed out' }), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const session = await findActiveSession(db, request.body.token);
      if (session) {
        await revokeSession(db, session.sessionId);
        await recordAudit(db, session, { action: 'LOGOUT', entity: 'session', entityId: session.sessionId });
      }
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/refresh-jwt',
    {
      schema: {
        summary: 'Issue a short-lived token for the video service',
        tags: ['auth'],
        response: { 200: RefreshJwtResponse, 409: RefreshJwtConflict, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const vinapse = await videoTokenFor(request.session, issueVideoToken);
      if (!vinapse) {
        const invalid = videoTenantOf(request.session).invalid;
        const message = invalid
          ? `The video tenant configured for this account is not valid (it must be ${videoTenantRule}): an administrator must correct it on the company or tenant`
          : 'No video service is configured for this account';
        const code = invalid ? 'VIDEO_TENANT_INVALID' : 'VIDEO_NOT_CONFIGURED';
        return reply.code(409).send({ ...errorBody(409, message, undefined, code), success: false });
      }
      return { success: true as const, jwtTokens: { vinapse } };
    },
  );
};
