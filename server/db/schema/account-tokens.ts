import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { oneOf, timestampColumn } from './columns';
import { accountTokenPurposes } from './enums';
import { users } from './users';

/** One-time links sent by mail (invitations, password resets), stored as hashes; see `auth/account-tokens.ts`. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: accountTokenPurposes }).notNull(),
    tokenHash: text('token_hash').notNull().unique('account_tokens_token_hash_key'),
    /** The address the link was sent to (lower case): the link holds only while the user keeps it. */
    email: text('email').notNull(),
    createdAt: timestampColumn('created_at').notNull().defaultNow(),
    expiresAt: timestampColumn('expires_at').notNull(),
    usedAt: timestampColumn('used_at'),
    revokedAt: timestampColumn('revoked_at'),
  },
  (table) => [
    index('account_tokens_user_id_idx').on(table.userId),
    check('account_tokens_purpose_check', oneOf(table.purpose, accountTokenPurposes)),
  ],
);
