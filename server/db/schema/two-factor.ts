import { bigint, check, index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { oneOf, timestampColumn } from './columns';
import { signInSteps } from './enums';
import { users } from './users';

/** A user's TOTP authenticator; see `auth/two-factor.ts`. */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The base32 secret, sealed (`auth/secret-box.ts`). */
  secret: text('secret').notNull(),
  /** Null while being set up: the authenticator counts once a code from it was typed. */
  confirmedAt: timestampColumn('confirmed_at'),
  /** The last TOTP time step accepted: a code is accepted once. */
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
  createdAt: timestampColumn('created_at').notNull().defaultNow(),
});

/** Ten one-time recovery codes per user with an authenticator, as SHA-256 hashes. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: timestampColumn('created_at').notNull().defaultNow(),
    usedAt: timestampColumn('used_at'),
  },
  (table) => [unique('user_recovery_codes_user_id_code_hash_key').on(table.userId, table.codeHash)],
);

/** The second step of a sign-in (a code, or the authenticator's setup), as the hash of a short-lived token. */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique('sign_in_challenges_token_hash_key'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    step: text('step', { enum: signInSteps }).notNull(),
    createdAt: timestampColumn('created_at').notNull().defaultNow(),
    expiresAt: timestampColumn('expires_at').notNull(),
    usedAt: timestampColumn('used_at'),
  },
  (table) => [
    index('sign_in_challenges_user_id_idx').on(table.userId),
    index('sign_in_challenges_expires_at_idx').on(table.expiresAt),
    check('sign_in_challenges_step_check', oneOf(table.step, signInSteps)),
  ],
);
