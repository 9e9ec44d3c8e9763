import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businessColumns, oneOf } from './columns';
import { companies } from './companies';
import { scopes, userStatuses } from '../../../contract/values';
import { languages } from './enums';
import { sortIndexes, trigramIndexes } from './list-indexes';
import { tenants } from './tenants';

export const users = pgTable(
  'users',
  {
    ...businessColumns(),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'restrict' }),
    companyId: uuid('company_id'),
    name: text('name').notNull(),
    surname: text('surname').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    status: text('status', { enum: userStatuses }).notNull().default('PENDING'),
    enabled: boolean('enabled').notNull().default(true),
    scope: text('scope', { enum: scopes }).notNull().default('GLOBAL'),
    admin: boolean('admin').notNull().default(false),
    language: text('language', { enum: languages }).notNull().default('en'),
  },
  (table) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
    ...sortIndexes(
      'users',
      table.id,
      [null, table.tenantId, table.companyId],
      [table.name, table.surname, table.email, table.createdAt, table.updatedAt],
    ),
    ...trigramIndexes('users', [table.name, table.surname, table.email]),
    foreignKey({
      name: 'users_company_fk',
      columns: [table.companyId, table.tenantId],
      foreignColumns: [companies.id, companies.tenantId],
    }).onDelete('restrict'),
    check('users_status_check', oneOf(table.status, userStatuses)),
    check('users_scope_check', oneOf(table.scope, scopes)),
    check('users_language_check', oneOf(table.language, languages)),
    check(
      'users_scope_membership_check',
      sql`(${table.scope} = 'GLOBAL' and ${table.tenantId} is null and ${table.companyId} is null)
       or (${table.scope} = 'TENANT' and ${table.tenantId} is not null and ${table.companyId} is null)
       or (${table.scope} = 'COMPANY' and ${table.tenantId} is not null and ${table.companyId} is not null)`,
    ),
  ],
);

export type User = typeof users.$inferSelect;
