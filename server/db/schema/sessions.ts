import { index, pgTable, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
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
    /** The GLOBAL session an assumed session was opened from (kept when a password change revokes the others). */
    assumedFromSessionId: uuid('assumed_from_session_id').references((): AnyPgColumn => sessions.id, { onDelete: 'set null' }),
    createdAt: timestampColumn('created_at').notNull().defaultNow(),
    expiresAt: timestampColumn('expires_at').notNull(),
    revokedAt: timestampColumn('revoked_at'),
  },
  (table) => [
    index('sessions_user_id_idx').on(table.userId),
    index('sessions_assumed_tenant_id_idx').on(table.assumedTenantId),
    index('sessions_assumed_from_session_id_idx').on(table.assumedFromSessionId),
  ],
);
