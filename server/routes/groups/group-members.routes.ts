import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import { listResponse } from '../../../contract/common.schemas';
import { GroupMember, GroupMemberParams, GroupMembersAdded, GroupMembersBody, GroupParams } from '../../../contract/delivery.schemas';
import { errorResponses } from '../../../contract/errors.schemas';
import { recordAudit } from '../../audit/audit-log';
import type { AuthSession } from '../../auth/auth-session';
import { owners, reachOf } from '../../auth/tenancy';
import type { Database } from '../../db/client';
import { groupMembers, groups, users } from '../../db/schema';
import { invalidField, notFound } from '../../http/api-error';
import { escapeLike } from '../../store/list-page';
import { allow } from '../resource/resource.routes';

const groupNotFound = () => notFound('Group not found', 'GROUP_NOT_FOUND');

/**
 * The group inside the caller's reach, else 404. `lock`: its row is locked (FOR NO KEY UPDATE) until the write commits,
 * before the triggers take the company's enrolment lock (migration 0020), so that the changes of one group's members
 * run one after the other and a delete of the group waits for them.
 */
export async function groupInReach(db: Database, session: AuthSession, id: string, lock = false) {
  const query = db
    .select({ id: groups.id, tenantId: groups.tenantId, companyId: groups.companyId, name: groups.name })
    .from(groups)
    .where(and(eq(groups.id, id), reachOf(session, owners.groups)));
  const [group] = await (lock ? query.for('no key update') : query);
  if (!group) throw groupNotFound();
  return group;
}

/**
 * The ids among `ids` that are users of `companyId` inside the caller's reach, sorted, locked FOR SHARE (so that they
 * can be neither deleted nor moved to another company before the write commits: KEY SHARE would let a change of
 * company through, and a membership added meanwhile would outlive the move); the others are left out.
 */
export async function usersOfCompany(db: Database, session: AuthSession, companyId: string, ids: readonly string[]) {
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...new Set(ids)]), eq(users.companyId, companyId), reachOf(session, owners.users)))
    .orderBy(asc(users.id))
    .for('share');
  return found.map((row) => row.id);
}

/** `usersOfCompany`, all of them: throws 400 on `field` when any of `ids` is not one. */
export async function companyUsers(db: Database, session: AuthSession, companyId: string, ids: string[], field: string) {
  const wanted = [...new Set(ids)];
  const found = await usersOfCompany(db, session, companyId, wanted);
  if (found.length !== wanted.length) throw invalidField(field, 'notFound', 'names users that are not of the company');
  return wanted;
}

/**
 * Adds users of the group's company (found by `usersOfCompany`) to the group locked by `groupInReach`; those already
 * members stay as they are. Answers who was added (sorted), audited as one change of the group's members.
 */
export async function addGroupMembers(
  tx: Database,
  session: AuthSession,
  group: Awaited<ReturnType<typeof groupInReach>>,
  userIds: readonly string[],
) {
  if (!userIds.length) return [];
  const inserted = await tx
    .insert(groupMembers)
    .values(userIds.map((userId) => ({ groupId: group.id, userId, tenantId: group.tenantId, companyId: group.companyId })))
    .onConflictDoNothing()
    .returning({ userId: groupMembers.userId });
  const added = inserted.map((row) => row.userId).sort();
  if (added.length) await membersChanged(tx, session, group, { added });
  return added;
}

/** A change of the group's members: the group is touched (its `updatedAt`) and one audit row says who came or went. */
async function membersChanged(
  tx: Database,
  session: AuthSession,
  group: Awaited<ReturnType<typeof groupInReach>>,
  change: { added: string[] } | { removed: string[] },
) {
  await tx
    .update(groups)
    .set({ updatedAt: sql`now()` })
    .where(eq(groups.id, group.id));
  await recordAudit(tx, session, {
    action: 'UPDATE',
    entity: 'group',
    entityId: group.id,
    owner: group,
    details: { changed: ['members'], ...change },
  });
}

const MembersQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
    search: Type.Optional(Type.String({ maxLength: 100, description: 'Part of a name, surname or email' })),
    withTotal: Type.Optional(Type.Boolean({ default: true })),
  },
  { additionalProperties: false, title: 'GroupMemberListQuery' },
);

/**
 * A group's members (issue 27): `GET/POST /groups/:id/members`, `DELETE /groups/:id/members/:userId`. COMPANY only,
 * like the groups. A change of the members is one audit row of the group (`members`, with who was added or removed);
 * the enrolments follow in the same transaction (migration 0020's triggers).
 */
export const groupMemberRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['groups'];

  app.get(
    '/:id/members',
    {
      onRequest: allow(['COMPANY']),
      schema: {
        summary: 'List the members of a group, sorted by surname and name, one page (searched by name, surname, email)',
        tags,
        params: GroupParams,
        querystring: MembersQuery,
        response: { 200: listResponse('GroupMember', GroupMember), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { db, session } = request;
      const group = await groupInReach(db, session, request.params.id);
      const { page = 1, pageSize = 10, search, withTotal = true } = request.query;
      const pattern = search?.trim() ? `%${escapeLike(search.trim())}%` : undefined;
      const where = and(
        eq(groupMembers.groupId, group.id),
        eq(users.companyId, group.companyId),
        pattern ? or(ilike(users.name, pattern), ilike(users.surname, pattern), ilike(users.email, pattern)) : undefined,
      );
      const rows = await db
        .select({ userId: users.id, name: users.name, surname: users.surname, email: users.email, addedAt: groupMembers.createdAt })
        .from(groupMembers)
        .innerJoin(users, eq(users.id, groupMembers.userId))
        .where(where)
        .orderBy(asc(users.surname), asc(users.name), asc(users.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const items = rows.map((row) => ({ ...row, addedAt: row.addedAt.toISOString() }));
      if (!withTotal) return { items };
      const [total] = await db
        .select({ total: count() })
        .from(groupMembers)
        .innerJoin(users, eq(users.id, groupMembers.userId))
        .where(where);
      return { items, total: total?.total ?? 0, totalIsEstimate: false };
    },
  );

  app.post(
    '/:id/members',
    {
      onRequest: allow(['COMPANY']),
      config: { idempotent: true },
      schema: {
        summary: "Add users of the group's company to the group (those already in stay as they are)",
        tags,
        params: GroupParams,
        body: GroupMembersBody,
        response: { 200: GroupMembersAdded, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { session } = request;
      return request.db.transaction(async (tx) => {
        const group = await groupInReach(tx, session, request.params.id, true);
        const wanted = await companyUsers(tx, session, group.companyId, request.body.userIds, 'userIds');
        return { groupId: group.id, added: await addGroupMembers(tx, session, group, wanted) };
      });
    },
  );

  app.delete(
    '/:id/members/:userId',
    {
      onRequest: allow(['COMPANY']),
      schema: {
        summary: 'Remove a member from the group; it loses the plans only the group gave it',
        tags,
        params: GroupMemberParams,
        response: { 204: Type.Null({ description: 'Removed' }), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { session } = request;
      await request.db.transaction(async (tx) => {
        const group = await groupInReach(tx, session, request.params.id, true);
        // The user's row before the membership's, like every write naming users (migration 0020): a delete of the user
        // locks its row first too, so the two run one after the other instead of each holding what the other wants.
        await usersOfCompany(tx, session, group.companyId, [request.params.userId]);
        const removed = await tx
          .delete(groupMembers)
          .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, request.params.userId)))
          .returning({ userId: groupMembers.userId });
        if (!removed.length) throw notFound('Member not found', 'MEMBER_NOT_FOUND');
        await membersChanged(tx, session, group, { removed: [request.params.userId] });
      });
      return reply.code(204).send(null);
    },
  );
};
