import { pgTable, text } from 'drizzle-orm/pg-core';
import { businessColumns } from './columns';

export const tenants = pgTable('tenants', {
  ...businessColumns(),
  name: text('name').notNull(),
  domainName: text('domain_name'),
  vinapseTenant: text('vinapse_tenant'),
  description: text('description'),
  url: text('url'),
});

export type Tenant = typeof tenants.$inferSelect;
