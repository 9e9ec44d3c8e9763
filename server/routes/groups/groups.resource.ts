import { getTableColumns, ilike, sql } from 'drizzle-orm';
import { companyOwnerOf, owners } from '../../auth/tenancy';
import { qualified } from '../../db/qualified';
import { groupMembers, groups, users } from '../../db/schema';
import { lockCompanyEnrolments } from '../../store/enrolment-lock';
import { defineResource, isoTimestamps, sortColumns } from '../../store/resource';
import { Group, groupBody } from '../../../contract/delivery.schemas';

/** Members still of the group's company (a user moved elsewhere leaves its groups: migration 0020). */
const memberCount = sql<number>`(select count(*)::int from ${groupMembers} join ${users} on ${qualified(users.id)} = ${qualified(groupMembers.userId)}
  where ${qualified(groupMembers.groupId)} = ${qualified(groups.id)} and ${qualified(users.companyId)} = ${qualified(groups.companyId)})`;

/**
 * A company's groups of users (issue 27). Deleting one removes its members and the assignments naming it (cascades),
 * and with them the enrolments nothing else gives.
 */
export const groupsResource = defineResource({
  entity: 'group',
  path: '/groups',
  access: { read: ['COMPANY'], write: ['COMPANY'], deletable: true },
  // Bulk delete (issue 29): each row by the one-row delete's rules, a refused one skipped with its reason.
  bulk: { delete: true },
  table: groups,
  owner: owners.groups,
  schemas: { title: 'Group', record: Group, body: groupBody, filters: {} },
  rows: (db) =>
    db
      .select({ ...getTableColumns(groups), memberCount })
      .from(groups)
      .$dynamic(),
  toRecord: isoTimestamps,
  sorts: sortColumns('groups', { id: groups.id, name: groups.name, createdAt: groups.createdAt, updatedAt: groups.updatedAt }),
  search: (pattern, _db, bind) => {
    const search = bind('search', pattern);
    return [ilike(groups.name, search), ilike(groups.description, search)];
  },
  uniqueFields: { groups_company_name_unique: { field: 'name', rule: 'unique', message: 'is already the name of a group' } },
  beforeDelete: ({ db, existing }) => lockCompanyEnrolments(db, existing.companyId),
  values: async ({ session, body, existing }) => ({
    ...body,
    ...(existing ? { tenantId: existing.tenantId, companyId: existing.companyId } : companyOwnerOf(session)),
  }),
});
