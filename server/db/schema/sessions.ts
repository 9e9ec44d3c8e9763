import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestampColumn } from './columns';
import { tenants } from './tenants';
import { users } from './users';

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique('sessions_token_hash_key'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assumedTenantId: uuid('assumed_tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    createdAt: timestampColumn('created_at').notNull().defaultNow(),
    expiresAt: timestampColumn('expires_at').notNull(),
    revokedAt: timestampColumn('revoked_at'),
  },
  (table) => [
    index('sessions_user_id_idx').on(table.userId),
    index('sessions_assumed_tenant_id_idx').on(table.assumedTenantId),
  ],
);
