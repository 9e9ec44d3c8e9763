import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq, isNull } from 'drizzle-orm';
import { Type } from 'typebox';
import type { AuthSession } from '../../auth/auth-session';
import { attemptSignIn, throttleKeys } from '../../auth/login-throttle';
import {
  confirmTwoFactor,
  removeTwoFactor,
  replaceRecoveryCodes,
  startTwoFactorSetup,
  twoFactorRequired,
  twoFactorState,
  verifySecondFactor,
} from '../../auth/two-factor';
import { recordAudit } from '../../audit/audit-log';
import type { Database } from '../../db/client';
import { users, userTwoFactor } from '../../db/schema';
import { conflict, unauthorized } from '../../http/api-error';
import { errorResponses } from '../../../contract/errors.schemas';
import { CodeBody, RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '../../../contract/account-security.schemas';
import { codeIncorrect, twoFactorAlreadyOn } from '../auth/two-factor.routes';

/**
 * Settings → Security: the signed-in user's own authenticator (the real user's, the root admin's, for an assumed
 * session). Turning it on takes a code from it; turning it off, or new recovery codes, take a code too, counted as
 * sign-in attempts of the account and the client address (a stolen session cannot guess its way through).
 */
export const meTwoFactorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, authSettings, secretBox } = app;

  async function ownAccount(session: AuthSession) {
    const [user] = await db
      .select({
        id: users.id,
        email: users.email,
        admin: users.admin,
        scope: users.scope,
        tenantId: users.tenantId,
        companyId: users.companyId,
      })
      .from(users)
      .where(eq(users.id, session.realUserId));
    if (!user) throw unauthorized();
    return user;
  }

  const audit = (tx: Database, session: AuthSession, user: Awaited<ReturnType<typeof ownAccount>>, details: Record<string, unknown>) =>
    recordAudit(tx, session, {
      action: 'UPDATE',
      entity: 'user',
      entityId: user.id,
      owner: { tenantId: user.tenantId, companyId: user.companyId },
      details,
    });

  /** A code of the user's authenticator (or a recovery code, spent), counted as a sign-in attempt; 400 when wrong. */
  async function requireCode(session: AuthSession, ip: string, code: string, user: Awaited<ReturnType<typeof ownAccount>>) {
    const passed = await attemptSignIn(
      db,
      throttleKeys(user.email, ip),
      authSettings.loginThrottle,
      async () => (await verifySecondFactor(db, secretBox, user.id, code)) !== null,
    );
    if (!passed) throw codeIncorrect();
  }

  async function requireEnabled(userId: string) {
    if (!(await twoFactorState(db, userId)).enabled)
      throw conflict('Two-factor sign-in is not on for this account', 'TWO_FACTOR_NOT_ENABLED');
  }

  app.get(
    '/me/two-factor',
    {
      schema: {
        summary: "The signed-in user's two-factor sign-in: on or not, required or not, recovery codes left",
        tags: ['users'],
        response: { 200: TwoFactorStatus, ...errorResponses(401) },
      },
    },
    async (request) => {
      const user = await ownAccount(request.session);
      const state = await twoFactorState(db, user.id);
      return { ...state, enabledAt: state.enabledAt?.toISOString() ?? null, required: await twoFactorRequired(db, user) };
    },
  );

  app.post(
    '/me/two-factor/setup',
    {
      schema: {
        summary: 'Start turning on two-factor sign-in: a new authenticator key, its otpauth URI and QR code',
        description: 'Asked again before it is confirmed, it answers a new key. 409 when two-factor sign-in is already on.',
        tags: ['users'],
        response: { 200: TwoFactorSetup, ...errorResponses(401, 409) },
      },
    },
    async (request) => {
      const setup = await startTwoFactorSetup(db, secretBox, await ownAccount(request.session));
      if (!setup) throw twoFactorAlreadyOn();
      return setup;
    },
  );

  app.post(
    '/me/two-factor/confirm',
    {
      schema: {
        summary: 'Turn on two-factor sign-in with a code of the new authenticator; answers the ten recovery codes, shown once',
        tags: ['users'],
        body: CodeBody,
        response: { 200: RecoveryCodes, ...errorResponses(400, 401, 409) },
      },
    },
    async (request) => {
      const user = await ownAccount(request.session);
      const [pending] = await db
        .select({ userId: userTwoFactor.userId })
        .from(userTwoFactor)
        .where(and(eq(userTwoFactor.userId, user.id), isNull(userTwoFactor.confirmedAt)));
      if (!pending) throw conflict('Start the setup first (POST /api/users/me/two-factor/setup)', 'TWO_FACTOR_SETUP_NOT_STARTED');
      const recoveryCodes = await db.transaction(async (tx) => {
        const codes = await confirmTwoFactor(tx, secretBox, user.id, request.body.code);
        if (codes) await audit(tx, request.session, user, { changed: ['twoFactor'], enabled: true });
        return codes;
      });
      if (!recoveryCodes) throw codeIncorrect();
      return { recoveryCodes };
    },
  );

  app.post(
    '/me/two-factor/disable',
    {
      schema: {
        summary: 'Turn off two-factor sign-in, with a code of the authenticator or a recovery code',
        description:
          "409 TWO_FACTOR_REQUIRED when the account's tenant (or the platform) requires it. A wrong code is a failed sign-in (429 past the limit).",
        tags: ['users'],
        body: CodeBody,
        response: { 204: Type.Null({ description: 'Turned off' }), ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      const user = await ownAccount(request.session);
      await requireEnabled(user.id);
      if (await twoFactorRequired(db, user)) {
        throw conflict('Two-factor sign-in is required for this account: it cannot be turned off', 'TWO_FACTOR_REQUIRED');
      }
      await requireCode(request.session, request.ip, request.body.code, user);
      await db.transaction(async (tx) => {
        await removeTwoFactor(tx, user.id);
        await audit(tx, request.session, user, { changed: ['twoFactor'], enabled: false });
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/me/two-factor/recovery-codes',
    {
      schema: {
        summary: 'Ten new recovery codes in place of the old ones, with a code of the authenticator or a recovery code',
        tags: ['users'],
        body: CodeBody,
        response: { 200: RecoveryCodes, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => {
      const user = await ownAccount(request.session);
      await requireEnabled(user.id);
      await requireCode(request.session, request.ip, request.body.code, user);
      const recoveryCodes = await db.transaction(async (tx) => {
        const codes = await replaceRecoveryCodes(tx, user.id);
        await audit(tx, request.session, user, { changed: ['recoveryCodes'] });
        return codes;
      });
      return { recoveryCodes };
    },
  );
};
