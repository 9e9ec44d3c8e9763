import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestampColumn } from './columns';
import { companies } from './companies';
import { tenants } from './tenants';
import { users } from './users';

/** A user's saved view of a list (issue 29, migration 0035): a name for the list's address. */
export const savedViews = pgTable(
  'saved_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: timestampColumn('created_at').notNull().defaultNow(),
    updatedAt: timestampColumn('updated_at').notNull().defaultNow(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    name: text('name').notNull(),
    query: text('query').notNull(),
  },
  (table) => [uniqueIndex('saved_views_owner_list_name_key').on(table.userId, table.tenantId, table.list, sql`lower(${table.name})`)],
);

export type SavedView = typeof savedViews.$inferSelect;
