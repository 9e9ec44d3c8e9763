import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestampColumn } from './columns';

/** Sign-in throttling, one row per key (`account:<email>` or `client:<address>`); see `auth/login-throttle.ts`. */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    throttleKey: text('throttle_key').primaryKey(),
    /** Attempts counted as failures: in the client's window, or the account's consecutive ones. */
    failures: integer('failures').notNull(),
    windowStartedAt: timestampColumn('window_started_at').notNull().defaultNow(),
    lastFailedAt: timestampColumn('last_failed_at').notNull().defaultNow(),
    /** No attempt of this key is evaluated before then. */
    blockedUntil: timestampColumn('blocked_until'),
  },
  (table) => [index('login_throttle_last_failed_at_idx').on(table.lastFailedAt)],
);
