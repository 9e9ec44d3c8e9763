import { foreignKey, index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { timestampColumn } from './columns';
import { companies } from './companies';
import { users } from './users';

/** A company's Learning Record Store credential (issue 27, migration 0021): key and hashed secret for HTTP Basic. */
export const lrsCredentials = pgTable(
  'lrs_credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: timestampColumn('created_at').notNull().defaultNow(),
    tenantId: uuid('tenant_id').notNull(),
    companyId: uuid('company_id').notNull(),
    label: text('label').notNull(),
    key: text('key').notNull(),
    secretHash: text('secret_hash').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestampColumn('revoked_at'),
    lastUsedAt: timestampColumn('last_used_at'),
  },
  (table) => [
    unique('lrs_credentials_key_unique').on(table.key),
    index('lrs_credentials_company_id_created_at_idx').on(table.companyId, table.createdAt),
    foreignKey({
      name: 'lrs_credentials_company_fk',
      columns: [table.companyId, table.tenantId],
      foreignColumns: [companies.id, companies.tenantId],
    }).onDelete('restrict'),
  ],
);

export type LrsCredential = typeof lrsCredentials.$inferSelect;
