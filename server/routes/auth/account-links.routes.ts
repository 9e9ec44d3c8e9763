import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq, sql } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import {
  findAccountToken,
  issueAccountToken,
  revokeAccountTokens,
  spendAccountToken,
  tokenLifetimeHours,
  type TokenHolder,
} from '../../auth/account-tokens';
import { selfActor } from '../../auth/actor';
import { claimRequestQuota, clearAccountFailures, normaliseEmail } from '../../auth/login-throttle';
import { hashPassword } from '../../auth/password';
import { checkNewPassword } from '../../auth/password-policy';
import { revokeUserSessions } from '../../auth/sessions';
import { recordAudit } from '../../audit/audit-log';
import type { Database } from '../../db/client';
import type { AccountTokenPurpose } from '../../db/schema/enums';
import { users } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import type { AccountLinks } from '../../mail/account-links';
import type { MailQueue, PasswordResetRequest } from '../../mail/mail-queue';
import { errorResponses } from '../../../contract/errors.schemas';
import { passwordRules } from '../../../contract/users.schemas';
import {
  AuthOptions,
  ForgotPasswordBody,
  LinkDetails,
  LinkTokenBody,
  PasswordSet,
  SetPasswordBody,
} from '../../../contract/account-security.schemas';
import { mailNotConfigured } from '../users/invitations';

/**
 * The pages a one-time link opens, and "Forgot password?": public routes, where the link's token is the credential.
 * - A reset request answers the same (202, same body) for any address, and does the same work: it counts the address
 *   and the client against their quotas and queues one job; the account is looked up by the queue's worker
 *   (`passwordResetWorker`), never during the request.
 * - A link is checked (`…/verify`, for the page to greet the user), then spent with the new password: once, whatever
 *   the number of parallel tries; a reset or an accepted invitation ends every session of the user.
 */
export const linkInvalid = () =>
  new ApiError(410, 'This link is no longer valid: it was used, it expired, or a newer one was sent', {}, undefined, 'LINK_INVALID');

const accepted = { message: 'If an account uses this address, a link to reset its password is on its way.' } as const;
const Accepted = Type.Object({ message: Type.String() }, { title: 'PasswordResetRequested' });

const details = (holder: TokenHolder): Static<typeof LinkDetails> => ({
  email: holder.email,
  name: holder.name,
  surname: holder.surname,
  expiresAt: holder.expiresAt.toISOString(),
});

