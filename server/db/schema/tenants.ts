import { boolean, pgTable, text } from 'drizzle-orm/pg-core';
import { businessColumns } from './columns';
import { sortIndexes, trigramIndexes } from './list-indexes';

export const tenants = pgTable(
  'tenants',
  {
    ...businessColumns(),
    name: text('name').notNull(),
    domainName: text('domain_name'),
    vinapseTenant: text('vinapse_tenant'),
    description: text('description'),
    url: text('url'),
    /** Every admin of the tenant must sign in with a second factor (set by a GLOBAL admin: issue 30). */
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  },
  (table) => [
    ...sortIndexes('tenants', table.id, [null], [table.name, table.createdAt, table.updatedAt]),
    ...trigramIndexes('tenants', [table.name, table.url]),
  ],
);

export type Tenant = typeof tenants.$inferSelect;
