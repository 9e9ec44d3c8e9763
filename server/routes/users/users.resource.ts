import { and, eq, ilike, sql, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { revokeAccountTokens } from '../../auth/account-tokens';
import { hashPassword } from '../../auth/password';
import { checkNewPassword } from '../../auth/password-policy';
import { revokeUserSessions } from '../../auth/sessions';
import { owners } from '../../auth/tenancy';
import type { Database } from '../../db/client';
import { companies, groupMembers, tenants, users, type User as StoredUser } from '../../db/schema';
import { conflict, invalidField } from '../../http/api-error';
import { preparedOnce } from '../../db/prepared';
import { qualified } from '../../db/qualified';
import { defineResource, isoTimestamps, sortColumns, type DeleteContext } from '../../store/resource';
import { lockCompanyEnrolments } from '../../store/enrolment-lock';
import { withoutByteOrderMarks } from './user-names';
import { placeUser } from './user-placement';
import { addUsersToGroup, assignUsersPlan } from './user-bulk-delivery';
import { invitationRefusal, mailNotConfigured, sendInvitation } from './invitations';
import { User, userBody } from '../../../contract/users.schemas';
import { filterProperties } from '../../../contract/list-filters.schemas';

export const usersResource = defineResource({
  entity: 'user',
  path: '/users',
  access: { read: ['GLOBAL', 'TENANT', 'COMPANY'], write: ['GLOBAL', 'TENANT', 'COMPANY'], deletable: true },
  table: users,
  owner: owners.users,
  schemas: { title: 'User', record: User, body: userBody, filters: filterProperties('users') },
  rows: (db) =>
    db
      .select({
        id: users.id,
        createdAt: users.createdAt,
        updatedAt: users.updatedAt,
        version: users.version,
        name: users.name,
        surname: users.surname,
        email: users.email,
        status: users.status,
        enabled: users.enabled,
        scope: users.scope,
        admin: users.admin,
        tenantId: users.tenantId,
        companyId: users.companyId,
        tenant: { id: tenants.id, name: tenants.name },
        company: { id: companies.id, name: companies.name },
      })
      .from(users)
      .leftJoin(tenants, eq(tenants.id, users.tenantId))
      .leftJoin(companies, eq(companies.id, users.companyId))
      .$dynamic(),
  toRecord: isoTimestamps,
  sorts: sortColumns('users', {
    id: users.id,
    name: users.name,
    surname: users.surname,
    email: users.email,
    createdAt: users.createdAt,
    updatedAt: users.updatedAt,
  }),
  // A group or company out of the caller's reach matches nothing: the rows stay inside the reach (and row-level
  // security), and a group's members are read under it too.
  filter: (_session, { status, scope, enabled, companyId, groupId }, bind) =>
    and(
      status ? eq(users.status, bind('status', status)) : undefined,
      scope ? eq(users.scope, bind('scope', scope)) : undefined,
      enabled ? eq(users.enabled, bind('enabled', enabled === 'true')) : undefined,
      companyId ? eq(users.companyId, bind('companyId', companyId)) : undefined,
      groupId
        ? sql`${qualified(users.id)} in (select ${qualified(groupMembers.userId)} from ${groupMembers} where ${qualified(groupMembers.groupId)} = ${bind('groupId', groupId)})`
        : undefined,
    ),
  search: async (pattern, db, bind) => {
    const { tenantIds, companyIds } = await organisationsNamed(db, pattern);
    const search = bind('search', pattern);
    return [
      ilike(users.name, search),
      ilike(users.surname, search),
      ilike(users.email, search),
      ...(tenantIds.length ? [anyOf(users.tenantId, bind('searchTenantIds', tenantIds))] : []),
      ...(companyIds.length ? [anyOf(users.companyId, bind('searchCompanyIds', companyIds))] : []),
    ];
  },
  values: async ({
    db,
    session,
    services,
    body: { password, scope, tenantId, companyId, sendInvitation: invite, ...fields },
    existing,
  }) => {
    if (password !== undefined && existing?.id === session.realUserId) throw ownPasswordRefused();
    if (password !== undefined) checkNewPassword('password', password, fields.email);
    if (invite) {
      if (password !== undefined)
        throw invalidField('sendInvitation', 'notWithPassword', 'cannot be sent with a password: the invitation is for choosing one');
      const refusal = invitationRefusal({ status: existing?.status ?? 'PENDING', enabled: fields.enabled ?? existing?.enabled ?? true });
      if (refusal) throw refusal;
      if (!services.mail.enabled) throw mailNotConfigured();
    }
    return {
      ...fields,
      // A byte-order mark inside a name is no character of it (`user-names.ts`).
      ...(fields.name !== undefined && { name: withoutByteOrderMarks(fields.name) }),
      ...(fields.surname !== undefined && { surname: withoutByteOrderMarks(fields.surname) }),
      ...(await placeUser(db, session, { scope, tenantId, companyId }, existing)),
      ...(password !== undefined
        ? { passwordHash: await hashPassword(password), status: 'ACTIVE' as const }
        : existing
          ? {}
          : { status: 'PENDING' as const }),
    };
  },
  afterWrite: async ({ db, session, services, body, row, existing }) => {
    if (existing && changesAccess(body, row, existing)) await revokeUserSessions(db, row.id);
    // A link sent to the old address, or before the user's access changed, no longer works.
    if (existing && (changesAccess(body, row, existing) || row.email.toLowerCase() !== existing.email.toLowerCase())) {
      await revokeAccountTokens(db, row.id);
    }
    if (!body.sendInvitation) return [];
    // Audited with the write itself: one history entry naming the invitation beside the fields changed.
    await sendInvitation(db, session, services, row, false);
    return ['invitation'];
  },
  uniqueFields: { users_email_lower_key: { field: 'email', rule: 'unique', message: 'already in use' } },
  beforeDelete: async ({ db, session, existing }) => {
    if (existing.id === session.realUserId) throw conflict('You cannot delete your own user', 'OWN_USER');
    await lockCompanyEnrolments(db, existing.companyId);
  },
  auditNames: { passwordHash: 'password' },
  bulk: {
    delete: true,
    updates: { enable: (context) => setEnabled(context, true), disable: (context) => setEnabled(context, false) },
    sets: { addToGroup: addUsersToGroup, assignPlan: assignUsersPlan },
  },
});

/**
 * A bulk enable or disable of one user (issue 29), with the one-row update's consequences: the user's sessions and
 * account links end. A user does not disable itself (the selection of every row includes the caller).
 */
async function setEnabled({ db, session, existing }: DeleteContext<typeof users>, enabled: boolean): Promise<string[]> {
  if (existing.enabled === enabled) return [];
  if (!enabled && existing.id === session.realUserId) throw conflict('You cannot disable your own user', 'OWN_USER');
  await db
    .update(users)
    .set({ enabled, version: sql`${users.version} + 1` })
    .where(eq(users.id, existing.id));
  await revokeUserSessions(db, existing.id);
  await revokeAccountTokens(db, existing.id);
  return ['enabled'];
}

/**
 * A user's own password is changed only by `PUT /users/me/password`, which asks for the current one, is throttled like
 * sign-in and ends the user's other sessions: through the generic route a stolen session would become a stolen account.
 */
const ownPasswordRefused = () =>
  invalidField('password', 'notHere', 'cannot be changed here: change your own password with PUT /api/users/me/password (Settings)');

/** What says who a user is and what they may do: any change of it ends every session the user has. */
const accessColumns = ['enabled', 'admin', 'scope', 'tenantId', 'companyId'] as const;

function changesAccess(body: { password?: string }, row: StoredUser, existing: StoredUser) {
  return body.password !== undefined || accessColumns.some((column) => row[column] !== existing[column]);
}

/**
 * Tenants and companies matching a search are looked up first (trigram indexes, small tables) and their ids
 * passed as one array. Inside the OR of a search, `fk in (select …)` cannot use an index, and the planner
 * estimates `fk = any(array(select …))` blindly (about half the rows when there are few tenants), which turns
 * the count into a Seq Scan; a known array is estimated from the statistics of the column.
 */
async function organisationsNamed(db: Database, pattern: string): Promise<{ tenantIds: string[]; companyIds: string[] }> {
  const prepared = statements(db, 'organisations', () => {
    const named = sql.placeholder('pattern');
    const ids = (table: typeof tenants | typeof companies) =>
      sql<string[]>`(select coalesce(array_agg(${table.id}), '{}') from ${table} where ${ilike(table.name, named)})`;
    // One statement, unnamed (planned with the pattern), the two small trigram-indexed lookups as subqueries.
    return db
      .select({ tenantIds: ids(tenants), companyIds: ids(companies) })
      .from(sql`(select 1) as one`)
      .prepare('');
  });
  const [row] = await prepared.execute({ pattern });
  return { tenantIds: arrayOf(row?.tenantIds), companyIds: arrayOf(row?.companyIds) };
}

/** A uuid[] as the driver gives it: an array, or its text form from a driver that does not parse it. */
const arrayOf = (value: string[] | string | undefined): string[] =>
  Array.isArray(value) ? value : typeof value === 'string' && value.length > 2 ? value.slice(1, -1).split(',') : [];

const statements = preparedOnce();

const anyOf = (column: AnyPgColumn, ids: SQLWrapper) => sql`${column} = any(${ids}::uuid[])`;
