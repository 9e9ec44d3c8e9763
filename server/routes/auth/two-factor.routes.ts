import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { attemptSignIn, throttleKeys } from '../../auth/login-throttle';
import {
  confirmTwoFactor,
  openSignInChallenge,
  spendSignInChallenge,
  startTwoFactorSetup,
  verifySecondFactor,
  type SecondFactor,
} from '../../auth/two-factor';
import { recordAudit } from '../../audit/audit-log';
import { users } from '../../db/schema';
import { ApiError, conflict, unauthorized } from '../../http/api-error';
import { errorResponses } from '../../../contract/errors.schemas';
import { LoginResponse } from '../../../contract/session.schemas';
import { ChallengeBody, ChallengeCodeBody, LoginWithRecoveryCodes, TwoFactorSetup } from '../../../contract/account-security.schemas';
import type { SignInStep } from '../../../contract/values';
import { loginResponse, openSession } from './session-response';

const challengeExpired = () => unauthorized('The sign-in has expired: sign in again with your password', 'SIGN_IN_EXPIRED');
const invalidCode = () => unauthorized('Invalid code', 'INVALID_CODE');
export const twoFactorAlreadyOn = () => conflict('Two-factor sign-in is already on for this account', 'TWO_FACTOR_ALREADY_ENABLED');

/**
 * The second step of a sign-in, after `POST /auth/login` answered 202 with a challenge. No session exists before it
 * ends: the challenge is good for its step only, for a few minutes, and is spent by the step's success.
 * - `TWO_FACTOR`: a code of the authenticator, or a recovery code (spent), throttled as passwords are (the account and
 *   the client address: every attempt is counted before the code is looked at, so parallel guesses cannot outrun the
 *   limit; a right password does not clear the failures of codes).
 * - `TWO_FACTOR_SETUP`: the account must use two-factor sign-in and has no authenticator yet: set one up, confirm it
 *   with a code, and the sign-in ends with the ten recovery codes.
 */
export const twoFactorSignInRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, authSettings, issueVideoToken, videoServiceUrl, secretBox } = app;

  async function challengedUser(challenge: string, step: SignInStep) {
    const open = await openSignInChallenge(db, challenge, step);
    if (!open) throw challengeExpired();
    const [user] = await db
      .select({ id: users.id, email: users.email, admin: users.admin, enabled: users.enabled })
      .from(users)
      .where(eq(users.id, open.userId));
    if (!user?.admin || !user.enabled) throw challengeExpired();
    return user;
  }

  async function signedIn(userId: string, details: Record<string, unknown>) {
    const { token, session } = await openSession(db, authSettings.sessionTtlHours, userId, null);
    await recordAudit(db, session, { action: 'LOGIN', entity: 'session', entityId: session.sessionId, details });
    return { session, response: await loginResponse(session, token, issueVideoToken, videoServiceUrl()) };
  }

  app.post(
    '/two-factor',
    {
      config: { public: true },
      schema: {
        summary: "Finish a sign-in with a code of the account's authenticator, or with one of its recovery codes (spent)",
        description:
          '401 INVALID_CODE for a wrong code (a failed sign-in of the account and the client address); 429 with Retry-After past the limit.',
        tags: ['auth'],
        security: [],
        body: ChallengeCodeBody,
        response: { 200: LoginResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const { challenge, code } = request.body;
      const user = await challengedUser(challenge, 'TWO_FACTOR');
      let factor: SecondFactor | null = null;
      const passed = await attemptSignIn(db, throttleKeys(user.email, request.ip), authSettings.loginThrottle, () =>
        db.transaction(async (tx) => {
          // Locked: parallel codes of one challenge take turns, and the first that passes spends it for the others.
          const open = await openSignInChallenge(tx, challenge, 'TWO_FACTOR', true);
          if (!open) throw challengeExpired();
          factor = await verifySecondFactor(tx, secretBox, open.userId, code);
          if (factor) await spendSignInChallenge(tx, open.id);
          return factor !== null;
        }),
      );
      if (!passed) throw invalidCode();
      return (await signedIn(user.id, { secondFactor: factor })).response;
    },
  );

  app.post(
    '/two-factor/setup',
    {
      config: { public: true },
      schema: {
        summary: 'Sign-in of an account that must use two-factor sign-in and has no authenticator: a new authenticator key and its QR code',
        description:
          'Asked again, it answers a new key (the one before is forgotten). Confirm it with POST /api/auth/two-factor/setup/confirm.',
        tags: ['auth'],
        security: [],
        body: ChallengeBody,
        response: { 200: TwoFactorSetup, ...errorResponses(400, 401, 409) },
      },
    },
    async (request) => {
      const user = await challengedUser(request.body.challenge, 'TWO_FACTOR_SETUP');
      const setup = await startTwoFactorSetup(db, secretBox, user);
      if (!setup) throw twoFactorAlreadyOn();
      return setup;
    },
  );

  app.post(
    '/two-factor/setup/confirm',
    {
      config: { public: true },
      schema: {
        summary: 'Confirm the new authenticator with a code from it: two-factor sign-in is on, and the sign-in ends',
        description: 'Answers the session and the ten recovery codes, shown this once. 400 on code when it is wrong (the setup stays).',
        tags: ['auth'],
        security: [],
        body: ChallengeCodeBody,
        response: { 200: LoginWithRecoveryCodes, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { challenge, code } = request.body;
      const user = await challengedUser(challenge, 'TWO_FACTOR_SETUP');
      const recoveryCodes = await db.transaction(async (tx) => {
        const open = await openSignInChallenge(tx, challenge, 'TWO_FACTOR_SETUP', true);
        if (!open) throw challengeExpired();
        const codes = await confirmTwoFactor(tx, secretBox, open.userId, code);
        if (!codes) return null;
        await spendSignInChallenge(tx, open.id);
        return codes;
      });
      if (!recoveryCodes) throw codeIncorrect();
      const { session, response } = await signedIn(user.id, { secondFactor: 'setup' });
      await recordAudit(db, session, {
        action: 'UPDATE',
        entity: 'user',
        entityId: user.id,
        owner: { tenantId: session.user.tenantId, companyId: session.user.companyId },
        details: { changed: ['twoFactor'], enabled: true },
      });
      return { ...response, recoveryCodes };
    },
  );
};

/** A code that is not the authenticator's current one (or not a recovery code left), on the `code` field. */
export const codeIncorrect = () =>
  new ApiError(400, 'code is incorrect', {}, [{ field: 'code', rule: 'incorrect', message: 'is incorrect' }], 'VALIDATION_FAILED');
