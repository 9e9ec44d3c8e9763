import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestampColumn } from './columns';

export const loginFailures = pgTable(
  'login_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    throttleKey: text('throttle_key').notNull(),
    failedAt: timestampColumn('failed_at').notNull().defaultNow(),
  },
  (table) => [
    index('login_failures_throttle_key_failed_at_idx').on(table.throttleKey, table.failedAt),
    index('login_failures_failed_at_idx').on(table.failedAt),
  ],
);
