import { sql } from 'drizzle-orm';
import { check, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { businessColumns } from './columns';
import { sortIndexes, trigramIndexes } from './list-indexes';
import { tenants } from './tenants';

export const companies = pgTable(
  'companies',
  {
    ...businessColumns(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    domain: text('domain'),
    vinapseTenant: text('vinapse_tenant'),
    taxId: text('tax_id').notNull(),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    postalCode: text('postal_code'),
    city: text('city'),
    region: text('region'),
    countryCode: text('country_code').notNull(),
    phone: text('phone'),
    email: text('email'),
  },
  (table) => [
    ...sortIndexes('companies', table.id, [null, table.tenantId], [table.name, table.createdAt, table.updatedAt]),
    ...trigramIndexes('companies', [table.name, table.addressLine1]),
    unique('companies_id_tenant_id_key').on(table.id, table.tenantId),
    check('companies_country_code_check', sql`${table.countryCode} ~ '^[A-Z]{2}$'`),
  ],
);

export type Company = typeof companies.$inferSelect;
