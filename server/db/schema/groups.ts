import { foreignKey, index, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { businessColumns, timestampColumn } from './columns';
import { companies } from './companies';
import { sortIndexes, trigramIndexes } from './list-indexes';
import { users } from './users';

/** A company's group of users (issue 27): plans assigned to it reach its members. */
export const groups = pgTable(
  'groups',
  {
    ...businessColumns(),
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
  },
  (table) => [
    index('groups_tenant_id_idx').on(table.tenantId),
    ...sortIndexes('groups', table.id, [table.companyId], [table.name, table.createdAt, table.updatedAt]),
    ...trigramIndexes('groups', [table.name, table.description]),
    foreignKey({
      name: 'groups_company_fk',
      columns: [table.companyId, table.tenantId],
      foreignColumns: [companies.id, companies.tenantId],
    }).onDelete('restrict'),
    unique('groups_company_name_unique').on(table.companyId, table.name),
  ],
);

export type Group = typeof groups.$inferSelect;

/** Who is in a group: users of the group's company. */
export const groupMembers = pgTable(
  'group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    createdAt: timestampColumn('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'group_members_pkey', columns: [table.groupId, table.userId] }),
    index('group_members_user_id_idx').on(table.userId),
    index('group_members_company_id_idx').on(table.companyId),
    foreignKey({
      name: 'group_members_company_fk',
      columns: [table.companyId, table.tenantId],
      foreignColumns: [companies.id, companies.tenantId],
    }).onDelete('restrict'),
  ],
);