export const accountLinkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, mail, authSettings } = app;

  app.get(
    '/options',
    {
      config: { public: true },
      schema: {
        summary: 'What the sign-in page may offer (password resets need mail) and the password length rules',
        tags: ['auth'],
        security: [],
        response: { 200: AuthOptions },
      },
    },
    async () => ({ mail: mail.enabled, password: { minLength: passwordRules.minLength, maxLength: passwordRules.maxLength } }),
  );

  app.post(
    '/password/forgot',
    {
      config: { public: true },
      schema: {
        summary: 'Ask for a password reset link by mail; the answer is the same whether the address has an account or not',
        description:
          'Limited per address and per client address (429 with Retry-After). The link (valid 1 hour) goes to the account of ' +
          'the address, if there is one and it is enabled, in its language.',
        tags: ['auth'],
        security: [],
        body: ForgotPasswordBody,
        response: { 202: Accepted, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      if (!mail.enabled) throw mailNotConfigured();
      const email = normaliseEmail(request.body.email);
      const limits = authSettings.passwordResetLimits;
      await claimRequestQuota(
        db,
        [
          { key: `reset-address:${email}`, max: limits.perAddress },
          { key: `reset-client:${request.ip}`, max: limits.perClient },
        ],
        'PASSWORD_RESET_THROTTLED',
      );
      await mail.request(db, { kind: 'passwordReset', email });
      return reply.code(202).send(accepted);
    },
  );

  const linkRoutes = (paths: { verify: string; use: string }, purpose: AccountTokenPurpose, summary: { verify: string; use: string }) => {
    app.post(
      paths.verify,
      {
        config: { public: true },
        schema: {
          summary: summary.verify,
          tags: ['auth'],
          security: [],
          body: LinkTokenBody,
          response: { 200: LinkDetails, ...errorResponses(400, 410) },
        },
      },
      async (request) => {
        const holder = await findAccountToken(db, request.body.token, purpose);
        if (!holder) throw linkInvalid();
        return details(holder);
      },
    );

    app.post(
      paths.use,
      {
        config: { public: true },
        schema: {
          summary: summary.use,
          tags: ['auth'],
          security: [],
          body: SetPasswordBody,
          response: { 200: PasswordSet, ...errorResponses(400, 410) },
        },
      },
      async (request) => {
        const { token, password } = request.body;
        const holder = await findAccountToken(db, token, purpose);
        if (!holder) throw linkInvalid();
        checkNewPassword('password', password, holder.email);
        const email = await setPasswordWithLink(db, mail, token, purpose, password);
        return { email };
      },
    );
  };

  linkRoutes({ verify: '/password/reset/verify', use: '/password/reset' }, 'PASSWORD_RESET', {
    verify: 'Check a password reset link: who it is for, until when',
    use: 'Set a new password with a reset link; signs the account out everywhere',
  });
  linkRoutes({ verify: '/invitation/verify', use: '/invitation/accept' }, 'INVITATION', {
    verify: 'Check an invitation link: who it is for, until when',
    use: 'Accept an invitation: choose the password, the account becomes ACTIVE',
  });
};

/**
 * Spends the link and sets the password in one transaction: of parallel uses of one link the first spends it, the
 * others wait on its row and find it spent (410). Every session of the user and every other link end with it.
 */
async function setPasswordWithLink(db: Database, mail: MailQueue, token: string, purpose: AccountTokenPurpose, password: string) {
  const holder = await db.transaction(async (tx) => {
    const spent = await spendAccountToken(tx, token, purpose);
    if (!spent) throw linkInvalid();
    await tx
      .update(users)
      .set({ passwordHash: await hashPassword(password), status: 'ACTIVE', version: sql`${users.version} + 1` })
      .where(eq(users.id, spent.userId));
    const revokedSessions = await revokeUserSessions(tx, spent.userId);
    await revokeAccountTokens(tx, spent.userId);
    await recordAudit(tx, selfActor(spent), {
      action: 'UPDATE',
      entity: 'user',
      entityId: spent.userId,
      owner: { tenantId: spent.tenantId, companyId: spent.companyId },
      details: {
        changed: spent.status === 'PENDING' ? ['password', 'status'] : ['password'],
        via: purpose === 'INVITATION' ? 'invitation' : 'passwordReset',
        revokedSessions,
      },
    });
    if (purpose === 'PASSWORD_RESET' && mail.enabled) {
      await mail.send(tx, { to: spent.email, language: spent.language, template: 'passwordChanged', params: { name: spent.name } });
    }
    return spent;
  });
  await clearAccountFailures(db, holder.email);
  return holder.email;
}

/**
 * The queue's work for a password reset request: the account of the address, if there is one and it is enabled, gets
 * a new link (the earlier one revoked) and its mail, in one transaction; any other address, nothing.
 */
export function passwordResetWorker(db: Database, mail: MailQueue, links: AccountLinks) {
  return async (request: PasswordResetRequest) => {
    const [user] = await db
      .select({ id: users.id, email: users.email, name: users.name, language: users.language, enabled: users.enabled })
      .from(users)
      .where(eq(sql`lower(${users.email})`, normaliseEmail(request.email)));
    if (!user?.enabled) return;
    await db.transaction(async (tx) => {
      const { token } = await issueAccountToken(tx, { userId: user.id, email: user.email, purpose: 'PASSWORD_RESET' });
      await mail.send(tx, {
        to: user.email,
        language: user.language,
        template: 'passwordReset',
        params: { name: user.name, link: links.passwordReset(token), minutes: tokenLifetimeHours.PASSWORD_RESET * 60 },
      });
    });
  };
}
