import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { owners, reachOf } from '../../auth/tenancy';
import { removeTwoFactor, twoFactorRequired, twoFactorState } from '../../auth/two-factor';
import { recordAudit } from '../../audit/audit-log';
import { users } from '../../db/schema';
import { conflict, notFound } from '../../http/api-error';
import { errorResponses } from '../../../contract/errors.schemas';
import { IdParams } from '../../../contract/common.schemas';
import { BulkInvitationBody, BulkInvitationResult, InvitationSent, UserAccount } from '../../../contract/account-security.schemas';
import { allow } from '../resource/resource.routes';
import { pendingInvitation, sendInvitations } from './invitations';
import { usersResource } from './users.resource';

const userNotFound = () => notFound('User not found', 'USER_NOT_FOUND');

/**
 * What an admin sees of and does to a user's account beyond the record (the user's page): the mails' language, the
 * second factor and the invitation; "Resend invitation" for one user or many; "Reset two-factor". Every route reaches
 * the users of the caller's reach only (404 otherwise, as for the record), and writes its audit row.
 */
export const userAccountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { access } = usersResource;

  app.get(
    '/:id/account',
    {
      onRequest: allow(access.read),
      schema: {
        summary: "A user's account: the language of its mails, its second factor, its pending invitation",
        tags: ['users'],
        params: IdParams,
        response: { 200: UserAccount, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const [user] = await request.db
        .select({ id: users.id, language: users.language, admin: users.admin, scope: users.scope, tenantId: users.tenantId })
        .from(users)
        .where(and(eq(users.id, request.params.id), reachOf(request.session, owners.users)));
      if (!user) throw userNotFound();
      const state = await twoFactorState(request.db, user.id);
      const invitation = await pendingInvitation(request.db, user.id);
      return {
        language: user.language,
        // The platform's requirement is a setting of the owner's (app_settings), not a tenant's row.
        twoFactor: {
          enabled: state.enabled,
          enabledAt: state.enabledAt?.toISOString() ?? null,
          required: await twoFactorRequired(app.db, user),
        },
        invitation: invitation && {
          sentAt: invitation.sentAt.toISOString(),
          expiresAt: invitation.expiresAt.toISOString(),
          expired: invitation.expired,
        },
      };
    },
  );

  app.post(
    '/:id/invitation',
    {
      onRequest: allow(access.write),
      schema: {
        summary: 'Send the user a new invitation (the one before stops working): a link, valid 72 hours, to choose a password',
        description:
          '409 USER_ACTIVE (the user has a password), USER_DISABLED, INVITATION_RECENTLY_SENT (within a minute; Retry-After), ' +
          'MAIL_NOT_CONFIGURED.',
        tags: ['users'],
        params: IdParams,
        response: { 202: InvitationSent, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const [outcome] = await sendInvitations(request.db, request.session, app.storeServices, [request.params.id]);
      if (outcome!.outcome !== 'sent') throw outcome!.error;
      return reply.code(202).send({ expiresAt: outcome!.expiresAt.toISOString() });
    },
  );

  app.post(
    '/invitations',
    {
      onRequest: allow(access.write),
      schema: {
        summary: 'Send invitations to many users at once (a bulk action): one result per user, in order',
        description:
          'Each user on its own (a failure loses none of the others): sent, skipped (USER_ACTIVE, USER_DISABLED, ' +
          'INVITATION_RECENTLY_SENT: repeating the action sends nothing twice within a minute) or failed (USER_NOT_FOUND: ' +
          'unknown or outside your reach). 409 MAIL_NOT_CONFIGURED for the whole request.',
        tags: ['users'],
        body: BulkInvitationBody,
        response: { 200: BulkInvitationResult, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const outcomes = await sendInvitations(request.db, request.session, app.storeServices, request.body.userIds);
      return {
        results: outcomes.map((outcome) =>
          outcome.outcome === 'sent'
            ? { id: outcome.id, outcome: outcome.outcome, expiresAt: outcome.expiresAt.toISOString() }
            : { id: outcome.id, outcome: outcome.outcome, code: outcome.error.code, message: outcome.error.message },
        ),
      };
    },
  );

  app.delete(
    '/:id/two-factor',
    {
      onRequest: allow(access.write),
      schema: {
        summary: "Reset a user's second factor (a lost phone): the authenticator and recovery codes are removed, the user is told by mail",
        description:
          'The next sign-in asks for the password only, or, where two-factor sign-in is required, to set up an authenticator. ' +
          '409 TWO_FACTOR_NOT_ENABLED; 409 OWN_TWO_FACTOR for your own account (Settings → Security, with a code).',
        tags: ['users'],
        params: IdParams,
        response: { 204: Type.Null({ description: 'Reset' }), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { session } = request;
      await request.db.transaction(async (tx) => {
        const [user] = await tx
          .select({
            id: users.id,
            email: users.email,
            name: users.name,
            language: users.language,
            tenantId: users.tenantId,
            companyId: users.companyId,
          })
          .from(users)
          .where(and(eq(users.id, request.params.id), reachOf(session, owners.users)))
          .for('update');
        if (!user) throw userNotFound();
        if (user.id === session.realUserId) {
          throw conflict('Your own second factor is changed in Settings → Security, with a code', 'OWN_TWO_FACTOR');
        }
        if (!(await removeTwoFactor(tx, user.id))) throw conflict('Two-factor sign-in is not on for this user', 'TWO_FACTOR_NOT_ENABLED');
        await recordAudit(tx, session, {
          action: 'UPDATE',
          entity: 'user',
          entityId: user.id,
          owner: { tenantId: user.tenantId, companyId: user.companyId },
          details: { changed: ['twoFactor'], reset: true },
        });
        if (app.mail.enabled) {
          const resetBy = session.assumedBy?.name ?? `${session.user.name} ${session.user.surname}`;
          await app.mail.send(tx, {
            to: user.email,
            language: user.language,
            template: 'twoFactorReset',
            params: { name: user.name, resetBy },
          });
        }
      });
      return reply.code(204).send(null);
    },
  );
};
